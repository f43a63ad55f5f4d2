import CZlib
import Foundation

/// zlib (Debian's `zlib1g-dev`): gzip (RFC 1952) for the format study's compressed sizes, and
/// deflate in any of zlib's framings for the tests' compressed Wacom UIM chunks.
///
/// `deflateInit2` is a C macro, so its underlying function `deflateInit2_` is called with
/// the library version and stream size. Level 6 is zlib's and gzip's default. O(n).
public enum ZlibCodec {
  static let level: Int32 = 6
  /// Window bits that select gzip's wrapper (15 + 16); 15 is RFC 1950 zlib, −15 raw deflate.
  public static let gzipWindowBits: Int32 = 15 + 16

  /// `input` deflated at level 6, framed by `windowBits` (15 zlib, 15 + 16 gzip, −15 raw);
  /// `nil` only if zlib fails (out of memory, invalid window bits).
  public static func deflate(_ input: [UInt8], windowBits: Int32) -> [UInt8]? {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var source = input
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
    let status = source.withUnsafeMutableBufferPointer { inp in
      output.withUnsafeMutableBufferPointer { out -> Int32 in
        stream.next_in = inp.baseAddress
        stream.avail_in = UInt32(inp.count)
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        return CZlib.deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }

  /// `data` gzip-compressed; `nil` only if zlib fails (out of memory).
  static func compress(_ data: Data) -> Data? {
    deflate([UInt8](data), windowBits: gzipWindowBits).map { Data($0) }
  }

  /// The bytes of a gzip stream; `nil` when it is not valid gzip. Used by tests to show the
  /// sizes are of real, decodable gzip.
  static func decompress(_ data: Data, limit: Int = 1 << 30) -> Data? {
    var stream = z_stream()
    guard
      inflateInit2_(&stream, gzipWindowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        == Z_OK
    else { return nil }
    defer { inflateEnd(&stream) }
    var input = [UInt8](data)
    var result = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var status: Int32 = Z_OK
    input.withUnsafeMutableBufferPointer { inp in
      stream.next_in = inp.baseAddress
      stream.avail_in = UInt32(inp.count)
      while status == Z_OK, result.count <= limit {
        chunk.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(out.count)
          status = inflate(&stream, Z_NO_FLUSH)
          result.append(out.baseAddress!, count: out.count - Int(stream.avail_out))
        }
      }
    }
    return status == Z_STREAM_END ? result : nil
  }
}
