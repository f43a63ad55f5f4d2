import Foundation

/// A small hand-written protocol-buffers wire-format reader (no Swift protobuf package can be
/// fetched here), for Wacom UIM payloads (stroke-formats.md §8).
///
/// Supports the wire types 0 (varint), 1 (fixed64), 2 (length-delimited: bytes, strings,
/// sub-messages, packed repeated scalars) and 5 (fixed32); groups (3, 4) are rejected.
/// Every length is checked against the bytes left, so nothing reads out of bounds and no
/// count can force a large allocation; errors give the file byte offset. Unknown fields are
/// skipped, as protobuf requires. O(bytes) per message.
struct ProtobufReader {
  enum Value {
    case varint(UInt64)
    case fixed64(UInt64)
    case bytes(BinaryByteReader)
    case fixed32(UInt32)
  }

  struct Field {
    var number: Int
    var value: Value
    /// File offset of the field's tag.
    var offset: Int
  }

  var r: BinaryByteReader
  /// Message name used in errors ("SensorData").
  let message: String

  init(_ r: BinaryByteReader, message: String) {
    self.r = r
    self.message = message
  }

  /// The next field, or `nil` at the end of the message.
  mutating func next() throws(FormatError) -> Field? {
    guard !r.isAtEnd else { return nil }
    let at = r.position
    let tag = try r.varint("\(message) tag")
    let number = tag >> 3
    guard number >= 1, number <= 536_870_911 else {
      throw r.error("\(message) tag", "must have a field number in 1…2^29−1", String(tag), at: at)
    }
    let value: Value
    switch tag & 7 {
    case 0: value = .varint(try r.varint("\(message).\(number)"))
    case 1: value = .fixed64(try r.uint64LE("\(message).\(number)"))
    case 2:
      let n = try r.count("\(message).\(number) length", limit: r.remaining)
      value = .bytes(BinaryByteReader(slice: r, from: r.position, to: r.position + n))
      r.position += n
    case 5: value = .fixed32(try r.uint32LE("\(message).\(number)"))
    default:
      throw r.error(
        "\(message) tag", "must use wire type 0, 1, 2 or 5 (groups are not supported)",
        "wire type \(tag & 7)", at: at)
    }
    return Field(number: Int(number), value: value, offset: at)
  }

  func fail(_ f: Field, _ rule: String) -> FormatError {
    r.error("\(message).\(f.number)", rule, describe(f.value), at: f.offset)
  }

  private func describe(_ v: Value) -> String {
    switch v {
    case .varint(let u): return "varint \(u)"
    case .fixed64(let u): return "fixed64 \(u)"
    case .bytes(let b): return "\(b.remaining) bytes"
    case .fixed32(let u): return "fixed32 \(u)"
    }
  }

  func uint(_ f: Field) throws(FormatError) -> UInt64 {
    guard case .varint(let u) = f.value else { throw fail(f, "must be a varint") }
    return u
  }

  func double(_ f: Field) throws(FormatError) -> Double {
    guard case .fixed64(let u) = f.value else { throw fail(f, "must be a double (fixed64)") }
    return Double(bitPattern: u)
  }

  func float(_ f: Field) throws(FormatError) -> Float {
    guard case .fixed32(let u) = f.value else { throw fail(f, "must be a float (fixed32)") }
    return Float(bitPattern: u)
  }

  func bytes(_ f: Field) throws(FormatError) -> BinaryByteReader {
    guard case .bytes(let b) = f.value else { throw fail(f, "must be length-delimited") }
    return b
  }

  func data(_ f: Field) throws(FormatError) -> [UInt8] {
    var b = try bytes(f)
    return Array(try b.bytes(b.remaining, "\(message).\(f.number)"))
  }

  func string(_ f: Field) throws(FormatError) -> String {
    var b = try bytes(f)
    return try b.utf8(b.remaining, "\(message).\(f.number)")
  }

  func message(_ f: Field, _ name: String) throws(FormatError) -> ProtobufReader {
    ProtobufReader(try bytes(f), message: name)
  }

  /// Appends a repeated `sint32`/`sint64` field: packed (length-delimited run of zig-zag
  /// varints) or one unpacked varint, both of which a writer may use.
  func appendZigZag(_ f: Field, to out: inout [Int64]) throws(FormatError) {
    switch f.value {
    case .varint(let u):
      out.append(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1))))
    case .bytes(var b):
      out.reserveCapacity(out.count + b.remaining / 2)
      while !b.isAtEnd { out.append(try b.zigzag("\(message).\(f.number)")) }
    default:
      throw fail(f, "must be a packed or single sint value")
    }
  }
}
