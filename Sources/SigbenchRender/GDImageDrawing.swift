import CGD
import Foundation

/// libgd operations beyond pixel access: resampling, copying, rectangles, bitmap-font text and
/// the other codecs. Every gd call stays inside a method of `GDImage` so the image outlives it.
extension GDImage {
  /// A copy of this image scaled to `width × height` with libgd's resampling filter (used for
  /// background pictures; ink never goes through it).
  public func resampled(width: Int, height: Int) throws(RenderError) -> GDImage {
    let out = try GDImage(width: width, height: height)
    gdImageCopyResampled(
      out.ptr, ptr, 0, 0, 0, 0, Int32(width), Int32(height), Int32(self.width),
      Int32(self.height))
    return out
  }

  /// Copies all of `source` with its top-left corner at (x, y), replacing pixels (no
  /// blending), clipped to this image.
  public func copy(_ source: GDImage, x: Int, y: Int) {
    gdImageCopy(
      ptr, source.ptr, Int32(x), Int32(y), 0, 0, Int32(source.width), Int32(source.height))
  }

  /// Fills the rectangle of pixels `x..<x+width`, `y..<y+height` with `color` (replacing).
  public func fill(x: Int, y: Int, width: Int, height: Int, color: RGBA) {
    guard width > 0, height > 0 else { return }
    gdImageFilledRectangle(
      ptr, Int32(x), Int32(y), Int32(x + width - 1), Int32(y + height - 1), color.gdPixel)
  }

  /// libgd's built-in bitmap fonts (no files, deterministic pixels).
  public enum Font: Sendable {
    case tiny, small, mediumBold, large, giant

    var pointer: gdFontPtr {
      switch self {
      case .tiny: return gdFontGetTiny()
      case .small: return gdFontGetSmall()
      case .mediumBold: return gdFontGetMediumBold()
      case .large: return gdFontGetLarge()
      case .giant: return gdFontGetGiant()
      }
    }

    /// Glyph cell size in pixels.
    public var glyphSize: (width: Int, height: Int) {
      let f = pointer.pointee
      return (Int(f.w), Int(f.h))
    }
  }

  /// Draws `text` (ASCII; other characters are shown as `?`) with its top-left corner at
  /// (x, y), clipped to `maxWidth` pixels (cut with an ellipsis `…` shown as `..`).
  public func drawString(
    _ text: String, x: Int, y: Int, font: Font, color: RGBA, maxWidth: Int? = nil
  ) {
    let glyph = font.glyphSize.width
    var chars = text.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? UInt8($0.value) : 63 }
    if let m = maxWidth, glyph > 0, chars.count * glyph > m {
      let keep = max(0, m / glyph - 2)
      chars = Array(chars.prefix(keep)) + [46, 46]
    }
    guard !chars.isEmpty else { return }
    chars.append(0)
    gdImageAlphaBlending(ptr, 1)
    defer { gdImageAlphaBlending(ptr, 0) }
    chars.withUnsafeMutableBufferPointer { buf in
      gdImageString(ptr, font.pointer, Int32(x), Int32(y), buf.baseAddress, color.gdPixel)
    }
  }

  /// JPEG bytes at `quality` (1–100); alpha is dropped.
  public func jpegData(quality: Int = 90) throws(RenderError) -> Data {
    var size: Int32 = 0
    guard let raw = gdImageJpegPtr(ptr, &size, Int32(quality)) else {
      throw .encodeFailed(format: "JPEG")
    }
    defer { gdFree(raw) }
    return Data(bytes: raw, count: Int(size))
  }

  /// A single-frame GIF (libgd quantises to a 256-colour palette).
  public func gifData() throws(RenderError) -> Data {
    var size: Int32 = 0
    guard let raw = gdImageGifPtr(ptr, &size) else { throw .encodeFailed(format: "GIF") }
    defer { gdFree(raw) }
    return Data(bytes: raw, count: Int(size))
  }

  /// Reads a PNG, JPEG or GIF file through libgd.
  public convenience init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    try self.init(decoding: data)
  }
}
