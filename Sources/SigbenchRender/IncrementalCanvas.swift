import SigbenchCore

/// The live drawing model of a capture view (as UberSignature's `UBSignatureDrawingModel` keeps
/// finalized segments in a bitmap and the temporary path apart): stable geometry is rasterized
/// once into a persistent supersampled mask and only the rectangle it touched is
/// downsampled again; the tentative tail is drawn afresh on every update into a scratch mask,
/// after clearing the rectangle the previous tail covered. A tail equal to the one already
/// drawn (a strategy that dropped a sample repeats it) is left as it is.
///
/// This is what the benchmark's `smooth+raster` lane times per pushed point: `apply(_:)` with the
/// strategy's `StrokeOutput`. `makeImage()` gives the picture a user sees at that moment (stable
/// ink plus the current tail, the tail in the spec's tentative colour when it has one).
///
/// Strokes: `endStroke()` merges the finished stroke's layer into the picture with the ink's
/// opacity, as the one-shot `DrawingRenderer` does per stroke, so a translucent highlighter
/// never darkens where a stroke crosses itself and, with `endStroke()` after each stroke's
/// `finish`, the final image equals a one-shot render exactly (tested pixel for pixel). Without
/// `endStroke()` all strokes share one mask (their union): identical for strokes that do not
/// overlap, and within the anti-aliasing levels where opaque strokes' edges overlap.
///
/// - Complexity: per update, O(cells set by the new stable geometry + cells of its dirty
///   rectangle) plus O(cells of the previous and the new tentative rectangle), or O(size of
///   the tail) when the tail did not change. Nothing is allocated in steady state.
public struct IncrementalCanvas: Sendable {
  public let spec: RenderSpec
  public let transform: Transform
  var stableMask: CoverageMask
  var tentativeMask: CoverageMask
  /// Downsampled coverage (0…factor²) of the stable mask, one byte per output pixel.
  var stableCoverage: [UInt8]
  /// Downsampled coverage of the current tentative tail.
  var tentativeCoverage: [UInt8]
  var tentativeRect: PixelRect = .empty
  /// The tail the tentative mask holds (storage reserved, so keeping it allocates nothing).
  var drawnTentative = InkGeometry()
  /// Pixels touched by the last update's stable geometry.
  public private(set) var lastStableBounds: PixelRect = .empty
  /// Pixels touched by the current stroke's stable ink.
  var strokeRect: PixelRect = .empty
  /// Strokes already merged by `endStroke()`, over the background.
  var committed: Canvas
  var rasterizer = InkRasterizer()

  /// A live canvas of `spec`'s size over `spec.background`, or over `background` (a picture
  /// of the same size) when given.
  public init(spec: RenderSpec, transform: Transform, background: Canvas? = nil) {
    self.spec = spec
    self.transform = transform
    stableMask = CoverageMask(width: spec.width, height: spec.height, factor: spec.supersample)
    tentativeMask = CoverageMask(width: spec.width, height: spec.height, factor: spec.supersample)
    // Scratch storage for a long update (a finished stroke baked at once is larger and grows
    // it once), so that updates allocate nothing.
    stableMask.reserveScratch(edges: 2048, polygons: 512)
    tentativeMask.reserveScratch(edges: 2048, polygons: 512)
    rasterizer.reserveCapacity(points: 1024, polygons: 64)
    drawnTentative.reserveCapacity(
      segments: 256, elements: 2048, discs: 256, bands: 256, stamps: 256)
    stableCoverage = [UInt8](repeating: 0, count: spec.width * spec.height)
    tentativeCoverage = [UInt8](repeating: 0, count: spec.width * spec.height)
    if let b = background, b.width == spec.width, b.height == spec.height {
      committed = b
    } else {
      committed = Canvas(width: spec.width, height: spec.height, background: spec.background)
    }
  }

