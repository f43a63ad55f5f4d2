import Foundation
import SigbenchCore

/// sigbench's own corpus format, version 1 (`*.sigbench.json`), documented in
/// `Corpus/README.md`.
///
/// JSON with an explicit `format`/`version`, the units it is written in (always the internal
/// ones: CSS px, seconds from the drawing's start, pressure in [0, 1], radians), the list of
/// channels each sample row carries (`x`, `y`, then any of `t`, `pressure`, `tilt`, `azimuth`;
/// a missing value is `null`), the metadata, ink strokes, hover traces and an optional ground
/// truth. Numbers are written in Swift's shortest round-tripping form, so a round trip is
/// lossless.
public struct NativeFormat: StrokeFormat {
  public static let formatName = "sigbench-ink"
  public static let version = 1
  static let optionalChannels = ["t", "pressure", "tilt", "azimuth"]

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "native", name: "sigbench native ink (JSON, v1)", extensions: ["sigbench.json"],
    canWrite: true, units: "CSS px, seconds, pressure 0–1, radians (no conversion)",
    summary: "Lossless JSON with metadata, hover and ground truth.")

  public func sniff(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(256), as: UTF8.self)
    return head.contains("\"\(NativeFormat.formatName)\"")
  }

  // MARK: Writing

  public func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    let all = drawing.strokes + drawing.hover
    var channels = ["x", "y"]
    for c in NativeFormat.optionalChannels
    where all.contains(where: { $0.samples.contains { NativeFormat.value(c, of: $0) != nil } }) {
      channels.append(c)
    }
    var out = "{\n"
    out += "  \"format\": \"\(NativeFormat.formatName)\",\n"
    out += "  \"version\": \(NativeFormat.version),\n"
    out += "  \"units\": {\"position\": \"css-px\", \"time\": \"s\", \"pressure\": \"0-1\", "
    out += "\"angle\": \"rad\"},\n"
    out += "  \"channels\": [\(channels.map { "\"\($0)\"" }.joined(separator: ", "))],\n"
    out += "  \"metadata\": \(NativeFormat.metadataJSON(drawing.metadata)),\n"
    out += "  \"strokes\": \(NativeFormat.strokesJSON(drawing.strokes, channels)),\n"
    out += "  \"hover\": \(NativeFormat.strokesJSON(drawing.hover, channels))"
    if let gt = drawing.groundTruth {
      out += ",\n  \"groundTruth\": [\n"
      out += gt.strokes.map { line in
        "    [" + line.map { "[\(num($0.x)), \(num($0.y))]" }.joined(separator: ", ") + "]"
      }.joined(separator: ",\n")
      out += "\n  ]"
    }
    out += "\n}\n"
    return Data(out.utf8)
  }

  static func value(_ channel: String, of s: Sample) -> Double? {
    switch channel {
    case "x": return s.x
    case "y": return s.y
    case "t": return s.time
    case "pressure": return s.pressure
    case "tilt": return s.tilt
    case "azimuth": return s.azimuth
    default: return nil
    }
  }

  static func strokesJSON(_ strokes: [Stroke], _ channels: [String]) -> String {
    if strokes.isEmpty { return "[]" }
    var out = "[\n"
    out += strokes.map { stroke -> String in
      var s = "    {"
      if !stroke.attributes.isEmpty {
        let attrs = stroke.attributes.sorted { $0.key < $1.key }
          .map { "\(jsonString($0.key)): \(jsonString($0.value))" }
        s += "\"attributes\": {\(attrs.joined(separator: ", "))}, "
      }
      s += "\"samples\": [\n"
      s += stroke.samples.map { sample in
        "      ["
          + channels.map { value($0, of: sample).map(num) ?? "null" }.joined(separator: ", ")
          + "]"
      }.joined(separator: ",\n")
      s += "\n    ]}"
      return s
    }.joined(separator: ",\n")
    out += "\n  ]"
    return out
  }

  static func metadataJSON(_ m: DrawingMetadata) -> String {
    var fields: [String] = []
    if let v = m.source { fields.append("\"source\": \(jsonString(v))") }
    if let v = m.device { fields.append("\"device\": \(jsonString(v))") }
    if let v = m.sampleRate { fields.append("\"sampleRate\": \(num(v))") }
    fields.append("\"nativeUnits\": \(jsonString(m.nativeUnits))")
    fields.append("\"nominalScale\": \(m.nominalScale)")
    if let v = m.licence { fields.append("\"licence\": \(jsonString(v))") }
    if let v = m.attribution { fields.append("\"attribution\": \(jsonString(v))") }
    if !m.notes.isEmpty {
      fields.append("\"notes\": [\(m.notes.map(jsonString).joined(separator: ", "))]")
    }
    return "{\n    " + fields.joined(separator: ",\n    ") + "\n  }"
  }

  // MARK: Reading

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    // JSONDecoder parses numbers exactly (JSONSerialization on Linux can miss the last digit).
    let header = try decodeJSON(NativeHeader.self, data, file)
    guard header.format == NativeFormat.formatName else {
      throw FormatError(
        .malformed, file: file, location: .path("$.format"), field: "format",
        rule: "must be \"\(NativeFormat.formatName)\"", value: header.format)
    }
    guard header.version == Double(NativeFormat.version) else {
      throw FormatError(
        .unsupportedVersion, file: file, location: .path("$.version"), field: "version",
        rule: "must be \(NativeFormat.version) (the only version this build reads)",
        value: ParameterValue.format(header.version))
    }
    let body = try decodeJSON(NativeBody.self, data, file)
    for (key, expected) in [("position", "css-px"), ("time", "s")] {
      let found = body.units[key] ?? "nothing"
      guard found == expected else {
        throw FormatError(
          .unsupportedVersion, file: file, location: .path("$.units.\(key)"), field: key,
          rule: "must be \"\(expected)\" in version 1", value: found)
      }
    }
    let channels = body.channels
    guard channels.count >= 2, channels[0] == "x", channels[1] == "y",
      Set(channels).count == channels.count,
      channels.dropFirst(2).allSatisfy(NativeFormat.optionalChannels.contains)
    else {
      throw FormatError(
        .malformed, file: file, location: .path("$.channels"), field: "channels",
        rule: "must be [\"x\", \"y\", …] followed by distinct names from "
          + NativeFormat.optionalChannels.joined(separator: ", "),
        value: channels.joined(separator: ","))
    }
    var strokes = try makeStrokes(body.strokes, "$.strokes", channels, file)
    var hover = try makeStrokes(body.hover ?? [], "$.hover", channels, file)
    try rules.checkStrokeCount(strokes.count + hover.count)
    for i in strokes.indices {
      try rules.check(&strokes[i], strokeIndex: i) { .path("$.strokes[\(i)].samples[\($0)]") }
    }
    for i in hover.indices {
      try rules.check(&hover[i], strokeIndex: i) { .path("$.hover[\(i)].samples[\($0)]") }
    }
    var groundTruth: GroundTruth?
    if let lines = body.groundTruth {
      var result: [[Point]] = []
      for (i, line) in lines.enumerated() {
        var points: [Point] = []
        for (j, pair) in line.enumerated() {
          let at = FileLocation.path("$.groundTruth[\(i)][\(j)]")
          guard pair.count == 2 else {
            throw FormatError(
              .malformed, file: file, location: at, field: "point", rule: "must be [x, y]",
              value: "\(pair.count) values")
          }
          points.append(
            Point(
              x: try rules.finite(pair[0], field: "x", at: at),
              y: try rules.finite(pair[1], field: "y", at: at)))
        }
        result.append(points)
      }
      groundTruth = GroundTruth(strokes: result)
    }
    let m = body.metadata
    let metadata = DrawingMetadata(
      source: m?.source, device: m?.device, sampleRate: m?.sampleRate,
      nativeUnits: m?.nativeUnits ?? "css-px", nominalScale: m?.nominalScale ?? false,
      licence: m?.licence, attribution: m?.attribution, notes: m?.notes ?? [])
    let drawing = Drawing(
      name: file, strokes: strokes, hover: hover, metadata: metadata, groundTruth: groundTruth)
    return DecodeResult(drawings: [drawing], warnings: rules.warnings)
  }

  private func makeStrokes(
    _ rows: [NativeStroke], _ path: String, _ channels: [String], _ file: String
  ) throws(FormatError) -> [Stroke] {
    var strokes: [Stroke] = []
    strokes.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      var samples: [Sample] = []
      samples.reserveCapacity(row.samples.count)
      for (j, values) in row.samples.enumerated() {
        let at = "\(path)[\(i)].samples[\(j)]"
        guard values.count == channels.count else {
          throw FormatError(
            .malformed, file: file, location: .path(at), field: "sample",
            rule: "must have one value per channel (\(channels.count))",
            value: "\(values.count) values")
        }
        guard let x = values[0], let y = values[1] else {
          throw FormatError(
            .malformed, file: file, location: .path(at), field: values[0] == nil ? "x" : "y",
            rule: "must not be null", value: "null")
        }
        var s = Sample(x: x, y: y)
        for k in 2..<channels.count {
          switch channels[k] {
          case "t": s.time = values[k]
          case "pressure": s.pressure = values[k]
          case "tilt": s.tilt = values[k]
          default: s.azimuth = values[k]
          }
        }
        samples.append(s)
      }
      strokes.append(Stroke(samples: samples, attributes: row.attributes ?? [:]))
    }
    return strokes
  }
}

