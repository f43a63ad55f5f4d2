import Foundation
import SigbenchCore

/// The InkML writer: explicit, self-describing output that the common readers (CROHME,
/// MathWriting and Office dialects) all accept.
///
/// Always writes an explicit `<traceFormat>` inside one `<context>` in `<definitions>`:
/// X and Y as decimal mm, T as decimal ms relative to a `<timestamp time="0">` (the drawing's
/// start), F as decimal with `min="0" max="1"`, OE (elevation, = 90° − tilt) and OA (azimuth)
/// in degrees; T, F, OE and OA only when some sample has them, `?` where one sample lacks a
/// value. Identifiers use `xml:id`, references `#id`. Ink strokes are `<trace>`s, hover strokes
/// `<trace type="penUp">`; stroke attributes become `<brush>` properties (a key `k.units`
/// becomes the `units` of property `k`). Metadata goes into `<annotation>`s (`source`,
/// `device`, `licence`, `attribution`, `note`, `nominalScale`) and the sample rate into
/// `<inkSource><sampleRate>`. Strokes without samples are not written.
///
/// Values are quantised to integers of a declared quantum first (`positionQuantumMillimetres`,
/// `timeQuantumMilliseconds`, `pressureQuantum`, `angleQuantumDegrees`), then printed exactly
/// as decimals, so the error after a round trip is at most half a quantum per value and a
/// second round trip reproduces the first exactly. With `.firstDifferences` the second and
/// later values of a channel are differences of those integers (`'` once per channel; the
/// mode is sticky), so rounding never accumulates. Complexity: O(samples).
extension InkMLFormat {
  /// Position quantum, mm (0.001 mm ≈ 0.0038 CSS px).
  public static let positionQuantumMillimetres = 0.001
  /// Time quantum, ms (1 µs).
  public static let timeQuantumMilliseconds = 0.001
  /// Pressure quantum, in [0, 1] units.
  public static let pressureQuantum = 0.00001
  /// Tilt and azimuth quantum, degrees.
  public static let angleQuantumDegrees = 0.0001

  /// Decimal places that print one quantum of each channel.
  static let positionDecimals = 3
  static let timeDecimals = 3
  static let pressureDecimals = 5
  static let angleDecimals = 4

  public func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    var writer = InkMLWriter(drawing: drawing, encoding: valueEncoding)
    return Data(try writer.write().utf8)
  }
}

/// Builds the InkML text for one drawing.
struct InkMLWriter {
  let drawing: Drawing
  let encoding: InkMLFormat.ValueEncoding
  var out = ""

  /// One written channel: name, how to read it from a sample, scale to the written unit.
  struct Channel {
    var name: String
    var attributes: String
    var decimals: Int
    var value: (Sample) -> Double?
  }

  init(drawing: Drawing, encoding: InkMLFormat.ValueEncoding) {
    self.drawing = drawing
    self.encoding = encoding
  }

