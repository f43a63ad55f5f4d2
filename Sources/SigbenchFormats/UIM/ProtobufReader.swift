import Foundation

/// A small hand-written protocol-buffers wire-format reader (no Swift protobuf package can be
/// fetched here), for the payloads of Wacom Universal Ink Model files (RIFF chunks of
/// protobuf messages, schemas from Wacom's universal-ink-library).
///
/// Supports the wire types 0 (varint), 1 (fixed64), 2 (length-delimited: bytes, strings,
/// sub-messages, packed repeated scalars) and 5 (fixed32); groups (3, 4) are rejected.
/// Every length is checked against the bytes left, so nothing reads out of bounds and no
/// count can force a large allocation; errors give the file byte offset. Unknown fields are
/// skipped, as protobuf requires. O(bytes) per message.
///
/// Well-formed input takes a fast path (`quickVarint`) that builds no field names: the
/// error-naming reads of `BinaryByteReader` run only where the fast path fails, and re-read
/// the same bytes so the error is the same as without the fast path. (The field-name strings
/// were most of the decoding time: about 60 % of the instructions for the corpus files.)
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

  /// A complete varint of at most 64 bits at `r.position` (then consumed), or `nil` without
  /// moving when it is cut off or too long; the caller then re-reads it with the checked
  /// reader, which throws the named error.
  @inline(__always)
  static func quickVarint(_ r: inout BinaryByteReader) -> UInt64? {
    var p = r.position
    var v: UInt64 = 0
    var shift: UInt64 = 0
    while p < r.end {
      let b = r.bytes[p]
      p += 1
      if shift == 63, b > 1 { return nil }
      v |= UInt64(b & 0x7F) << shift
      if b < 0x80 {
        r.position = p
        return v
      }
      shift += 7
    }
    return nil
  }

  /// The next field, or `nil` at the end of the message.
  mutating func next() throws(FormatError) -> Field? {
    guard !r.isAtEnd else { return nil }
    let at = r.position
    let tag: UInt64
    if let t = Self.quickVarint(&r) { tag = t } else { tag = try r.varint("\(message) tag") }
    let number = tag >> 3
    guard number >= 1, number <= 536_870_911 else {
      throw r.error("\(message) tag", "must have a field number in 1…2^29−1", String(tag), at: at)
    }
    let value: Value
    switch tag & 7 {
    case 0:
      if let u = Self.quickVarint(&r) {
        value = .varint(u)
      } else {
        value = .varint(try r.varint("\(message).\(number)"))
      }
    case 1:
      guard r.remaining >= 8 else { throw fieldCutOff(number, 8) }
      value = .fixed64(try r.uint64LE(""))
    case 2:
      let start = r.position
      let n: Int
      if let u = Self.quickVarint(&r), u <= UInt64(r.remaining) {
        n = Int(u)
      } else {
        r.position = start
        n = try r.count("\(message).\(number) length", limit: r.remaining)
      }
      value = .bytes(BinaryByteReader(slice: r, from: r.position, to: r.position + n))
      r.position += n
    case 5:
      guard r.remaining >= 4 else { throw fieldCutOff(number, 4) }
      value = .fixed32(try r.uint32LE(""))
    default:
      throw r.error(
        "\(message) tag", "must use wire type 0, 1, 2 or 5 (groups are not supported)",
        "wire type \(tag & 7)", at: at)
    }
    return Field(number: Int(number), value: value, offset: at)
  }

  /// The checked reader's error for a fixed-size value cut off at the end.
  private func fieldCutOff(_ number: UInt64, _ n: Int) -> FormatError {
    r.error("\(message).\(number)", "needs \(n) more byte(s) before the end", "\(r.remaining) left")
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
    let b = try bytes(f)
    return Array(b.bytes[b.position..<b.end])
  }

  func string(_ f: Field) throws(FormatError) -> String {
    let b = try bytes(f)
    guard let s = String(validating: b.bytes[b.position..<b.end], as: UTF8.self) else {
      throw b.error("\(message).\(f.number)", "must be UTF-8", "\(b.remaining) bytes")
    }
    return s
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
      while !b.isAtEnd {
        if let u = Self.quickVarint(&b) {
          out.append(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1))))
        } else {
          out.append(try b.zigzag("\(message).\(f.number)"))
        }
      }
    default:
      throw fail(f, "must be a packed or single sint value")
    }
  }
}