/// The first two fields, read alone so a wrong format or version is reported before anything
/// else.
private struct NativeHeader: Decodable {
  var format: String
  var version: Double
}

private struct NativeBody: Decodable {
  var units: [String: String]
  var channels: [String]
  var metadata: NativeMetadata?
  var strokes: [NativeStroke]
  var hover: [NativeStroke]?
  var groundTruth: [[[Double]]]?
}

private struct NativeMetadata: Decodable {
  var source: String?
  var device: String?
  var sampleRate: Double?
  var nativeUnits: String?
  var nominalScale: Bool?
  var licence: String?
  var attribution: String?
  var notes: [String]?
}

private struct NativeStroke: Decodable {
  var attributes: [String: String]?
  var samples: [[Double?]]
}

/// Decodes `T`, turning `DecodingError` into a `FormatError` that names the JSON path.
func decodeJSON<T: Decodable>(_ type: T.Type, _ data: Data, _ file: String) throws(FormatError) -> T
{
  do {
    return try JSONDecoder().decode(T.self, from: data)
  } catch let error as DecodingError {
    throw FormatError(decoding: error, file: file)
  } catch {
    throw FormatError(
      .malformed, file: file, location: .file, field: "JSON", rule: "must be valid JSON",
      value: "\(error)")
  }
}

