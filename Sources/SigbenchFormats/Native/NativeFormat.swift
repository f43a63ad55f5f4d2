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
    rules.rejectsNegativeTime = true
    try rules.checkFileSize(data.count)
    // Not JSONSerialization: on Linux its numbers are not correctly rounded (it read
    // -2820.445292811674 as -2820.4452928116743), which broke the lossless round trip, and it
    // reports no position. The byte-level JSON scanner is exact and gives line and column.
    let root = try QuickDrawJSONScanner.parse(data, file: file)
    var reader = JSONReader(file: file)
    // The small members become a Foundation tree (the scanner refuses a repeated key);
    // the strokes are read from the scanner's values directly, with no NSNumber per cell.
    guard case .object(let members) = root else {
      throw reader.fail("$", "must be an object", root.tree)
    }
    var top: [String: Any] = [:]
    let direct: Set<String> = ["strokes", "hover", "groundTruth"]
    for m in members where top[m.key] == nil && !direct.contains(m.key) {
      top[m.key] = m.value.tree
    }
    let format = try reader.string(top["format"], at: "$.format")
    guard format == NativeFormat.formatName else {
      throw FormatError(
        .malformed, file: file, location: .path("$.format"), field: "format",
        rule: "must be \"\(NativeFormat.formatName)\"", value: format)
    }
    let version = try reader.number(top["version"], at: "$.version")
    guard version == Double(NativeFormat.version) else {
      throw FormatError(
        .unsupportedVersion, file: file, location: .path("$.version"), field: "version",
        rule: "must be \(NativeFormat.version) (the only version this build reads)",
        value: ParameterValue.format(version))
    }
    let units = try reader.object(top["units"], at: "$.units")
    for (key, expected) in [("position", "css-px"), ("time", "s")] {
      let found = try reader.string(units[key], at: "$.units.\(key)")
      guard found == expected else {
        throw FormatError(
          .unsupportedVersion, file: file, location: .path("$.units.\(key)"), field: key,
          rule: "must be \"\(expected)\" in version 1", value: found)
      }
    }
    let channelList = try reader.array(top["channels"], at: "$.channels")
    var channels: [String] = []
    for (i, c) in channelList.enumerated() {
      channels.append(try reader.string(c, at: "$.channels[\(i)]"))
    }
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
    let metadata = try readMetadata(top["metadata"], reader: &reader)
    var strokes = try readStrokes(root["strokes"], at: "$.strokes", channels, &reader)
    var hover = try readStrokes(root["hover"] ?? .numbers([]), at: "$.hover", channels, &reader)
    try rules.checkStrokeCount(strokes.count + hover.count)
    for i in strokes.indices {
      try rules.check(&strokes[i], strokeIndex: i) { .path("$.strokes[\(i)].samples[\($0)]") }
    }
    for i in hover.indices {
      try rules.check(&hover[i], strokeIndex: i) { .path("$.hover[\(i)].samples[\($0)]") }
    }
    var groundTruth: GroundTruth?
    if let value = root["groundTruth"] {
      groundTruth = try readGroundTruth(value, &reader, rules)
    }
    let drawing = Drawing(
      name: file, strokes: strokes, hover: hover, metadata: metadata, groundTruth: groundTruth)
    return DecodeResult(drawings: [drawing], warnings: rules.warnings)
  }

  private func readMetadata(_ value: Any?, reader: inout JSONReader) throws(FormatError)
    -> DrawingMetadata
  {
    guard let value else { return DrawingMetadata() }
    let m = try reader.object(value, at: "$.metadata")
    var md = DrawingMetadata()
    md.source = try reader.optionalString(m["source"], at: "$.metadata.source")
    md.device = try reader.optionalString(m["device"], at: "$.metadata.device")
    if let r = m["sampleRate"], !(r is NSNull) {
      md.sampleRate = try reader.number(r, at: "$.metadata.sampleRate")
    }
    md.nativeUnits =
      try reader.optionalString(m["nativeUnits"], at: "$.metadata.nativeUnits") ?? "css-px"
    if let b = m["nominalScale"], !(b is NSNull) {
      md.nominalScale = try reader.bool(b, at: "$.metadata.nominalScale")
    }
    md.licence = try reader.optionalString(m["licence"], at: "$.metadata.licence")
    md.attribution = try reader.optionalString(m["attribution"], at: "$.metadata.attribution")
    if let n = m["notes"], !(n is NSNull) {
      md.notes = []
      for (i, note) in try reader.array(n, at: "$.metadata.notes").enumerated() {
        md.notes.append(try reader.string(note, at: "$.metadata.notes[\(i)]"))
      }
    }
    return md
  }

  /// The items of a JSON array (`nil` when `value` is not one).
  private func items(_ value: QuickDrawJSON?) -> [QuickDrawJSON]? {
    switch value {
    case .array(let a)?: return a
    case .numbers(let n)?: return n.map(QuickDrawJSON.number)
    default: return nil
    }
  }

  /// Reads `strokes` or `hover`. Rows of numbers only (the scanner's `.numbers`) take the fast
  /// path; errors name the same paths, rules and values as reading the Foundation tree does.
  private func readStrokes(
    _ value: QuickDrawJSON?, at path: String, _ channels: [String], _ reader: inout JSONReader
  ) throws(FormatError) -> [Stroke] {
    guard let list = items(value) else { throw reader.fail(path, "must be an array", value?.tree) }
    var strokes: [Stroke] = []
    strokes.reserveCapacity(list.count)
    // Each column's channel as 0 x … 5 azimuth, so no name is compared per cell.
    let names = ["x", "y", "t", "pressure", "tilt", "azimuth"]
    let codes = channels.map { names.firstIndex(of: $0) ?? 5 }
    for (i, item) in list.enumerated() {
      let at = "\(path)[\(i)]"
      guard case .object = item else { throw reader.fail(at, "must be an object", item.tree) }
      var attributes: [String: String] = [:]
      if let a = item["attributes"], !(a.tree is NSNull) {
        for (k, v) in try reader.object(a.tree, at: at + ".attributes") {
          attributes[k] = try reader.string(v, at: "\(at).attributes.\(k)")
        }
      }
      guard let rows = items(item["samples"]) else {
        throw reader.fail(at + ".samples", "must be an array", item["samples"]?.tree)
      }
      var samples: [Sample] = []
      samples.reserveCapacity(rows.count)
      // Paths are built only for an error.
      for (j, rowValue) in rows.enumerated() {
        switch rowValue {
        case .numbers(let row) where row.count == channels.count:
          var s = Sample(x: row[0], y: row[1])
          for k in 2..<codes.count { set(&s, codes[k], row[k]) }
          samples.append(s)
        case .numbers(let row):
          throw wrongLength(reader.file, "\(at).samples[\(j)]", channels.count, row.count)
        case .array(let row):
          guard row.count == channels.count else {
            throw wrongLength(reader.file, "\(at).samples[\(j)]", channels.count, row.count)
          }
          var s = Sample(x: 0, y: 0)
          for k in 0..<codes.count {
            switch row[k] {
            case .null:
              guard k >= 2 else {
                throw FormatError(
                  .malformed, file: reader.file, location: .path("\(at).samples[\(j)]"),
                  field: channels[k], rule: "must not be null", value: "null")
              }
            case .number(let v): set(&s, codes[k], v)
            default:
              throw reader.fail("\(at).samples[\(j)][\(k)]", "must be a number", row[k].tree)
            }
          }
          samples.append(s)
        default:
          throw reader.fail("\(at).samples[\(j)]", "must be an array", rowValue.tree)
        }
      }
      strokes.append(Stroke(samples: samples, attributes: attributes))
    }
    return strokes
  }

  /// Reads `groundTruth` (`nil` for JSON null): lines of `[x, y]` points, paths built only for
  /// an error, errors as reading the Foundation tree gives them.
  private func readGroundTruth(
    _ value: QuickDrawJSON, _ reader: inout JSONReader, _ rules: SampleRules
  ) throws(FormatError) -> GroundTruth? {
    if case .null = value { return nil }
    guard let lines = items(value) else {
      throw reader.fail("$.groundTruth", "must be an array", value.tree)
    }
    var result: [[Point]] = []
    result.reserveCapacity(lines.count)
    var total = 0
    let bound = InputEnvelope.position
    for (i, line) in lines.enumerated() {
      guard let list = items(line) else {
        throw reader.fail("$.groundTruth[\(i)]", "must be an array", line.tree)
      }
      total += list.count
      try rules.checkTruthPoints(total, at: .path("$.groundTruth[\(i)]"))
      var points: [Point] = []
      points.reserveCapacity(list.count)
      for (j, p) in list.enumerated() {
        let pair: [QuickDrawJSON]
        switch p {
        case .numbers(let n) where n.count == 2 && bound.admits(n[0]) && bound.admits(n[1]):
          points.append(Point(x: n[0], y: n[1]))
          continue
        case .numbers(let n): pair = n.map(QuickDrawJSON.number)
        case .array(let a): pair = a
        default: throw reader.fail("$.groundTruth[\(i)][\(j)]", "must be an array", p.tree)
        }
        let at = "$.groundTruth[\(i)][\(j)]"
        guard pair.count == 2 else {
          throw FormatError(
            .malformed, file: reader.file, location: .path(at), field: "point",
            rule: "must be [x, y]", value: "\(pair.count) values")
        }
        var xy = [0.0, 0.0]
        for k in 0..<2 {
          guard case .number(let v) = pair[k] else {
            throw reader.fail(at + "[\(k)]", "must be a number", pair[k].tree)
          }
          xy[k] = try rules.position(v, field: k == 0 ? "x" : "y", at: .path(at))
        }
        points.append(Point(x: xy[0], y: xy[1]))
      }
      result.append(points)
    }
    return GroundTruth(strokes: result)
  }

  private func wrongLength(_ file: String, _ path: String, _ expected: Int, _ found: Int)
    -> FormatError
  {
    FormatError(
      .malformed, file: file, location: .path(path), field: "sample",
      rule: "must have one value per channel (\(expected))", value: "\(found) values")
  }

  /// Stores `v` in channel `code` (0 x … 5 azimuth) of `s`.
  @inline(__always)
  private func set(_ s: inout Sample, _ code: Int, _ v: Double) {
    switch code {
    case 0: s.x = v
    case 1: s.y = v
    case 2: s.time = v
    case 3: s.pressure = v
    case 4: s.tilt = v
    default: s.azimuth = v
    }
  }
}

/// Formats a number in Swift's shortest round-tripping form, as JSON.
func num(_ v: Double) -> String { JSONText.number(v) }

/// A JSON string literal with the required escapes.
func jsonString(_ s: String) -> String { JSONText.string(s) }
