import SigbenchCore

/// One-shot rendering of a drawing: raw samples, each stroke's stable ink (one layer per
/// stroke, so translucent ink never darkens where a stroke crosses itself) and the tentative
/// tail, composited over the background and written into a libgd image.
public struct DrawingRenderer: Sendable {
  public var spec: RenderSpec
  let rasterizer = InkRasterizer()

  public init(spec: RenderSpec) { self.spec = spec }

  /// The transform that fits `bounds` (CSS px) into the canvas.
  public func fitTransform(_ bounds: Rect) -> Transform {
    Transform.fit(bounds, width: spec.width, height: spec.height, margin: spec.margin)
  }

  /// Renders `strokes` (and optionally the raw `samples`) through `transform`.
  public func render(strokes: [StrokeInk], samples: [[Sample]], transform: Transform)
    throws(RenderError) -> GDImage
  {
    var canvas = Canvas(width: spec.width, height: spec.height, background: spec.background)
    var mask = CoverageMask(width: spec.width, height: spec.height, factor: spec.supersample)
    if spec.showRawSamples && !spec.rawOnTop {
      drawRaw(samples, transform, &mask, &canvas)
    }
    for ink in strokes {
      rasterizer.draw(ink.stable, transform: transform, into: &mask)
      if spec.tentative == nil {
        rasterizer.draw(ink.tentative, transform: transform, into: &mask)
      }
      canvas.composite(mask, color: spec.ink, opacity: spec.inkOpacity)
      mask.clear()
      if let t = spec.tentative, !ink.tentative.isEmpty {
        rasterizer.draw(ink.tentative, transform: transform, into: &mask)
        canvas.composite(mask, color: t, opacity: spec.inkOpacity)
        mask.clear()
      }
    }
    if spec.showRawSamples && spec.rawOnTop {
      drawRaw(samples, transform, &mask, &canvas)
    }
    return try canvas.makeImage()
  }

  func drawRaw(
    _ samples: [[Sample]], _ transform: Transform, _ mask: inout CoverageMask,
    _ canvas: inout Canvas
  ) {
    for stroke in samples {
      for s in stroke { mask.fillDisc(center: transform.apply(s.point), radius: spec.rawRadius) }
    }
    canvas.composite(mask, color: spec.rawColor)
    mask.clear()
  }
}
