import CZlib
import Foundation

/// Inflating a ZIP-compressed Wacom UIM chunk through Debian's zlib (see `UIMChunkCompression`
/// for why several framings are accepted).
///
/// Framings, told apart by the first bytes:
/// - `PK\3\4`: a PKZIP archive; the first local entry is read (method 0 stored or 8 deflated,
///   not encrypted), its CRC-32 and size checked when the header states them; anything after
///   the entry (central directory) is ignored;
/// - `1f 8b`: gzip (RFC 1952; zlib checks its CRC-32 and length);
/// - a valid RFC 1950 header (CM 8, CINFO ≤ 7, header divisible by 31): zlib (Adler-32 checked);
/// - anything else: raw deflate (RFC 1951). A raw stream could only be mistaken for zlib if its
///   first block were a non-final stored block with non-zero padding bits, which no encoder
///   writes.
/// Streams must end where the chunk ends. `inflateInit2_` is called directly because
/// `inflateInit2` is a C macro. O(output bytes); output in 64 KiB steps, capped at `limit`.
enum UIMInflate {
  enum Framing: String {
    case zlib, gzip, raw = "raw deflate"

    /// zlib's `windowBits` for the framing: 15 zlib, 15 + 16 gzip, −15 raw.
    var windowBits: Int32 {
      switch self {
      case .zlib: return 15
      case .gzip: return 15 + 16
      case .raw: return -15
      }
    }
  }

  static let step = 1 << 16

  /// The framing of a ZIP payload starting at `r.position` (not a PKZIP archive).
  static func framing(of r: BinaryByteReader) -> Framing {
    guard r.remaining >= 2 else { return .raw }
    let b0 = r.bytes[r.position]
    let b1 = r.bytes[r.position + 1]
    if b0 == 0x1F && b1 == 0x8B { return .gzip }
    if b0 & 0x0F == 8, b0 >> 4 <= 7, (Int(b0) << 8 | Int(b1)) % 31 == 0 { return .zlib }
    return .raw
  }

  static func decode(_ payload: BinaryByteReader, field: String, limit: Int) throws(FormatError)
    -> UIMChunkCompression.Output
  {
    let p = payload.position
    if payload.remaining >= 4, payload.bytes[p] == 0x50, payload.bytes[p + 1] == 0x4B,
      payload.bytes[p + 2] == 3, payload.bytes[p + 3] == 4
    {
      return UIMChunkCompression.Output(
        data: try zipEntry(payload, field: field, limit: limit), framing: "PKZIP archive")
    }
    let framing = framing(of: payload)
    let (data, _) = try inflate(
      payload, framing: framing, field: field, limit: limit, allowTrailing: false)
    return UIMChunkCompression.Output(data: data, framing: framing.rawValue)
  }

  /// Inflates `r`'s bytes from its position to its end. Returns the output and the number of
  /// input bytes the stream used.
  static func inflate(
    _ r: BinaryByteReader, framing: Framing, field: String, limit: Int, allowTrailing: Bool
  ) throws(FormatError) -> (Data, Int) {
    guard r.remaining > 0, let base = r.bytes.baseAddress else {
      throw r.error(field, "must hold a \(framing.rawValue) stream", "0 bytes")
    }
    var stream = z_stream()
    guard
      inflateInit2_(&stream, framing.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else {
      throw r.error(field, "needs zlib's inflater, which could not start", "out of memory")
    }
    defer { inflateEnd(&stream) }
    stream.next_in = UnsafeMutablePointer(mutating: base + r.position)
    stream.avail_in = UInt32(r.remaining)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: step)
    defer { buffer.deallocate() }
    var out = Data()
    while true {
      stream.next_out = buffer
      stream.avail_out = UInt32(step)
      let status = CZlib.inflate(&stream, Z_NO_FLUSH)
      let produced = step - Int(stream.avail_out)
      if produced > 0 {
        guard out.count + produced <= limit else {
          throw UIMChunkCompression.limitError(r, field: field, limit: limit)
        }
        out.append(buffer, count: produced)
      }
      let at = r.position + Int(stream.total_in)
      switch status {
      case Z_OK: continue
      case Z_STREAM_END:
        if !allowTrailing, stream.avail_in > 0 {
          throw r.error(
            field, "must end where its \(framing.rawValue) stream ends",
            "\(stream.avail_in) trailing byte(s)", at: at)
        }
        return (out, Int(stream.total_in))
      case Z_BUF_ERROR where stream.avail_in == 0:
        throw r.error(
          field, "must be a complete \(framing.rawValue) stream",
          "cut off after \(stream.total_in) byte(s)", at: at)
      case Z_NEED_DICT:
        throw r.error(
          field, "must not need a preset dictionary", "\(framing.rawValue) dictionary request",
          at: at)
      default:
        let message = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
        throw r.error(field, "must be a valid \(framing.rawValue) stream", message, at: at)
      }
    }
  }

  /// The first entry of a PKZIP archive (APPNOTE 4.3.7 local file header: signature, version,
  /// flags, method, time, date, CRC-32, compressed size, size, name length, extra length).
  static func zipEntry(_ payload: BinaryByteReader, field: String, limit: Int)
    throws(FormatError) -> Data
  {
    var r = payload
    let start = r.position
    try r.need(30, "\(field) ZIP local header")
    func u16(_ k: Int) -> Int { Int(r.bytes[start + k]) | Int(r.bytes[start + k + 1]) << 8 }
    func u32(_ k: Int) -> UInt32 { UInt32(u16(k)) | UInt32(u16(k + 2)) << 16 }
    let flags = u16(6)
    let method = u16(8)
    let crc = u32(14)
    let compressedSize = Int(u32(18))
    let size = Int(u32(22))
    let sizesKnown = flags & 8 == 0
    guard flags & 1 == 0 else {
      throw FormatError(
        .unsupportedVersion, file: r.file, location: .byte(r.base + start + 6),
        field: "\(field) ZIP entry flags", rule: "must not be encrypted (bit 0)",
        value: String(flags))
    }
    r.position = start + 30
    try r.need(u16(26) + u16(28), "\(field) ZIP entry name and extra field")
    r.position += u16(26) + u16(28)
    var data: Data
    switch method {
    case 0:
      guard sizesKnown else {
        throw r.error(
          "\(field) ZIP entry flags", "must state the size of a stored entry (bit 3 clear)",
          String(flags), at: start + 6)
      }
      guard compressedSize <= limit else {
        throw UIMChunkCompression.limitError(payload, field: field, limit: limit)
      }
      data = Data(try r.bytes(compressedSize, "\(field) ZIP stored entry"))
    case 8:
      (data, _) = try inflate(
        r, framing: .raw, field: "\(field) ZIP entry", limit: limit, allowTrailing: true)
    default:
      throw FormatError(
        .unsupportedVersion, file: r.file, location: .byte(r.base + start + 8),
        field: "\(field) ZIP entry method", rule: "must be 0 (stored) or 8 (deflated)",
        value: String(method))
    }
    if sizesKnown {
      guard data.count == size else {
        throw r.error(
          "\(field) ZIP entry size", "must equal the entry's decompressed length \(data.count)",
          String(size), at: start + 22)
      }
      let actual = data.withUnsafeBytes { raw in
        UInt32(crc32(0, raw.bindMemory(to: UInt8.self).baseAddress, uInt(raw.count)))
      }
      guard actual == crc else {
        throw r.error(
          "\(field) ZIP entry CRC-32", "must match the CRC-32 of the entry's data (\(actual))",
          String(crc), at: start + 14)
      }
    }
    return data
  }
}
