import CGD
import Foundation
import SigbenchCore

/// A truecolor libgd image. The only reference type in the render path: it owns the
/// `gdImagePtr` and destroys it on deinit (`gdImageDestroy`; every libgd image must be
/// destroyed, and a final class with that deinit showed no leak under valgrind memcheck).
public final class GDImage {
  let ptr: gdImagePtr

  /// Width in pixels.
  public var width: Int { Int(ptr.pointee.sx) }
  /// Height in pixels.
  public var height: Int { Int(ptr.pointee.sy) }

  /// A new truecolor image, fully transparent, with alpha saved in PNG output.
  public init(width: Int, height: Int) throws(RenderError) {
    guard width > 0, height > 0, width <= 32_768, height <= 32_768,
      let p = gdImageCreateTrueColor(Int32(width), Int32(height))
    else { throw .invalidCanvas(width: width, height: height) }
    ptr = p
    gdImageAlphaBlending(ptr, 0)
    gdImageSaveAlpha(ptr, 1)
  }

  /// Decodes a PNG, JPEG or GIF (chosen by content) through libgd, after its header's pixel
  /// size (`PictureHeader`) is checked against `InputEnvelope.picturePixels`.
  public init(decoding data: Data) throws(RenderError) {
    if let (w, h) = PictureHeader.pixelSize(data),
      !InputEnvelope.picturePixels.admits(Double(w) * Double(h))
    {
      throw .vector(
        "the picture declares \(w)×\(h) px in its header, \(w * h) pixels, which "
          + InputEnvelope.picturePixels.rule)
    }
    let p: gdImagePtr? = data.withUnsafeBytes { raw -> gdImagePtr? in
      guard let base = raw.baseAddress, raw.count > 8, raw.count < Int(Int32.max) else {
        return nil
      }
      let mutable = UnsafeMutableRawPointer(mutating: base)
      if raw[0] == 0x89 && raw[1] == 0x50 && raw[2] == 0x4E && raw[3] == 0x47 {
        return gdImageCreateFromPngPtr(Int32(raw.count), mutable)
      }
      if raw[0] == 0xFF && raw[1] == 0xD8 {
        return gdImageCreateFromJpegPtr(Int32(raw.count), mutable)
      }
      if raw[0] == 0x47 && raw[1] == 0x49 && raw[2] == 0x46 {
        return gdImageCreateFromGifPtr(Int32(raw.count), mutable)
      }
      return nil
    }
    guard let p else { throw .decodeFailed(bytes: data.count) }
    if p.pointee.trueColor == 0 { gdImagePaletteToTrueColor(p) }
    ptr = p
    gdImageAlphaBlending(ptr, 0)
    gdImageSaveAlpha(ptr, 1)
  }

  init(owning p: gdImagePtr) {
    ptr = p
  }

  deinit { gdImageDestroy(ptr) }

  /// Calls `body` with row `y`'s packed libgd pixels (`width` of them), for fast direct access.
  @inline(__always) public func withRow<R>(_ y: Int, _ body: (UnsafeMutablePointer<Int32>) -> R)
    -> R
  {
    body(ptr.pointee.tpixels[y]!)
  }

  /// The pixel at (x, y) as straight (non-premultiplied) 8-bit RGBA.
  public func rgba(x: Int, y: Int) -> RGBA {
    RGBA(gdPixel: ptr.pointee.tpixels[y]![x])
  }

  /// Writes one row of straight 8-bit RGBA pixels.
  public func setRow(_ y: Int, _ pixels: UnsafeBufferPointer<RGBA>) {
    let row = ptr.pointee.tpixels[y]!
    for x in 0..<min(width, pixels.count) { row[x] = pixels[x].gdPixel }
  }

  /// PNG bytes at zlib `level` (1 fast … 9 small; -1 libgd's default, 6).
  public func pngData(level: Int = 3) -> Data {
    var size: Int32 = 0
    guard let raw = gdImagePngPtrEx(ptr, &size, Int32(level)) else { return Data() }
    defer { gdFree(raw) }
    return Data(bytes: raw, count: Int(size))
  }

  /// Every pixel as straight RGBA, row by row.
  public func pixels() -> [RGBA] {
    var out: [RGBA] = []
    out.reserveCapacity(width * height)
    for y in 0..<height {
      let row = ptr.pointee.tpixels[y]!
      for x in 0..<width { out.append(RGBA(gdPixel: row[x])) }
    }
    return out
  }
}

/// An 8-bit straight-alpha colour (alpha 255 = opaque).
public struct RGBA: Hashable, Sendable, Codable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let white = RGBA(255, 255, 255)
  public static let black = RGBA(0, 0, 0)
  public static let clear = RGBA(0, 0, 0, 0)

  /// libgd's packed truecolor pixel: 7-bit inverted alpha (0 opaque, 127 transparent).
  init(gdPixel v: Int32) {
    let u = UInt32(bitPattern: v)
    let ga = (u >> 24) & 0x7F
    a = UInt8((127 - ga) * 255 / 127)
    r = UInt8((u >> 16) & 0xFF)
    g = UInt8((u >> 8) & 0xFF)
    b = UInt8(u & 0xFF)
  }

  var gdPixel: Int32 {
    let ga = UInt32(127 - (UInt32(a) * 127 + 127) / 255)
    return Int32(bitPattern: (ga << 24) | (UInt32(r) << 16) | (UInt32(g) << 8) | UInt32(b))
  }

  /// Parses `#rrggbb`, `#rrggbbaa` or a few names (black, white, red, blue, yellow,
  /// transparent).
  public init?(parsing text: String) {
    let names: [String: RGBA] = [
      "black": .black, "white": .white, "red": RGBA(220, 30, 30), "blue": RGBA(30, 80, 220),
      "yellow": RGBA(255, 230, 0), "transparent": .clear, "none": .clear,
    ]
    if let c = names[text.lowercased()] {
      self = c
      return
    }
    var hex = Substring(text)
    if hex.first == "#" { hex.removeFirst() }
    guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else { return nil }
    if hex.count == 6 {
      self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    } else {
      self.init(UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
    }
  }
}

/// Why a render failed.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  case invalidCanvas(width: Int, height: Int)
  /// A canvas whose device pixels × supersample² pass `InputEnvelope.canvasSubsamples`.
  case overBudget(width: Int, height: Int, supersample: Int)
  case decodeFailed(bytes: Int)
  case encodeFailed(format: String)
  case vector(String)

  public var description: String {
    switch self {
    case .invalidCanvas(let w, let h):
      return "canvas size must be between 1×1 and 32768×32768 pixels; got \(w)×\(h)"
    case .overBudget(let w, let h, let s):
      let needed = Double(w) * Double(h) * Double(s * s)
      return "a canvas of \(w)×\(h) device px at supersample \(s) needs "
        + "\(Int(needed)) canvas sub-samples, which \(InputEnvelope.canvasSubsamples.rule)"
    case .decodeFailed(let n):
      return "libgd could not decode the image (\(n) bytes; PNG, JPEG or GIF expected)"
    case .encodeFailed(let f): return "libgd could not encode the image as \(f)"
    case .vector(let m): return m
    }
  }
}
