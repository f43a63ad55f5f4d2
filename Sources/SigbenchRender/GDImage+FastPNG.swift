import CPNG
import Foundation

extension GDImage {
  /// PNG bytes written for speed: libpng 1.6's simplified write API (`png_image_write_to_memory`)
  /// with `PNG_IMAGE_FLAG_FAST`, which writes every row unfiltered at zlib level 3.
  ///
  /// libgd has no way to choose PNG row filters, so `pngData(level:)` leaves libpng's adaptive
  /// filter search on: for each row it tries all five filters and keeps the best, and on the
  /// run's pictures (mostly flat background, thin anti-aliased ink) that search took half of
  /// `sigbench run`'s processor time. Unfiltered rows compress as well here (600 of the run's
  /// pictures: 3.34 MB against libgd's 3.63 MB at level 3) in about a third of the time.
  ///
  /// The pixels are libgd's: each is converted exactly as libgd's own PNG writer converts it
  /// (8-bit alpha = 255 − (2·a₇ + a₇ >> 6) from libgd's 7-bit alpha), so the decoded picture is
  /// identical to what `pngData(level:)` writes. The file also carries an sRGB chunk, which the
  /// simplified API always writes.
  ///
  /// - Complexity: O(width × height); one RGBA buffer of 4 bytes per pixel and one output buffer.
  /// - Throws: `RenderError.encodeFailed` when libpng reports an error (its message included).
  public func fastPNGData() throws(RenderError) -> Data {
    let w = width
    let h = height
    var rgba = [UInt8](repeating: 0, count: w * h * 4)
    rgba.withUnsafeMutableBufferPointer { out in
      for y in 0..<h {
        withRow(y) { row in
          let o = out.baseAddress! + y * w * 4
          for x in 0..<w {
            let v = UInt32(bitPattern: row[x])
            let a7 = (v >> 24) & 0x7F
            o[x * 4] = UInt8(truncatingIfNeeded: v >> 16)
            o[x * 4 + 1] = UInt8(truncatingIfNeeded: v >> 8)
            o[x * 4 + 2] = UInt8(truncatingIfNeeded: v)
            o[x * 4 + 3] = UInt8(255 - ((a7 << 1) + (a7 >> 6)))
          }
        }
      }
    }
    // Unfiltered rows at level 3 rarely grow past the raw size; when they do, libpng reports
    // the size it needs and the second attempt uses it.
    var capacity = w * h * 4 + h + 4096
    for _ in 0..<2 {
      var image = png_image()
      image.version = png_uint_32(PNG_IMAGE_VERSION)
      image.width = png_uint_32(w)
      image.height = png_uint_32(h)
      image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
      image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
      var data = Data(count: capacity)
      var size = png_alloc_size_t(capacity)
      let ok = data.withUnsafeMutableBytes { dst in
        rgba.withUnsafeBytes { src in
          png_image_write_to_memory(
            &image, dst.baseAddress, &size, 0, src.baseAddress, png_int_32(w * 4), nil)
        }
      }
      if ok != 0 {
        data.count = Int(size)
        return data
      }
      let message = withUnsafeBytes(of: image.message) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      png_image_free(&image)
      guard Int(size) > capacity else {
        throw .encodeFailed(format: "PNG (libpng: \(message.isEmpty ? "unknown error" : message))")
      }
      capacity = Int(size)
    }
    throw .encodeFailed(format: "PNG (libpng asked for more memory twice)")
  }
}