  mutating func write() throws(FormatError) -> String {
    let all = drawing.strokes + drawing.hover
    func has(_ f: (Sample) -> Double?) -> Bool {
      all.contains { $0.samples.contains { f($0) != nil } }
    }
    let mm = 1 / InkMLUnits.pxPerMillimetre
    let degrees = 180 / Double.pi
    var channels: [Channel] = [
      Channel(
        name: "X", attributes: #"type="decimal" units="mm""#,
        decimals: InkMLFormat.positionDecimals, value: { $0.x * mm }),
      Channel(
        name: "Y", attributes: #"type="decimal" units="mm""#,
        decimals: InkMLFormat.positionDecimals, value: { $0.y * mm }),
    ]
    if has(\.time) {
      channels.append(
        Channel(
          name: "T", attributes: ##"type="decimal" units="ms" respectTo="#ts0""##,
          decimals: InkMLFormat.timeDecimals, value: { $0.time.map { $0 * 1000 } }))
    }
    if has(\.pressure) {
      channels.append(
        Channel(
          name: "F", attributes: #"type="decimal" min="0" max="1""#,
          decimals: InkMLFormat.pressureDecimals, value: \.pressure))
    }
    if has(\.tilt) {
      channels.append(
        Channel(
          name: "OE", attributes: #"type="decimal" units="deg""#,
          decimals: InkMLFormat.angleDecimals,
          value: { $0.tilt.map { 90 - $0 * degrees } }))
    }
    if has(\.azimuth) {
      channels.append(
        Channel(
          name: "OA", attributes: #"type="decimal" units="deg""#,
          decimals: InkMLFormat.angleDecimals, value: { $0.azimuth.map { $0 * degrees } }))
    }

    out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<ink xmlns=\"\(InkMLFormat.namespace)\">\n"
    let m = drawing.metadata
    func annotation(_ type: String, _ text: String?) {
      guard let text else { return }
      out += "  <annotation type=\"\(type)\">\(xmlEscape(text))</annotation>\n"
    }
    annotation("source", m.source)
    annotation("device", m.device)
    annotation("licence", m.licence)
    annotation("attribution", m.attribution)
    for n in m.notes { annotation("note", n) }
    if m.nominalScale { annotation("nominalScale", "true") }

    // Brushes: one per distinct attribute set, in first-use order.
    var brushIDs: [[String: String]: String] = [:]
    var brushes: [(String, [String: String])] = []
    for s in all where !s.attributes.isEmpty && brushIDs[s.attributes] == nil {
      let id = "br\(brushes.count)"
      brushIDs[s.attributes] = id
      brushes.append((id, s.attributes))
    }

    out += "  <definitions>\n"
    out += "    <context xml:id=\"ctx0\">\n"
    if let rate = m.sampleRate, rate.isFinite, rate > 0 {
      out += "      <inkSource xml:id=\"src0\">\n"
      out += "        <sampleRate uniform=\"true\" value=\"\(num(rate))\"/>\n"
      out += "      </inkSource>\n"
    }
    out += "      <traceFormat xml:id=\"fmt0\">\n"
    for c in channels {
      out += "        <channel name=\"\(c.name)\" \(c.attributes)/>\n"
    }
    out += "      </traceFormat>\n"
    out += "      <timestamp xml:id=\"ts0\" time=\"0\"/>\n"
    out += "    </context>\n"
    for (id, attributes) in brushes {
      out += "    <brush xml:id=\"\(id)\">\n"
      for key in attributes.keys.sorted() where !isUnitsKey(key, in: attributes) {
        var line = "      <brushProperty name=\"\(xmlEscape(key))\" "
        line += "value=\"\(xmlEscape(attributes[key]!))\""
        if let units = attributes[key + ".units"] { line += " units=\"\(xmlEscape(units))\"" }
        out += line + "/>\n"
      }
      out += "    </brush>\n"
    }
    out += "  </definitions>\n"

    for (group, strokes) in [("t", drawing.strokes), ("h", drawing.hover)] {
      for (i, stroke) in strokes.enumerated() where !stroke.samples.isEmpty {
        out += "  <trace xml:id=\"\(group)\(i)\" contextRef=\"#ctx0\""
        if group == "h" { out += " type=\"penUp\"" }
        if let b = brushIDs[stroke.attributes] { out += " brushRef=\"#\(b)\"" }
        out += ">"
        try writePoints(stroke, channels, name: "\(group)\(i)")
        out += "</trace>\n"
      }
    }
    out += "</ink>\n"
    return out
  }

  /// `k.units` is written as the `units` of property `k`, not as a property of its own.
  private func isUnitsKey(_ key: String, in attributes: [String: String]) -> Bool {
    key.hasSuffix(".units") && attributes[String(key.dropLast(6))] != nil
  }

  private mutating func writePoints(_ stroke: Stroke, _ channels: [Channel], name: String)
    throws(FormatError)
  {
    var last = [Int64?](repeating: nil, count: channels.count)
    var prefixed = [Bool](repeating: false, count: channels.count)
    for (i, sample) in stroke.samples.enumerated() {
      if i > 0 { out += "," }
      for (c, channel) in channels.enumerated() {
        if c > 0 { out += " " }
        guard let v = channel.value(sample) else {
          out += "?"
          continue
        }
        let scale = pow10(channel.decimals)
        let scaled = (v * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else {
          throw FormatError(
            .invalidValue, file: drawing.name, location: .path("\(name)[\(i)]"),
            field: channel.name, rule: "must be finite and below 9e15 quanta to write as InkML",
            value: String(v))
        }
        let k = Int64(scaled)
        if encoding == .firstDifferences, let previous = last[c] {
          if !prefixed[c] {
            out += "'"
            prefixed[c] = true
          }
          out += decimalString(k - previous, decimals: channel.decimals)
        } else {
          out += decimalString(k, decimals: channel.decimals)
        }
        last[c] = k
      }
    }
  }
}

/// 10^d for small d.
func pow10(_ d: Int) -> Double {
  var v = 1.0
  for _ in 0..<d { v *= 10 }
  return v
}

/// The exact decimal text of k · 10^−decimals, without trailing zeros (`12345, 3` → `12.345`,
/// `-50, 3` → `-0.05`, `7000, 3` → `7`).
func decimalString(_ k: Int64, decimals: Int) -> String {
  let negative = k < 0
  let magnitude = k.magnitude
  var divisor: UInt64 = 1
  for _ in 0..<decimals { divisor *= 10 }
  let whole = magnitude / divisor
  var fraction = magnitude % divisor
  var s = negative ? "-" : ""
  s += String(whole)
  if fraction != 0 {
    var digits = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let text = String(fraction)
    s += "." + String(repeating: "0", count: digits - text.count) + text
  }
  return s
}

/// Text escaped for XML content and double-quoted attributes.
func xmlEscape(_ s: String) -> String {
  var out = ""
  out.reserveCapacity(s.utf8.count)
  for ch in s.unicodeScalars {
    switch ch {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&apos;"
    case "\n": out += "&#10;"
    case "\r": out += "&#13;"
    case "\t": out += "&#9;"
    default:
      // Characters XML 1.0 cannot carry at all are dropped.
      if ch.value < 0x20 || ch.value == 0xFFFE || ch.value == 0xFFFF { continue }
      out.unicodeScalars.append(ch)
    }
  }
  return out
}
