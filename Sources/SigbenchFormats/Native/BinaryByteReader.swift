import Foundation

/// Bounds-checked little-endian reading of a byte buffer, for the binary formats (sigbench's
/// `.sbi` and the protobuf payloads of Wacom UIM).
///
/// Every read checks the remaining length first and throws a `FormatError` naming the file,
/// the 0-based byte offset (`base` + position), the field and the rule; nothing traps on any
/// input. Varints are LEB128 (7 bits per byte, low group first, at most 10 bytes for 64 bits).
struct BinaryByteReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let file: String
  /// Offset of `bytes[0]` in the whole file, so errors give file offsets.
  let base: Int
  var position: Int
  let end: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, file: String, base: Int = 0) {
    self.bytes = bytes
    self.file = file
    self.base = base
    self.position = 0
    self.end = bytes.count
  }

  /// A reader over `bytes[from..<to]` sharing this one's file and offsets.
  init(slice of: BinaryByteReader, from: Int, to: Int) {
    self.bytes = of.bytes
    self.file = of.file
    self.base = of.base
    self.position = from
    self.end = to
  }

  var remaining: Int { end - position }
  var isAtEnd: Bool { position >= end }

  func error(_ field: String, _ rule: String, _ value: String, at: Int? = nil) -> FormatError {
    FormatError(
      .malformed, file: file, location: .byte(base + (at ?? position)), field: field, rule: rule,
      value: value)
  }

  mutating func need(_ n: Int, _ field: String) throws(FormatError) {
    guard n >= 0, remaining >= n else {
      throw error(field, "needs \(n) more byte(s) before the end", "\(remaining) left")
    }
  }

  mutating func byte(_ field: String) throws(FormatError) -> UInt8 {
    try need(1, field)
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint32LE(_ field: String) throws(FormatError) -> UInt32 {
    try need(4, field)
    var v: UInt32 = 0
    for k in 0..<4 { v |= UInt32(bytes[position + k]) << (8 * k) }
    position += 4
    return v
  }

  mutating func uint64LE(_ field: String) throws(FormatError) -> UInt64 {
    try need(8, field)
    var v: UInt64 = 0
    for k in 0..<8 { v |= UInt64(bytes[position + k]) << (8 * k) }
    position += 8
    return v
  }

  mutating func float64LE(_ field: String) throws(FormatError) -> Double {
    Double(bitPattern: try uint64LE(field))
  }

  mutating func float32LE(_ field: String) throws(FormatError) -> Float {
    Float(bitPattern: try uint32LE(field))
  }

  /// An unsigned LEB128 varint of up to 10 bytes.
  @inline(__always)
  mutating func varint(_ field: String) throws(FormatError) -> UInt64 {
    if position < end, bytes[position] < 0x80 {
      defer { position += 1 }
      return UInt64(bytes[position])
    }
    let start = position
    var v: UInt64 = 0
    var shift: UInt64 = 0
    while position < end {
      let b = bytes[position]
      position += 1
      if shift == 63, b > 1 {
        throw error(field, "must be a varint of at most 64 bits", "byte \(b)", at: start)
      }
      v |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return v }
      shift += 7
    }
    throw error(
      field, "must be a complete varint", "cut off after \(position - start) byte(s)", at: start)
  }

  /// A varint that must fit `Int` and be at most `limit` (for counts and lengths).
  mutating func count(_ field: String, limit: Int) throws(FormatError) -> Int {
    let start = position
    let v = try varint(field)
    guard v <= UInt64(limit) else {
      throw error(field, "must be at most \(limit)", String(v), at: start)
    }
    return Int(v)
  }

  /// A zig-zag encoded signed varint: 0, −1, 1, −2 … ↔ 0, 1, 2, 3 …
  @inline(__always)
  mutating func zigzag(_ field: String) throws(FormatError) -> Int64 {
    let u = try varint(field)
    return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
  }

  mutating func bytes(_ n: Int, _ field: String) throws(FormatError) -> UnsafeBufferPointer<UInt8> {
    try need(n, field)
    defer { position += n }
    return UnsafeBufferPointer(rebasing: bytes[position..<(position + n)])
  }

  mutating func utf8(_ n: Int, _ field: String) throws(FormatError) -> String {
    let b = try bytes(n, field)
    guard let s = String(validating: b, as: UTF8.self) else {
      throw error(field, "must be UTF-8", "\(n) bytes", at: position - n)
    }
    return s
  }
}

/// Appending LEB128 varints and zig-zag values to a byte array (the writer side).
enum BinaryByteWriter {
  @inline(__always)
  static func varint(_ v: UInt64, into out: inout [UInt8]) {
    var v = v
    while v >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    out.append(UInt8(v))
  }

  @inline(__always)
  static func zigzag(_ v: Int64, into out: inout [UInt8]) {
    varint(UInt64(bitPattern: (v << 1) ^ (v >> 63)), into: &out)
  }

  static func float64LE(_ v: Double, into out: inout [UInt8]) {
    let bits = v.bitPattern
    for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k)))) }
  }

  static func string(_ s: String, into out: inout [UInt8]) {
    let u = Array(s.utf8)
    varint(UInt64(u.count), into: &out)
    out.append(contentsOf: u)
  }
}
