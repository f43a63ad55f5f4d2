import Foundation
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Test-side writers of Wacom UIM files: a hand-made `InputData`, 3.1
/// files with any INPT compression, and 3.0 files transcoded from the same `InputData`.
enum UIMTestFiles {
  static func id(_ k: UInt8) -> [UInt8] { [UInt8](repeating: k, count: 16) }

  /// The `uim-two-runs` input data: one pen provider, channels X/Y (LENGTH, 3779.53/m,
  /// precision 2), time (1000, precision 0), pressure (NORMALIZED, precision 3), a RadiusX
  /// channel; a PLANE run with packed deltas and a HOVERING run with unpacked deltas, plus an
  /// unknown field. Returned as its two top-level parts (context data, sensor data runs) so a
  /// 3.0 file can split them over two `InputData` occurrences.
  static func inputDataParts() -> (context: [UInt8], runs: [UInt8]) {
    func channel(_ k: UInt8, _ type: String, _ metric: UInt64, _ res: Double, _ precision: UInt64)
      -> [UInt8]
    {
      var c = ProtobufWriter()
      c.data(1, id(k))
      c.string(2, "will://input/3.0/channel/\(type)")
      c.varint(3, metric)
      c.double(4, res)
      c.varint(7, precision)
      return c.bytes
    }
    var channels = ProtobufWriter()
    channels.data(1, id(20))
    channels.data(2, channel(1, "X", 0, 3779.53, 2))
    channels.data(2, channel(2, "Y", 0, 3779.53, 2))
    channels.data(2, channel(3, "Timestamp", 1, 1000, 0))
    channels.data(2, channel(4, "Pressure", 4, 1, 3))
    channels.data(2, channel(5, "RadiusX", 0, 3779.53, 2))
    channels.varint(3, 240)
    channels.data(5, id(30))
    var sensorContext = ProtobufWriter()
    sensorContext.data(1, id(40))
    sensorContext.data(2, channels.bytes)
    var inputContext = ProtobufWriter()
    inputContext.data(1, id(50))
    inputContext.data(3, id(40))
    var provider = ProtobufWriter()
    provider.data(1, id(30))
    provider.varint(2, 0)
    var contextData = ProtobufWriter()
    contextData.data(1, inputContext.bytes)
    contextData.data(2, provider.bytes)
    contextData.data(5, sensorContext.bytes)
    func run(
      _ state: UInt64, _ ts: UInt64, _ x: [Int64], _ y: [Int64], _ t: [Int64], _ p: [Int64],
      packed: Bool
    ) -> [UInt8] {
      var s = ProtobufWriter()
      s.data(1, id(60))
      s.data(2, id(50))
      s.varint(3, state)
      s.varint(4, ts)
      s.varint(99, 7)  // unknown field: skipped
      for (k, values) in [(UInt8(1), x), (2, y), (3, t), (4, p), (5, x)] {
        var c = ProtobufWriter()
        c.data(1, id(k))
        if packed {
          c.packedSInt(2, values)
        } else {
          for v in values { c.varint(2, ProtobufWriter.zigzag(v)) }
        }
        s.data(5, c.bytes)
      }
      return s.bytes
    }
    var context = ProtobufWriter()
    context.data(1, contextData.bytes)
    var runs = ProtobufWriter()
    runs.data(
      2,
      run(
        0, 1_000_000, [37795, 100, -50], [0, 200, 0], [0, 4, 4], [500, 100, -600], packed: true))
    runs.data(2, run(1, 1_000_020, [0, 10], [5, 5], [0, 8], [0, 0], packed: false))
    return (context.bytes, runs.bytes)
  }

  static func inputData() -> [UInt8] {
    let parts = inputDataParts()
    return parts.context + parts.runs
  }

  /// A 3.1 file: HEAD (version, reserved byte, one descriptor for INPT with `compression` and
  /// `contentType`), then INPT holding `payload` as given (already compressed if so declared).
  static func file31(
    payload: [UInt8], compression: UInt8 = 0, contentType: UInt8 = 1,
    version: [UInt8] = [3, 1, 0]
  ) -> [UInt8] {
    let head = version + [0] + [3, 1, 0, contentType, compression, 0, 0, 0]
    return RIFFWriter.file(form: "UINK", chunks: [("HEAD", head), ("INPT", payload)])
  }

  /// A 3.0 file: HEAD holding the version (3 bytes, padded, as Wacom's library expects, or
  /// `headExtra` more), then one DATA chunk with an `InkObject` of properties (field 8), the
  /// given `InputData` messages (field 1, each transcoded to the 3.0 schema) and some spline
  /// ink (field 2) that the reader must skip.
  static func file30(inputData parts: [[UInt8]], headExtra: [UInt8] = []) throws -> [UInt8] {
    var ink = ProtobufWriter()
    var property = ProtobufWriter()
    property.string(1, "Author")
    property.string(2, "sigbench tests")
    ink.data(8, property.bytes)
    for p in parts { ink.data(1, try UIM30Transcoder.transcode(p, message: "InputData")) }
    var stroke = ProtobufWriter()
    stroke.string(1, "stroke-1")
    stroke.data(4, [0, 0, 128, 63])  // splineX: packed float 1.0
    var inkData = ProtobufWriter()
    inkData.data(1, stroke.bytes)
    ink.data(2, inkData.bytes)
    return RIFFWriter.file(
      form: "UINK", chunks: [("HEAD", [3, 0, 0] + headExtra), ("DATA", ink.bytes)])
  }

