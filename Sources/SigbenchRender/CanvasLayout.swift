import SigbenchCore

/// How the picture's size and scale are chosen.
public enum CanvasSizing: Hashable, Sendable {
  /// A canvas of `width × height` CSS px; the ink is fitted into it, centred, leaving `margin`
  /// CSS px on each side (magnified at most 8×).
  case fit(width: Int, height: Int, margin: Double)
  /// The canvas is the ink's tight bounds plus `margin` CSS px on each side, at `pxPerUnit`
  /// pixels per CSS px (1 = natural size).
  case scale(pxPerUnit: Double, margin: Double)
  /// A canvas of `width × height` CSS px whose origin is the drawing's origin (no fitting):
  /// what an annotation over a background picture (such as a chart snapshot) needs.
  case canvas(width: Int, height: Int)
}

/// The resolved pixel size and transform of one picture.
///
/// `deviceScale` (1, 2 or 3) multiplies every pixel dimension and the transform, so the same
/// drawing comes out as a high-DPI screen shows it: the layout in CSS px does not change.
public struct CanvasLayout: Hashable, Sendable {
  /// Output size in device pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// CSS px to device pixels.
  public var transform: Transform

  public init(pixelWidth: Int, pixelHeight: Int, transform: Transform) {
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.transform = transform
  }

  /// Largest side accepted, device pixels.
  public static let maxSide = 16_384

  /// Resolves `sizing` for ink with tight bounds `ink` (`nil` for an empty drawing).
  public static func resolve(_ sizing: CanvasSizing, ink: Rect?, deviceScale: Int = 1)
    throws(RenderError) -> CanvasLayout
  {
    guard (1...3).contains(deviceScale) else {
      throw .vector("device scale must be 1, 2 or 3; got \(deviceScale)")
    }
    let d = Double(deviceScale)
    let bounds = ink ?? Rect(origin: .zero, size: .zero)
    let layout: CanvasLayout
    switch sizing {
    case .fit(let w, let h, let margin):
      guard margin.isFinite, margin >= 0 else { throw .vector("margin must be ≥ 0; got \(margin)") }
      let t = Transform.fit(bounds, width: w, height: h, margin: margin)
      layout = CanvasLayout(
        pixelWidth: w * deviceScale, pixelHeight: h * deviceScale, transform: t.scaled(by: d))
    case .scale(let s, let margin):
      guard s.isFinite, s > 0 else { throw .vector("px per unit must be > 0; got \(s)") }
      guard margin.isFinite, margin >= 0 else { throw .vector("margin must be ≥ 0; got \(margin)") }
      let k = s * d
      let wPx = ((bounds.size.width + 2 * margin) * k).rounded(.up)
      let hPx = ((bounds.size.height + 2 * margin) * k).rounded(.up)
      guard wPx.isFinite, hPx.isFinite, wPx <= Double(maxSide), hPx <= Double(maxSide) else {
        throw .vector(
          "a canvas sized by the ink must be at most \(maxSide) device px a side; this ink at "
            + "\(s) px per unit and device scale \(deviceScale) needs "
            + "\(Int(min(wPx, 1e12)))×\(Int(min(hPx, 1e12)))")
      }
      layout = CanvasLayout(
        pixelWidth: max(1, Int(wPx)), pixelHeight: max(1, Int(hPx)),
        transform: Transform(
          scale: k,
          offset: Point(x: (margin - bounds.minX) * k, y: (margin - bounds.minY) * k)))
    case .canvas(let w, let h):
      layout = CanvasLayout(
        pixelWidth: w * deviceScale, pixelHeight: h * deviceScale,
        transform: Transform(scale: d, offset: .zero))
    }
    guard layout.pixelWidth > 0, layout.pixelHeight > 0, layout.pixelWidth <= maxSide,
      layout.pixelHeight <= maxSide
    else { throw .invalidCanvas(width: layout.pixelWidth, height: layout.pixelHeight) }
    return layout
  }
}

extension CanvasLayout {
  /// Throws `RenderError.overBudget` when this canvas at `supersample` (sub-samples per pixel
  /// and axis) needs more than `InputEnvelope.canvasSubsamples` coverage cells: the budget a
  /// canvas sized by the ink (`--px-per-unit`, the default natural size) or by a background
  /// picture is held to once its size is known, as `--size` is before any work.
  public func checkBudget(supersample: Int) throws(RenderError) {
    if CanvasLayout.subsamples(pixelWidth, pixelHeight, supersample: supersample)
      > InputEnvelope.canvasSubsamples.value
    {
      throw .overBudget(width: pixelWidth, height: pixelHeight, supersample: supersample)
    }
  }

  /// Sub-samples of a canvas of `width × height` device px: width × height × supersample².
  public static func subsamples(_ width: Int, _ height: Int, supersample: Int) -> Double {
    Double(width) * Double(height) * Double(supersample * supersample)
  }

  /// The side of the largest square canvas, in CSS px, within `InputEnvelope.canvasSubsamples`
  /// at `deviceScale` and `supersample`.
  public static func largestSquare(deviceScale: Int, supersample: Int) -> Int {
    let perPixel = subsamples(deviceScale, deviceScale, supersample: supersample)
    return Int((InputEnvelope.canvasSubsamples.value / perPixel).squareRoot())
  }

  /// The largest scale (the same unit as `scale`) at which a canvas that is `width × height`
  /// at `scale` stays within `InputEnvelope.canvasSubsamples` at `supersample`, rounded down
  /// to 2 decimals.
  public static func largestScale(
    _ width: Int, _ height: Int, at scale: Double, supersample: Int
  ) -> Double {
    let f =
      (InputEnvelope.canvasSubsamples.value
      / subsamples(width, height, supersample: supersample)).squareRoot()
    return (scale * f * 100).rounded(.down) / 100
  }
}
