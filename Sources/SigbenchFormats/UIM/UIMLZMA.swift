import CLZMA
import Foundation

/// Decoding an LZMA-compressed Wacom UIM chunk through Debian's liblzma (XZ Utils; see
/// `UIMChunkCompression` for why the framing is guessed).
///
/// `lzma_auto_decoder` accepts an `.xz` stream (magic `fd 37 7a 58 5a 00`, checks verified) and
/// a legacy `.lzma` stream (LZMA_Alone: 5 property bytes and a 64-bit size, the LZMA SDK's own
/// format). The stream must end where the chunk ends. The decoder's memory is capped at
/// 2 × `limit` + 16 MiB, which covers the dictionaries of every xz preset for any output
/// `limit` allows; a header asking for more is a `limitExceeded` error before anything is
/// allocated. O(output bytes); output in 64 KiB steps, capped at `limit`.
enum UIMLZMA {
  static func memoryLimit(forOutput limit: Int) -> UInt64 { UInt64(limit) * 2 + (1 << 24) }

  static func decode(_ r: BinaryByteReader, field: String, limit: Int) throws(FormatError) -> Data {
    guard r.remaining > 0, let base = r.bytes.baseAddress else {
      throw r.error(field, "must hold an .xz or .lzma stream", "0 bytes")
    }
    var stream = lzma_stream()
    let memoryLimit = memoryLimit(forOutput: limit)
    guard lzma_auto_decoder(&stream, memoryLimit, 0) == LZMA_OK else {
      throw r.error(field, "needs liblzma's decoder, which could not start", "out of memory")
    }
    defer { lzma_end(&stream) }
    stream.next_in = UnsafePointer(base + r.position)
    stream.avail_in = r.remaining
    let step = UIMInflate.step
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: step)
    defer { buffer.deallocate() }
    var out = Data()
    while true {
      stream.next_out = buffer
      stream.avail_out = step
      let status = lzma_code(&stream, LZMA_FINISH)
      let produced = step - stream.avail_out
      if produced > 0 {
        guard out.count + produced <= limit else {
          throw UIMChunkCompression.limitError(r, field: field, limit: limit)
        }
        out.append(buffer, count: produced)
      }
      let at = r.position + Int(stream.total_in)
      switch status {
      case LZMA_OK: continue
      case LZMA_STREAM_END:
        guard stream.avail_in == 0 else {
          throw r.error(
            field, "must end where its LZMA stream ends", "\(stream.avail_in) trailing byte(s)",
            at: at)
        }
        return out
      case LZMA_BUF_ERROR:
        throw r.error(
          field, "must be a complete LZMA stream", "cut off after \(stream.total_in) byte(s)",
          at: at)
      case LZMA_FORMAT_ERROR:
        throw r.error(
          field, "must be an .xz or .lzma stream", "first byte \(r.bytes[r.position])",
          at: r.position)
      case LZMA_MEMLIMIT_ERROR:
        throw FormatError(
          .limitExceeded, file: r.file, location: .byte(r.base + at), field: field,
          rule:
            "must decode within \(memoryLimit) bytes of decoder memory (2 × limit maxFileBytes + 16 MiB)",
          value: "\(lzma_memusage(&stream)) bytes")
      case LZMA_OPTIONS_ERROR:
        throw FormatError(
          .unsupportedVersion, file: r.file, location: .byte(r.base + at), field: field,
          rule: "must use LZMA options liblzma supports", value: "unsupported header")
      default:
        throw r.error(
          field, "must be a valid LZMA stream", "liblzma status \(status.rawValue)", at: at)
      }
    }
  }
}
