import SigbenchCore

/// An RGBA canvas with premultiplied floating-point pixels: layers are composited onto it
/// with "source over", then it is written once into a libgd image.
///
/// Compositing a layer through a `CoverageMask` gives each layer one alpha per pixel, so a
/// translucent stroke crossing itself does not darken (seed 004's highlighter).
public struct Canvas: Sendable {
  public let width: Int
  public let height: Int
  /// Premultiplied r, g, b, a in [0, 1], 4 values per pixel.
  var pixels: [Float]

  /// A canvas filled with `background` (use `.clear` for transparent).
  public init(width: Int, height: Int, background: RGBA) {
    self.width = width
    self.height = height
    let a = Float(background.a) / 255
    let px: [Float] = [
      Float(background.r) / 255 * a, Float(background.g) / 255 * a, Float(background.b) / 255 * a,
      a,
    ]
    pixels = [Float](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
      pixels[i * 4] = px[0]
      pixels[i * 4 + 1] = px[1]
      pixels[i * 4 + 2] = px[2]
      pixels[i * 4 + 3] = px[3]
    }
  }

  /// Composites `color` (its alpha times `opacity`) through the coverage of `mask`.
  public mutating func composite(_ mask: CoverageMask, color: RGBA, opacity: Double = 1) {
    precondition(mask.width == width && mask.height == height, "mask and canvas differ in size")
    let rows = mask.dirtyRows
    guard !rows.isEmpty else { return }
    let f = mask.factor
    let y0 = rows.lowerBound / f
    let y1 = min(height, (rows.upperBound + f - 1) / f)
    let ca = Float(color.a) / 255 * Float(opacity)
    let cr = Float(color.r) / 255 * ca
    let cg = Float(color.g) / 255 * ca
    let cb = Float(color.b) / 255 * ca
    let inv = 1 / Float(f * f)
    for y in y0..<y1 {
      for x in 0..<width {
        let n = mask.count(x: x, y: y)
        if n == 0 { continue }
        let cov = Float(n) * inv
        let i = (y * width + x) * 4
        let keep = 1 - ca * cov
        pixels[i] = cr * cov + pixels[i] * keep
        pixels[i + 1] = cg * cov + pixels[i + 1] * keep
        pixels[i + 2] = cb * cov + pixels[i + 2] * keep
        pixels[i + 3] = ca * cov + pixels[i + 3] * keep
      }
    }
  }

  /// Composites `color` through per-pixel coverage values (`coverage[i] · scale` in [0, 1]).
  public mutating func composite(coverage: [UInt8], scale: Float, color: RGBA, opacity: Double = 1)
  {
    precondition(coverage.count == width * height, "coverage and canvas differ in size")
    let ca = Float(color.a) / 255 * Float(opacity)
    let cr = Float(color.r) / 255 * ca
    let cg = Float(color.g) / 255 * ca
    let cb = Float(color.b) / 255 * ca
    for p in 0..<(width * height) where coverage[p] > 0 {
      let cov = Float(coverage[p]) * scale
      let i = p * 4
      let keep = 1 - ca * cov
      pixels[i] = cr * cov + pixels[i] * keep
      pixels[i + 1] = cg * cov + pixels[i + 1] * keep
      pixels[i + 2] = cb * cov + pixels[i + 2] * keep
      pixels[i + 3] = ca * cov + pixels[i + 3] * keep
    }
  }

  /// The pixel at (x, y), straight alpha, rounded to 8 bits.
  public func rgba(x: Int, y: Int) -> RGBA {
    let i = (y * width + x) * 4
    let a = pixels[i + 3]
    func c(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    if a <= 0 { return RGBA(0, 0, 0, 0) }
    return RGBA(c(pixels[i] / a), c(pixels[i + 1] / a), c(pixels[i + 2] / a), c(a))
  }

  /// The canvas as a libgd truecolor image.
  public func makeImage() throws(RenderError) -> GDImage {
    let image = try GDImage(width: width, height: height)
    var row = [RGBA](repeating: .clear, count: width)
    for y in 0..<height {
      for x in 0..<width { row[x] = rgba(x: x, y: y) }
      row.withUnsafeBufferPointer { image.setRow(y, $0) }
    }
    return image
  }
}
