import CLZMA
import CZlib
import Foundation
import SigbenchFormats

/// Compressors for test fixtures (compressed Wacom UIM chunks), through Debian's zlib and
/// liblzma — the writer side of what `UIMChunkCompression` reads. Each returns `nil` only when
/// the library fails (out of memory). O(n).
public enum TestCompression {
  /// zlib's framings: RFC 1950 zlib, RFC 1952 gzip, RFC 1951 raw deflate.
  public enum DeflateFraming: String, Sendable, CaseIterable {
    case zlib, gzip, raw

    var windowBits: Int32 {
      switch self {
      case .zlib: return 15
      case .gzip: return ZlibCodec.gzipWindowBits
      case .raw: return -15
      }
    }
  }

  /// `input` deflated at zlib's default level 6 (`ZlibCodec`, the format study's own zlib).
  public static func deflate(_ input: [UInt8], framing: DeflateFraming) -> [UInt8]? {
    ZlibCodec.deflate(input, windowBits: framing.windowBits)
  }

  /// A PKZIP archive (APPNOTE 4.3) of one entry `name` holding `input`, deflated (method 8) or
  /// stored (method 0), with its central directory and end record.
  public static func zipArchive(_ input: [UInt8], name: String = "INPT", deflated: Bool = true)
    -> [UInt8]?
  {
    guard let data = deflated ? deflate(input, framing: .raw) : input else { return nil }
    let crc = UInt32(input.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    let nameBytes = Array(name.utf8)
    func u16(_ v: Int, _ out: inout [UInt8]) {
      out += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
    }
    func common(_ out: inout [UInt8]) {
      u16(20, &out)  // version needed
      u16(0, &out)  // flags
      u16(deflated ? 8 : 0, &out)
      u16(0, &out)  // time
      u16(0x21, &out)  // date 1980-01-01
      RIFFWriter.appendUInt32LE(crc, to: &out)
      RIFFWriter.appendUInt32LE(UInt32(data.count), to: &out)
      RIFFWriter.appendUInt32LE(UInt32(input.count), to: &out)
      u16(nameBytes.count, &out)
      u16(0, &out)  // extra length
    }
    var out: [UInt8] = [0x50, 0x4B, 3, 4]
    common(&out)
    out += nameBytes + data
    let central = out.count
    out += [0x50, 0x4B, 1, 2]
    u16(20, &out)  // version made by
    common(&out)
    out += [UInt8](repeating: 0, count: 14)  // comment length, disk, attributes, offset 0
    out += nameBytes
    let centralSize = out.count - central
    out += [0x50, 0x4B, 5, 6, 0, 0, 0, 0]
    u16(1, &out)
    u16(1, &out)
    RIFFWriter.appendUInt32LE(UInt32(centralSize), to: &out)
    RIFFWriter.appendUInt32LE(UInt32(central), to: &out)
    u16(0, &out)
    return out
  }

  /// `input` as an `.xz` stream (preset 6, CRC-64 check).
  public static func xz(_ input: [UInt8]) -> [UInt8]? {
    var stream = lzma_stream()
    guard lzma_easy_encoder(&stream, 6, LZMA_CHECK_CRC64) == LZMA_OK else { return nil }
    return encode(input, &stream)
  }

  /// `input` as a legacy `.lzma` stream (LZMA_Alone, preset 6).
  public static func lzmaAlone(_ input: [UInt8]) -> [UInt8]? {
    var options = lzma_options_lzma()
    guard lzma_lzma_preset(&options, 6) == 0 else { return nil }
    var stream = lzma_stream()
    guard lzma_alone_encoder(&stream, &options) == LZMA_OK else { return nil }
    return encode(input, &stream)
  }

  private static func encode(_ input: [UInt8], _ stream: inout lzma_stream) -> [UInt8]? {
    defer { lzma_end(&stream) }
    var output = [UInt8](repeating: 0, count: input.count + input.count / 2 + (1 << 16))
    let status = input.withUnsafeBufferPointer { inp in
      output.withUnsafeMutableBufferPointer { out -> lzma_ret in
        stream.next_in = inp.baseAddress
        stream.avail_in = inp.count
        stream.next_out = out.baseAddress
        stream.avail_out = out.count
        return lzma_code(&stream, LZMA_FINISH)
      }
    }
    guard status == LZMA_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }
}