extension FormatError {
  /// A `FormatError` naming the JSON path (`$.strokes[0].samples[3][1]`) of a decoding failure.
  init(decoding error: DecodingError, file: String) {
    func path(_ keys: [any CodingKey]) -> String {
      keys.reduce("$") { p, k in k.intValue.map { "\(p)[\($0)]" } ?? "\(p).\(k.stringValue)" }
    }
    func field(_ keys: [any CodingKey]) -> String {
      keys.last.map { $0.intValue.map { "item \($0)" } ?? $0.stringValue } ?? "document"
    }
    switch error {
    case .typeMismatch(let type, let c):
      self.init(
        .malformed, file: file, location: .path(path(c.codingPath)), field: field(c.codingPath),
        rule: "must be \(FormatError.describe(type))", value: c.debugDescription)
    case .valueNotFound(let type, let c):
      self.init(
        .malformed, file: file, location: .path(path(c.codingPath)), field: field(c.codingPath),
        rule: "must be \(FormatError.describe(type))", value: "null")
    case .keyNotFound(let key, let c):
      self.init(
        .malformed, file: file, location: .path(path(c.codingPath)), field: key.stringValue,
        rule: "is required", value: "nothing")
    case .dataCorrupted(let c):
      let underlying = (c.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
      self.init(
        .malformed, file: file, location: .path(path(c.codingPath)), field: "JSON",
        rule: "must be valid JSON", value: underlying ?? c.debugDescription)
    @unknown default:
      self.init(
        .malformed, file: file, location: .file, field: "JSON", rule: "must be valid JSON",
        value: "\(error)")
    }
  }

  static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Optional<Double>.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") { return "an object" }
      return "a \(name)"
    }
  }
}

/// Formats a number in Swift's shortest round-tripping form, as JSON.
func num(_ v: Double) -> String {
  if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
  return "\(v)"
}

/// A JSON string literal with the required escapes.
func jsonString(_ s: String) -> String {
  var out = "\""
  for u in s.unicodeScalars {
    switch u {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if u.value < 0x20 {
        let hex = String(u.value, radix: 16)
        let padding = String(repeating: "0", count: 4 - hex.count)
        out += "\\u" + padding + hex
      } else {
        out.unicodeScalars.append(u)
      }
    }
  }
  return out + "\""
}
