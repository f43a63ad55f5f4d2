import Foundation
import SigbenchCore

/// szimek/signature_pad `toData()` / `fromData()` JSON (shapes of versions 1 to 5.1.3), read
/// and written.
///
/// The document is a top-level JSON array (that is how `sniff` tells it from sigbench's native
/// JSON, an object). Each element is one stroke:
/// - v4/v5: a point group `{penColor, dotSize, minWidth, maxWidth, velocityFilterWeight,
///   compositeOperation, points: [{x, y, pressure, time}]}`;
/// - v3: `{color, points: [{x, y, time}]}`;
/// - v1/v2: an array of points, each with a `color`.
///
/// Every scalar key of a group other than `points` (v1/v2: the first point's `color`) goes into
/// `Stroke.attributes` as text, numbers in their shortest form. x and y are CSS px, y down (no
/// conversion). `time` is wall-clock ms (`Date.now()`): times become seconds from the
/// drawing's first point. `pressure` is already 0–1; a file whose pressures are all 0 has none
/// (the browser reported nothing) and reads as no pressure, with a note. Groups without points
/// are skipped with a warning. Complexity: O(file size) (Foundation's JSON parser dominates).
///
/// The writer emits the same shape: one group per ink stroke with the stroke's attributes
/// (numbers for `dotSize`, `minWidth`, `maxWidth`, `velocityFilterWeight` when they parse, text
/// otherwise; keys not present are left out, and signature_pad then uses its own options),
/// points as `{x, y, pressure?, time?}`: x and y quantised to `positionQuantum` CSS px,
/// pressure to `pressureQuantum`, time as ms since the drawing's start quantised to
/// `timeQuantumMilliseconds`, each printed as the exact decimal of an integer count of quanta.
/// Quantising is what makes a second round trip exact: Foundation's JSON parser on Linux is
/// not correctly rounded (shortest-form doubles come back one ulp off), so re-encoding a
/// decoded value must land on the same integer. Hover strokes are not written: the format has
/// none.
public struct SignaturePadFormat: StrokeFormat {
  /// Time quantum of the writer, ms (1 µs).
  public static let timeQuantumMilliseconds = 0.001
  /// Position quantum of the writer, CSS px.
  public static let positionQuantum = 0.0001
  /// Pressure quantum of the writer.
  public static let pressureQuantum = 0.000001
  /// Group keys written as JSON numbers when their text parses as a finite number.
  static let numericKeys: Set<String> = [
    "dotSize", "minWidth", "maxWidth", "velocityFilterWeight",
  ]

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "signature-pad", name: "signature_pad toData() JSON", extensions: ["json"],
    canWrite: true, units: "CSS px (no conversion), epoch ms → s from the first point, 0–1",
    summary: "Web signature capture: point groups with per-stroke pen options.")

  /// True when the first non-whitespace byte (after an optional UTF-8 BOM) is `[`.
  public func sniff(_ data: Data) -> Bool {
    var bytes = data.prefix(4096)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    guard let first = bytes.first(where: { !XMLNumberScanner.isSpace($0) }) else { return false }
    return first == UInt8(ascii: "[")
  }

  /// A JSON array (`sniff`): an object or any other `.json` file is not a `toData()` export.
  public func showsSign(_ data: Data) -> Bool { sniff(data) }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    // The scanner, not JSONSerialization: it names the line and column of an error, reads
    // numbers exactly and refuses a key repeated in one object (Foundation keeps one silently).
    let root = try QuickDrawJSONScanner.parseTree(data, file: file)
    let reader = JSONReader(file: file)
    let groups = try reader.array(root, at: "$")
    try rules.checkStrokeCount(groups.count)
    var strokes: [Stroke] = []
    var paths: [String] = []
    var warnings: [FormatWarning] = []
    for (i, group) in groups.enumerated() {
      let at = "$[\(i)]"
      var attributes: [String: String] = [:]
      let points: [Any]
      var pointsPath = at + ".points"
      if let object = group as? [String: Any] {
        points = try reader.array(object["points"], at: pointsPath)
        for (key, value) in object where key != "points" {
          if let text = SignaturePadFormat.scalarText(value) {
            attributes[key] = text
          } else if !(value is NSNull) {
            warnings.append(
              FormatWarning(
                file: file, location: .path("\(at).\(key)"),
                message: "non-scalar group option '\(key)' ignored"))
          }
        }
      } else if let array = group as? [Any] {
        points = array
        pointsPath = at
        if let first = array.first as? [String: Any], let color = first["color"] as? String {
          attributes["color"] = color
        }
      } else {
        throw reader.fail(at, "must be a point group object or an array of points", group)
      }
      guard points.count <= options.maxSamplesPerStroke else {
        throw FormatError(
          .limitExceeded, file: file, location: .path(pointsPath), field: "stroke \(i)",
          rule:
            "must have at most \(options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
          value: String(points.count))
      }
      var samples: [Sample] = []
      samples.reserveCapacity(points.count)
      for (j, p) in points.enumerated() {
        let pp = "\(pointsPath)[\(j)]"
        let point = try reader.object(p, at: pp)
        var s = Sample(
          x: try reader.number(point["x"], at: pp + ".x"),
          y: try reader.number(point["y"], at: pp + ".y"))
        if let t = point["time"], !(t is NSNull) { s.time = try reader.number(t, at: pp + ".time") }
        if let f = point["pressure"], !(f is NSNull) {
          s.pressure = try reader.number(f, at: pp + ".pressure")
        }
        samples.append(s)
      }
      if samples.isEmpty {
        warnings.append(
          FormatWarning(
            file: file, location: .path(pointsPath), message: "group without points skipped"))
        continue
      }
      strokes.append(Stroke(samples: samples, attributes: attributes))
      paths.append(pointsPath)
    }

    var metadata = DrawingMetadata(
      source: "signature_pad toData()", nativeUnits: "css-px",
      notes: [
        "signature_pad records a point only ≥ 5 px and ≥ 16 ms after the previous one "
          + "(defaults): the data is already filtered"
      ])
    let allSamples = strokes.flatMap(\.samples)
    if let origin = allSamples.compactMap(\.time).min() {
      for i in strokes.indices {
        for j in strokes[i].samples.indices {
          if let t = strokes[i].samples[j].time {
            guard t.isFinite else { continue }  // SampleRules rejects it below
            strokes[i].samples[j].time = (t - origin) / 1000
          }
        }
      }
      if origin != 0 {
        metadata.notes.append(
          "time: ms from \(ParameterValue.format(origin)) (the first point) converted to s")
      }
    }
    if allSamples.contains(where: { $0.pressure != nil }),
      allSamples.allSatisfy({ $0.pressure == nil || $0.pressure == 0 })
    {
      for i in strokes.indices {
        for j in strokes[i].samples.indices { strokes[i].samples[j].pressure = nil }
      }
      metadata.notes.append("every pressure is 0 (not reported by the browser): read as none")
    }
    for i in strokes.indices {
      let path = paths[i]
      try rules.check(&strokes[i], strokeIndex: i) { .path("\(path)[\($0)]") }
    }
    let drawing = Drawing(name: file, strokes: strokes, metadata: metadata)
    return DecodeResult(drawings: [drawing], warnings: warnings + rules.warnings)
  }

  /// A JSON scalar as attribute text: strings as is, numbers in shortest form, booleans as
  /// `true`/`false`; `nil` for null, arrays and objects.
  static func scalarText(_ value: Any) -> String? {
    switch value {
    case let s as String: return s
    case let n as NSNumber:
      let type = String(cString: n.objCType)
      if type == "c" || type == "B" { return n.boolValue ? "true" : "false" }
      let d = n.doubleValue
      return d.isFinite ? num(d) : nil
    default: return nil
    }
  }

  public func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    var out = "[\n"
    for (i, stroke) in drawing.strokes.enumerated() {
      out += i == 0 ? "  {" : ",\n  {"
      for key in stroke.attributes.keys.sorted() {
        let value = stroke.attributes[key]!
        out += jsonString(key) + ": "
        if SignaturePadFormat.numericKeys.contains(key), let v = Double(value), v.isFinite {
          out += num(v)
        } else {
          out += jsonString(value)
        }
        out += ", "
      }
      out += "\"points\": ["
      for (j, s) in stroke.samples.enumerated() {
        let at = FileLocation.path("strokes[\(i)].samples[\(j)]")
        func quantised(_ v: Double, _ name: String, _ decimals: Int) throws(FormatError) -> String {
          let scaled = (v * pow10(decimals)).rounded()
          guard scaled.isFinite, abs(scaled) < 9e15 else {
            throw FormatError(
              .invalidValue, file: drawing.name, location: at, field: name,
              rule: "must be finite and below 9e15 quanta to write as JSON", value: String(v))
          }
          return decimalString(Int64(scaled), decimals: decimals)
        }
        out += j == 0 ? "\n    " : ",\n    "
        out += "{\"x\": \(try quantised(s.x, "x", 4)), \"y\": \(try quantised(s.y, "y", 4))"
        if let p = s.pressure { out += ", \"pressure\": \(try quantised(p, "pressure", 6))" }
        if let t = s.time { out += ", \"time\": \(try quantised(t * 1000, "time", 3))" }
        out += "}"
      }
      out += stroke.samples.isEmpty ? "]}" : "\n  ]}"
    }
    out += drawing.strokes.isEmpty ? "]\n" : "\n]\n"
    return Data(out.utf8)
  }
}
