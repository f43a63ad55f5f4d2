import SigbenchCore

/// One-shot rendering of a drawing: raw samples, each stroke's stable ink (one layer per
/// stroke, merged with the ink opacity, so translucent ink never darkens where a stroke crosses
/// itself) and the tentative tail, composited over the background (a colour or a picture) and
/// written into a libgd image.
///
/// - Complexity: O(cells set + cells of each stroke's dirty rectangle) for the masks plus
///   O(width × height) to fill the background and write the image.
public struct DrawingRenderer: Sendable {
  public var spec: RenderSpec

  public init(spec: RenderSpec) { self.spec = spec }

  /// The transform that fits `bounds` (CSS px) into the canvas.
  public func fitTransform(_ bounds: Rect) -> Transform {
    Transform.fit(bounds, width: spec.width, height: spec.height, margin: spec.margin)
  }

  /// Renders `strokes` (and optionally the raw `samples`) through `transform`.
  public func render(strokes: [StrokeInk], samples: [[Sample]], transform: Transform)
    throws(RenderError) -> GDImage
  {
    try renderCanvas(strokes: strokes, samples: samples, transform: transform).makeImage()
  }

  /// Renders onto `background` (a canvas of the spec's size, e.g. a picture loaded through
  /// libgd) or onto the spec's background colour when `nil`, and returns the canvas.
  public func renderCanvas(
    strokes: [StrokeInk], samples: [[Sample]], transform: Transform, background: Canvas? = nil
  ) -> Canvas {
    var workspace = RenderWorkspace()
    return renderCanvas(
      strokes: strokes, samples: samples, transform: transform, background: background,
      workspace: &workspace)
  }

  /// As `renderCanvas(strokes:samples:transform:background:)`, reusing `workspace`'s
  /// supersampled mask and scratch storage between renders of the same size (a fresh 4× mask
  /// of 800×300 is 3.8 MB to allocate and fault in on every render otherwise).
  public func renderCanvas(
    strokes: [StrokeInk], samples: [[Sample]], transform: Transform, background: Canvas?,
    workspace: inout RenderWorkspace
  ) -> Canvas {
    var canvas =
      background.flatMap { $0.width == spec.width && $0.height == spec.height ? $0 : nil }
      ?? Canvas(width: spec.width, height: spec.height, background: spec.background)
    var mask = workspace.takeMask(width: spec.width, height: spec.height, factor: spec.supersample)
    defer { workspace.mask = mask }
    var rasterizer = workspace.rasterizer
    defer { workspace.rasterizer = rasterizer }
    if spec.showRawSamples && !spec.rawOnTop {
      drawRaw(samples, transform, &mask, &canvas)
    }
    for ink in strokes {
      rasterizer.rasterize(ink.stable, transform: transform, into: &mask)
      if spec.tentative == nil {
        rasterizer.rasterize(ink.tentative, transform: transform, into: &mask)
      }
      canvas.composite(mask, color: spec.ink, opacity: spec.inkOpacity)
      mask.clear()
      if let t = spec.tentative, !ink.tentative.isEmpty {
        rasterizer.rasterize(ink.tentative, transform: transform, into: &mask)
        canvas.composite(mask, color: t, opacity: spec.inkOpacity)
        mask.clear()
      }
    }
    if spec.showRawSamples && spec.rawOnTop {
      drawRaw(samples, transform, &mask, &canvas)
    }
    return canvas
  }

  /// The raw-sample dots as one layer.
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

/// Storage a renderer can reuse between renders: the supersampled mask (always left cleared)
/// and the rasterizer's scratch polygons.
public struct RenderWorkspace: Sendable {
  var mask: CoverageMask?
  var rasterizer = InkRasterizer()

  public init() {}

  mutating func takeMask(width: Int, height: Int, factor: Int) -> CoverageMask {
    if var m = mask, m.width == width, m.height == height, m.factor == factor {
      mask = nil
      m.clear()
      return m
    }
    mask = nil
    return CoverageMask(width: width, height: height, factor: factor)
  }
}

extension StrokeInk {
  /// Each stroke of `drawing` smoothed in batch by `strategy` (fresh instance per stroke, all
  /// samples pushed, then finished): the final ink, nothing tentative.
  public static func final(_ drawing: Drawing, _ strategy: ConfiguredStrategy) -> [StrokeInk] {
    drawing.strokes.map { StrokeInk(stable: strategy.smooth($0.samples)) }
  }
}