  /// The chunks of a 3.1 file: (HEAD payload, INPT payload, INPT descriptor index).
  static func split31(_ file: [UInt8]) throws -> (head: [UInt8], chunks: [(String, [UInt8])]) {
    try file.withUnsafeBufferPointer { b in
      var r = BinaryByteReader(b, file: "split")
      let riff = try RIFFChunks.read(&r)
      let chunks = riff.chunks.map { ($0.id, Array(b[$0.offset..<($0.offset + $0.size)])) }
      return (chunks[0].1, Array(chunks.dropFirst()))
    }
  }

  /// A real 3.1 file rewritten with its INPT chunk replaced by `compress(INPT)` and the
  /// descriptor's compression byte set to `method`; other chunks stay as they are.
  static func recompressed31(_ file: [UInt8], method: UInt8, _ compress: ([UInt8]) -> [UInt8]?)
    throws -> [UInt8]
  {
    var (head, chunks) = try split31(file)
    for k in chunks.indices where chunks[k].0 == "INPT" {
      head[4 + 8 * k + 4] = method
      chunks[k].1 = try #require(compress(chunks[k].1))
    }
    return RIFFWriter.file(form: "UINK", chunks: [("HEAD", head)] + chunks)
  }

  /// A real 3.1 file's INPT payload (uncompressed).
  static func inputData(of file: [UInt8]) throws -> [UInt8] {
    let (_, chunks) = try split31(file)
    return try #require(chunks.first { $0.0 == "INPT" }?.1)
  }
}

/// Rewrites a UIM 3.1 `InputData` message into the 3.0 schema (package `WacomInkFormat3`):
/// every identifier becomes a string (the UUID in its usual 8-4-4-4-12 hex form) and the
/// `samplingRateHint`/`latency` varints become `Uint32` messages; everything else is copied
/// field by field. Uses the reader's `ProtobufReader` to walk the message.
enum UIM30Transcoder {
  enum Rule {
    case id
    case message(String)
    case wrapUInt32
  }

  static let schema: [String: [Int: Rule]] = [
    "InputData": [1: .message("InputContextData"), 2: .message("SensorData")],
    "InputContextData": [
      1: .message("InputContext"), 2: .message("InkInputProvider"), 3: .message("InputDevice"),
      4: .message("Environment"), 5: .message("SensorContext"),
    ],
    "InputContext": [1: .id, 2: .id, 3: .id],
    "InkInputProvider": [1: .id],
    "InputDevice": [1: .id],
    "Environment": [1: .id],
    "SensorContext": [1: .id, 2: .message("SensorChannelsContext")],
    "SensorChannelsContext": [
      1: .id, 2: .message("SensorChannel"), 3: .wrapUInt32, 4: .wrapUInt32, 5: .id, 6: .id,
    ],
    "SensorChannel": [1: .id],
    "SensorData": [1: .id, 2: .id, 5: .message("ChannelData")],
    "ChannelData": [1: .id],
  ]

  static func transcode(_ bytes: [UInt8], message: String) throws -> [UInt8] {
    try bytes.withUnsafeBufferPointer { b in
      try transcode(ProtobufReader(BinaryByteReader(b, file: "transcode"), message: message))
    }
  }

  static func uuidString(_ b: [UInt8]) -> String {
    guard b.count == 16 else { return b.map { String(format: "%02x", $0) }.joined() }
    let hex = b.map { String(format: "%02x", $0) }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }

  private static func transcode(_ reader: ProtobufReader) throws -> [UInt8] {
    var m = reader
    var w = ProtobufWriter()
    let rules = schema[m.message] ?? [:]
    while let f = try m.next() {
      switch (rules[f.number], f.value) {
      case (.id, _): w.string(f.number, uuidString(try m.data(f)))
      case (.message(let name), _):
        w.data(f.number, try transcode(try m.message(f, name)))
      case (.wrapUInt32, .varint(let u)):
        var inner = ProtobufWriter()
        inner.varint(1, u)
        w.data(f.number, inner.bytes)
      case (_, .varint(let u)): w.varint(f.number, u)
      case (_, .fixed64(let u)): w.fixed64(f.number, u)
      case (_, .fixed32(let u)): w.fixed32(f.number, u)
      case (_, .bytes): w.data(f.number, try m.data(f))
      }
    }
    return w.bytes
  }
}
