import SigbenchCore

/// An RGBA canvas with premultiplied floating-point pixels: layers are composited onto it
/// with "source over", then it is written once into a libgd image.
///
/// Compositing a layer through a `CoverageMask` gives each layer one alpha per pixel, so a
/// translucent stroke crossing itself does not darken (a highlighter pen at opacity 0.3).
///
/// - Complexity: every composite is O(pixels of the layer's dirty rectangle); `makeImage` is
///   O(width × height).
public struct Canvas: Sendable {
  public let width: Int
  public let height: Int
  /// Premultiplied r, g, b, a in [0, 1], 4 values per pixel.
  var pixels: [Float]
  /// One row of coverage counts, reused by `composite(_:color:opacity:)`.
  var rowScratch: [UInt8]

  /// A canvas filled with `background` (use `.clear` for transparent).
  public init(width: Int, height: Int, background: RGBA) {
    self.width = width
    self.height = height
    let a = Float(background.a) / 255
    let r = Float(background.r) / 255 * a
    let g = Float(background.g) / 255 * a
    let b = Float(background.b) / 255 * a
    pixels = [Float](repeating: 0, count: width * height * 4)
    rowScratch = [UInt8](repeating: 0, count: width)
    if a > 0 {
      pixels.withUnsafeMutableBufferPointer { buf in
        for i in 0..<(width * height) {
          buf[i * 4] = r
          buf[i * 4 + 1] = g
          buf[i * 4 + 2] = b
          buf[i * 4 + 3] = a
        }
      }
    }
  }

  /// A canvas holding `image`'s pixels (a background picture), resampled by libgd to
  /// `width × height` when the sizes differ.
  public init(image: GDImage, width: Int, height: Int) throws(RenderError) {
    let source =
      try (image.width == width && image.height == height)
      ? image : image.resampled(width: width, height: height)
    self.init(width: width, height: height, background: .clear)
    pixels.withUnsafeMutableBufferPointer { buf in
      for y in 0..<height {
        source.withRow(y) { row in
          for x in 0..<width {
            let c = RGBA(gdPixel: row[x])
            let a = Float(c.a) / 255
            let i = (y * width + x) * 4
            buf[i] = Float(c.r) / 255 * a
            buf[i + 1] = Float(c.g) / 255 * a
            buf[i + 2] = Float(c.b) / 255 * a
            buf[i + 3] = a
          }
        }
      }
    }
  }

  /// Composites `color` (its alpha times `opacity`) through the coverage of `mask`'s dirty
  /// rectangle.
  public mutating func composite(_ mask: CoverageMask, color: RGBA, opacity: Double = 1) {
    precondition(mask.width == width && mask.height == height, "mask and canvas differ in size")
    let rect = mask.dirtyPixels
    guard !rect.isEmpty else { return }
    let scale = 1 / Float(mask.factor * mask.factor)
    var scratch = rowScratch
    rowScratch = []
    defer { rowScratch = scratch }
    for y in rect.minY..<rect.maxY {
      let one = PixelRect(minX: rect.minX, minY: y, maxX: rect.maxX, maxY: y + 1)
      scratch.withUnsafeMutableBufferPointer { row in
        mask.downsample(one, into: row.baseAddress!, stride: width)
        blendRow(y, rect.minX, rect.maxX, row.baseAddress!, scale, color, opacity)
      }
    }
  }

  /// Composites `color` through per-pixel coverage values (`coverage[i] · scale` in [0, 1]),
  /// one byte per canvas pixel, limited to `rect` (the whole canvas by default).
  public mutating func composite(
    coverage: [UInt8], scale: Float, color: RGBA, opacity: Double = 1, rect: PixelRect? = nil
  ) {
    precondition(coverage.count == width * height, "coverage and canvas differ in size")
    let r = rect ?? PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
    guard !r.isEmpty else { return }
    coverage.withUnsafeBufferPointer { cov in
      for y in r.minY..<r.maxY {
        blendRow(y, r.minX, r.maxX, cov.baseAddress! + y * width, scale, color, opacity)
      }
    }
  }

  /// Source-over of `color` on row `y`, columns `x0..<x1`; `coverage[x]` is indexed by
  /// absolute column.
  @inline(__always) mutating func blendRow(
    _ y: Int, _ x0: Int, _ x1: Int, _ coverage: UnsafePointer<UInt8>, _ scale: Float,
    _ color: RGBA, _ opacity: Double
  ) {
    let ca = Float(color.a) / 255 * Float(max(0, min(1, opacity)))
    let cr = Float(color.r) / 255 * ca
    let cg = Float(color.g) / 255 * ca
    let cb = Float(color.b) / 255 * ca
    let w = width
    pixels.withUnsafeMutableBufferPointer { buf in
      let p = buf.baseAddress! + y * w * 4
      for x in x0..<x1 {
        let n = coverage[x]
        if n == 0 { continue }
        let cov = Float(n) * scale
        let i = x * 4
        let keep = 1 - ca * cov
        p[i] = cr * cov + p[i] * keep
        p[i + 1] = cg * cov + p[i + 1] * keep
        p[i + 2] = cb * cov + p[i + 2] * keep
        p[i + 3] = ca * cov + p[i + 3] * keep
      }
    }
  }

  /// The pixel at (x, y), straight alpha, rounded to 8 bits.
  public func rgba(x: Int, y: Int) -> RGBA {
    let i = (y * width + x) * 4
    return Canvas.straight(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  @inline(__always) static func straight(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> RGBA {
    if !(a > 0) { return RGBA(0, 0, 0, 0) }
    @inline(__always) func c(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    let inv = 1 / a
    return RGBA(c(r * inv), c(g * inv), c(b * inv), c(a))
  }

  /// The canvas as a libgd truecolor image.
  public func makeImage() throws(RenderError) -> GDImage {
    let image = try GDImage(width: width, height: height)
    write(into: image, x: 0, y: 0)
    return image
  }

  /// Writes the canvas into `image` with its top-left corner at (x, y) (clipped, no blending).
  ///
  /// Runs of identical pixels (most of a picture is background) reuse the previous conversion.
  public func write(into image: GDImage, x x0: Int, y y0: Int) {
    let w = width
    let xs = max(0, -x0)..<max(max(0, -x0), min(w, image.width - x0))
    guard !xs.isEmpty else { return }
    pixels.withUnsafeBufferPointer { buf in
      var last: (Float, Float, Float, Float) = (-1, -1, -1, -1)
      var lastPixel: Int32 = 0
      for y in 0..<height {
        let ty = y0 + y
        guard ty >= 0, ty < image.height else { continue }
        image.withRow(ty) { row in
          let p = buf.baseAddress! + y * w * 4
          for x in xs {
            let i = x * 4
            let r = p[i]
            let g = p[i + 1]
            let b = p[i + 2]
            let a = p[i + 3]
            if r != last.0 || g != last.1 || b != last.2 || a != last.3 {
              last = (r, g, b, a)
              lastPixel = Canvas.straight(r, g, b, a).gdPixel
            }
            row[x0 + x] = lastPixel
          }
        }
      }
    }
  }
}
