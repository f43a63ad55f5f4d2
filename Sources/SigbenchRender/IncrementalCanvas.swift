import SigbenchCore

/// The live drawing model of a capture view (seed 003, uber-signature.md §5): stable geometry is
/// rasterized once into a persistent supersampled mask and only the rows it touched are
/// downsampled again; the tentative tail is drawn afresh on every update into a scratch mask.
///
/// This is what the benchmark's `smooth+raster` lane times per pushed point: `apply(_:)` with the
/// strategy's `StrokeOutput`. `makeImage()` gives the picture a user sees at that moment (stable
/// ink plus the current tail); after the last `finish`, it equals a one-shot `DrawingRenderer`
/// render of the same strokes (tested, within one level per channel on anti-aliased edges).
///
/// Opaque ink: all strokes share one persistent mask (the union), which matches the one-shot
/// render exactly for opaque colours.
///
/// - Complexity: per update, O(cells touched by the new stable geometry) plus O(cells of the
///   tentative tail) for the masks, and O(width × rows touched) for the downsample.
public struct IncrementalCanvas: Sendable {
  public let spec: RenderSpec
  public let transform: Transform
  var stableMask: CoverageMask
  var tentativeMask: CoverageMask
  /// Downsampled coverage (0…factor²) of the stable mask, one byte per output pixel.
  var stableCoverage: [UInt8]
  /// Downsampled coverage of the current tentative tail.
  var tentativeCoverage: [UInt8]
  var tentativeRows: Range<Int> = 0..<0
  let rasterizer = InkRasterizer()

  public init(spec: RenderSpec, transform: Transform) {
    self.spec = spec
    self.transform = transform
    stableMask = CoverageMask(width: spec.width, height: spec.height, factor: spec.supersample)
    tentativeMask = CoverageMask(width: spec.width, height: spec.height, factor: spec.supersample)
    stableCoverage = [UInt8](repeating: 0, count: spec.width * spec.height)
    tentativeCoverage = [UInt8](repeating: 0, count: spec.width * spec.height)
  }

  /// Applies one step of a strategy: bakes `output.stable`, replaces the tentative tail.
  public mutating func apply(_ output: StrokeOutput) {
    if !output.stable.isEmpty {
      stableMask.resetDirtyRows()
      rasterizer.draw(output.stable, transform: transform, into: &stableMask)
      downsample(stableMask, rows: stableMask.dirtyRows, into: &stableCoverage)
    }
    // Clear the previous tail, then draw the new one.
    tentativeMask.clear()
    clearCoverage(&tentativeCoverage, rows: tentativeRows)
    tentativeRows = 0..<0
    if !output.tentative.isEmpty {
      rasterizer.draw(output.tentative, transform: transform, into: &tentativeMask)
      tentativeRows = tentativeMask.dirtyRows
      downsample(tentativeMask, rows: tentativeRows, into: &tentativeCoverage)
    }
  }

  func pixelRows(_ cellRows: Range<Int>) -> Range<Int> {
    let f = spec.supersample
    return (cellRows.lowerBound / f)..<min(spec.height, (cellRows.upperBound + f - 1) / f)
  }

  func downsample(_ mask: CoverageMask, rows cellRows: Range<Int>, into coverage: inout [UInt8]) {
    guard !cellRows.isEmpty else { return }
    let w = spec.width
    for y in pixelRows(cellRows) {
      for x in 0..<w { coverage[y * w + x] = UInt8(mask.count(x: x, y: y)) }
    }
  }

  func clearCoverage(_ coverage: inout [UInt8], rows cellRows: Range<Int>) {
    guard !cellRows.isEmpty else { return }
    let w = spec.width
    for y in pixelRows(cellRows) {
      for x in 0..<w { coverage[y * w + x] = 0 }
    }
  }

  /// Share of the output pixel (x, y) covered by stable ink, in [0, 1].
  public func stableCoverage(x: Int, y: Int) -> Double {
    Double(stableCoverage[y * spec.width + x]) / Double(spec.supersample * spec.supersample)
  }

  /// What the view shows now: background, stable ink, and the tentative tail on top (in the
  /// tentative colour when the spec has one).
  public func makeImage() throws(RenderError) -> GDImage {
    var canvas = Canvas(width: spec.width, height: spec.height, background: spec.background)
    let n = Float(spec.supersample * spec.supersample)
    canvas.composite(
      coverage: stableCoverage, scale: 1 / n, color: spec.ink, opacity: spec.inkOpacity)
    if tentativeCoverage.contains(where: { $0 > 0 }) {
      canvas.composite(
        coverage: tentativeCoverage, scale: 1 / n, color: spec.tentative ?? spec.ink,
        opacity: spec.inkOpacity)
    }
    return try canvas.makeImage()
  }
}