  /// Applies one step of a strategy: bakes `output.stable`, replaces the tentative tail.
  public mutating func apply(_ output: StrokeOutput) {
    lastStableBounds = .empty
    if !output.stable.isEmpty {
      stableMask.resetDirty()
      rasterizer.rasterize(output.stable, transform: transform, into: &stableMask)
      let r = stableMask.dirtyPixels
      IncrementalCanvas.downsample(stableMask, r, spec.width, into: &stableCoverage)
      strokeRect = strokeRect.union(r)
      lastStableBounds = r
    }
    // A tail equal to the one drawn (a strategy that dropped a sample re-emits it) is already
    // in the tentative mask and coverage: nothing to clear or draw.
    if output.tentative == drawnTentative { return }
    drawnTentative.removeAll()
    drawnTentative.append(contentsOf: output.tentative)
    if !tentativeRect.isEmpty {
      tentativeMask.clear()
      IncrementalCanvas.zero(&tentativeCoverage, tentativeRect, spec.width)
      tentativeRect = .empty
    }
    if !output.tentative.isEmpty {
      tentativeMask.resetDirty()
      rasterizer.rasterize(output.tentative, transform: transform, into: &tentativeMask)
      tentativeRect = tentativeMask.dirtyPixels
      IncrementalCanvas.downsample(
        tentativeMask, tentativeRect, spec.width, into: &tentativeCoverage)
    }
  }

  /// Merges the current stroke's stable ink into the picture with the ink colour and opacity
  /// and starts a new stroke layer. Call it after the stroke's `finish` has been applied.
  public mutating func endStroke() {
    guard !strokeRect.isEmpty else { return }
    let n = Float(spec.supersample * spec.supersample)
    committed.composite(
      coverage: stableCoverage, scale: 1 / n, color: spec.ink, opacity: spec.inkOpacity,
      rect: strokeRect)
    stableMask.clear(pixels: strokeRect)
    stableMask.resetDirty()
    IncrementalCanvas.zero(&stableCoverage, strokeRect, spec.width)
    strokeRect = .empty
  }

  // Static on purpose: a method on `self` taking `&self.coverage` would make Swift copy `self`
  // for the call, and the coverage array (then shared) would be copied whole on every update.
  //
  // The rectangle is widened to whole steps of eight pixels (within the canvas): the coverage
  // is the downsample of its mask at every pixel, not only inside the rectangles drawn (both
  // start empty, and every clear of mask cells zeroes a pixel rectangle that holds them), so
  // recomputing pixels beside the rectangle writes the values they already have, and a narrow
  // rectangle (a thin stroke's piece is often a few pixels wide) takes one vector step a row
  // instead of a run of single pixels.
  static func downsample(
    _ mask: CoverageMask, _ rect: PixelRect, _ w: Int, into coverage: inout [UInt8]
  ) {
    guard !rect.isEmpty else { return }
    var wide = rect
    wide.maxX = min(w, rect.minX + (rect.width + 7) / 8 * 8)
    coverage.withUnsafeMutableBufferPointer { buf in
      mask.downsample(wide, into: buf.baseAddress! + rect.minY * w, stride: w)
    }
  }

  static func zero(_ coverage: inout [UInt8], _ rect: PixelRect, _ w: Int) {
    guard !rect.isEmpty else { return }
    coverage.withUnsafeMutableBufferPointer { buf in
      for y in rect.minY..<rect.maxY {
        (buf.baseAddress! + y * w + rect.minX).update(repeating: 0, count: rect.width)
      }
    }
  }

  /// Pixels the current tentative tail covers (empty when there is none).
  public var tentativeBounds: PixelRect { tentativeRect }

  /// Share of the output pixel (x, y) covered by the current stroke's stable ink, in [0, 1].
  public func stableCoverage(x: Int, y: Int) -> Double {
    Double(stableCoverage[y * spec.width + x]) / Double(spec.supersample * spec.supersample)
  }

  /// What the view shows now: background, merged strokes, the current stroke's stable ink,
  /// and the tentative tail on top (in the tentative colour when the spec has one).
  public func makeCanvas() -> Canvas {
    var canvas = committed
    let n = Float(spec.supersample * spec.supersample)
    canvas.composite(
      coverage: stableCoverage, scale: 1 / n, color: spec.ink, opacity: spec.inkOpacity,
      rect: strokeRect)
    canvas.composite(
      coverage: tentativeCoverage, scale: 1 / n, color: spec.tentative ?? spec.ink,
      opacity: spec.inkOpacity, rect: tentativeRect)
    return canvas
  }

  /// `makeCanvas()` as a libgd image.
  public func makeImage() throws(RenderError) -> GDImage { try makeCanvas().makeImage() }
}
