import Foundation

/// A tiny protocol-buffers wire-format writer for hand-made test files (Wacom UIM payloads):
/// tags and varints are LEB128, `sint` values zig-zag encoded, doubles and floats little-endian
/// fixed64/fixed32, and length-delimited fields carry a varint length (protobuf encoding spec).
/// O(bytes written).
public struct ProtobufWriter: Sendable {
  public var bytes: [UInt8] = []

  public init() {}

  /// An unsigned LEB128 varint appended to `out`.
  public static func appendVarint(_ v: UInt64, to out: inout [UInt8]) {
    var v = v
    while v >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    out.append(UInt8(v))
  }

  /// Zig-zag mapping of a signed value: 0, −1, 1, −2 … → 0, 1, 2, 3 …
  public static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

  mutating func tag(_ field: Int, _ wireType: Int) {
    Self.appendVarint(UInt64(field << 3 | wireType), to: &bytes)
  }

  /// Wire type 0.
  public mutating func varint(_ field: Int, _ v: UInt64) {
    tag(field, 0)
    Self.appendVarint(v, to: &bytes)
  }

  /// Wire type 2: bytes, a string or a sub-message.
  public mutating func data(_ field: Int, _ b: [UInt8]) {
    tag(field, 2)
    Self.appendVarint(UInt64(b.count), to: &bytes)
    bytes += b
  }

  public mutating func string(_ field: Int, _ s: String) { data(field, Array(s.utf8)) }

  /// Wire type 1.
  public mutating func fixed64(_ field: Int, _ v: UInt64) {
    tag(field, 1)
    for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(k)))) }
  }

  /// Wire type 5.
  public mutating func fixed32(_ field: Int, _ v: UInt32) {
    tag(field, 5)
    for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
  }

  public mutating func double(_ field: Int, _ v: Double) { fixed64(field, v.bitPattern) }

  /// A packed repeated `sint32`/`sint64` field.
  public mutating func packedSInt(_ field: Int, _ values: [Int64]) {
    var p: [UInt8] = []
    for v in values { Self.appendVarint(Self.zigzag(v), to: &p) }
    data(field, p)
  }
}

/// Writing a RIFF container: `RIFF <u32 LE size> <form>` then `<id> <u32 LE size> <payload>`
/// chunks, each padded to an even length with a zero byte. O(bytes).
public enum RIFFWriter {
  public static func file(form: String, chunks: [(id: String, payload: [UInt8])]) -> [UInt8] {
    var body: [UInt8] = Array(form.utf8)
    for (id, payload) in chunks {
      body += Array(id.utf8)
      appendUInt32LE(UInt32(payload.count), to: &body)
      body += payload
      if payload.count % 2 == 1 { body.append(0) }
    }
    var out: [UInt8] = Array("RIFF".utf8)
    appendUInt32LE(UInt32(body.count), to: &out)
    return out + body
  }

  public static func appendUInt32LE(_ v: UInt32, to out: inout [UInt8]) {
    for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
  }
}
