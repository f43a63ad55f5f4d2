import Foundation

/// The chunks of a RIFF container (`RIFF <u32 LE size> <form type>` then chunks of
/// `<4-byte id> <u32 LE size> <payload>` padded to an even length), as Wacom UIM uses it
/// (form type `UINK`, then `HEAD` and the content chunks).
///
/// Only the list of chunks is read; payloads stay in place (offsets into the buffer). The
/// declared RIFF size must fit the bytes present, and so must every chunk. O(chunks).
struct RIFFChunks {
  struct Chunk {
    /// Four ASCII characters, for example `HEAD` or `INPT`.
    var id: String
    /// Byte offset of the payload in the file.
    var offset: Int
    var size: Int
  }

  var form: String
  var chunks: [Chunk]

  /// Reads the container from `r` (positioned at the start of the file).
  static func read(_ r: inout BinaryByteReader) throws(FormatError) -> RIFFChunks {
    let magic = try r.bytes(4, "RIFF magic")
    guard magic.elementsEqual(Array("RIFF".utf8)) else {
      throw r.error("RIFF magic", "must be \"RIFF\"", ascii(magic), at: 0)
    }
    let sizeAt = r.position
    let size = Int(try r.uint32LE("RIFF size"))
    guard size >= 4, size <= r.remaining else {
      throw r.error(
        "RIFF size", "must be at least 4 and fit the \(r.remaining) bytes that follow",
        String(size), at: sizeAt)
    }
    let end = r.position + size
    let form = ascii(try r.bytes(4, "RIFF form type"))
    var chunks: [Chunk] = []
    while r.position + 8 <= end {
      let idAt = r.position
      let id = ascii(try r.bytes(4, "chunk id"))
      let chunkSize = Int(try r.uint32LE("chunk size"))
      guard chunkSize <= end - r.position else {
        throw r.error(
          "chunk \(id) size", "must fit inside the RIFF container (\(end - r.position) bytes left)",
          String(chunkSize), at: idAt + 4)
      }
      chunks.append(Chunk(id: id, offset: r.position, size: chunkSize))
      r.position += chunkSize + (chunkSize & 1)
    }
    if r.position < end {
      throw r.error(
        "chunk", "must end where the RIFF container ends", "\(end - r.position) stray byte(s)")
    }
    r.position = min(end, r.end)
    return RIFFChunks(form: form, chunks: chunks)
  }

  static func ascii(_ b: UnsafeBufferPointer<UInt8>) -> String {
    String(b.map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "?" })
  }
}
