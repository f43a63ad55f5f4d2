import Foundation

/// The compression of a Wacom UIM 3.1 content chunk: byte 4 of the chunk's 8-byte descriptor in
/// `HEAD` (Wacom's UIM encoding spec and universal-ink-library's
/// `CompressionType`: 0 NONE, 1 ZIP, 2 LZMA; every other value is rejected).
///
/// Neither the spec ("ZIP compression", "LZMA compression") nor Wacom's library says how the
/// compressed bytes are framed: the library's reader and writer both refuse compressed chunks,
/// and no compressed sample file exists. sigbench therefore accepts every common framing and
/// tells them apart by their first bytes (see `UIMInflate.framing(of:)`):
/// - ZIP: a PKZIP archive (`PK\3\4`, its first entry, stored or deflated), a gzip stream
///   (RFC 1952), a zlib stream (RFC 1950), or else a raw deflate stream (RFC 1951) — through
///   Debian's zlib;
/// - LZMA: an `.xz` stream or a legacy `.lzma` stream (LZMA_Alone, the LZMA SDK's own
///   format) — through Debian's liblzma auto decoder.
///
/// Output is capped at `limit` bytes (the reader's `maxFileBytes`): decoding stops, with a
/// `limitExceeded` error, as soon as more would come, so a decompression bomb costs at most
/// `limit` + 64 KiB of memory. Cost: O(output bytes).
enum UIMChunkCompression: UInt8, CaseIterable {
  case none = 0
  case zip = 1
  case lzma = 2

  /// The spec's name of the method.
  var name: String {
    switch self {
    case .none: return "NONE"
    case .zip: return "ZIP"
    case .lzma: return "LZMA"
    }
  }

  /// A decompressed payload and the framing it was found in ("zlib", "xz" …).
  struct Output {
    var data: Data
    var framing: String
  }

  /// Decompresses the whole of `payload` (a chunk's bytes); `chunk` names the chunk in errors.
  /// Errors give the file byte offset where decoding failed (or the chunk's offset for limits).
  func decompress(_ payload: BinaryByteReader, chunk: String, limit: Int) throws(FormatError)
    -> Output
  {
    let field = "\(chunk) \(name) payload"
    guard payload.remaining > 0 else {
      throw payload.error(field, "must not be empty", "0 bytes")
    }
    switch self {
    case .none:
      var r = payload
      return Output(data: Data(try r.bytes(r.remaining, field)), framing: "none")
    case .zip:
      return try UIMInflate.decode(payload, field: field, limit: limit)
    case .lzma:
      let xz = payload.bytes[payload.position] == 0xFD
      return Output(
        data: try UIMLZMA.decode(payload, field: field, limit: limit),
        framing: xz ? "xz" : ".lzma (LZMA_Alone)")
    }
  }

  /// The error for output beyond `limit`, at the payload's first byte.
  static func limitError(_ payload: BinaryByteReader, field: String, limit: Int) -> FormatError {
    FormatError(
      .limitExceeded, file: payload.file, location: .byte(payload.base + payload.position),
      field: field, rule: "must decompress to at most \(limit) bytes (limit maxFileBytes)",
      value: "more than \(limit) bytes")
  }
}
