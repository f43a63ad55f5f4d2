import Foundation
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// The direct fill of stroke pieces must set exactly the cells (and dirty rectangle) of the
/// general scanline fill, so that the rasterizer's output does not change by a single cell.
@Suite("stroke piece fill")
struct PieceFillTests {
  /// Random polygons of 3–4 vertices on a 64 × 48 canvas: sub-pixel to huge, some off the
  /// canvas, some self-intersecting (bow ties), some with repeated or axis-aligned vertices,
  /// some with vertices on cell-sample rows, and a few with a non-finite coordinate.
  static func randomPieces(seed: UInt64, count: Int, factor: Int) -> [[Point]] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let n = rng.int(in: 3...4)
      let cx = rng.double(in: -10...74)
      let cy = rng.double(in: -10...58)
      let r = [0.2, 0.5, 1, 3, 9, 40, 1e7][rng.int(in: 0...6)]
      var poly = (0..<n).map { _ in
        Point(x: cx + rng.double(in: -r...r), y: cy + rng.double(in: -r...r))
      }
      switch rng.int(in: 0...9) {
      case 0: poly[1] = poly[0]  // repeated vertex
      case 1: poly[1].y = poly[0].y  // horizontal edge
      case 2:
        // A vertex exactly on a cell row's sample line (y = (row + ½) / factor).
        let row = Double(rng.int(in: 0...(48 * factor - 1)))
        poly[0].y = (row + 0.5) / Double(factor)
      case 3: poly[2].x = .nan
      default: break
      }
      return poly
    }
  }

  @Test(
    "a piece filled directly sets the cells and dirty rectangle of fillPolygon",
    arguments: [1, 2, 3, 4])
  func pieceEqualsPolygonFill(factor: Int) {
    for seed in UInt64(1)...300 {
      for p in Self.randomPieces(seed: seed, count: 4, factor: factor) {
        var direct = CoverageMask(width: 64, height: 48, factor: factor)
        var general = CoverageMask(width: 64, height: 48, factor: factor)
        p.withUnsafeBufferPointer { direct.fillPiece($0) }
        // The general scanline pass (`fillPolygon` itself takes the direct path for ≤ 4).
        general.beginUnion()
        p.withUnsafeBufferPointer { general.addToUnion($0) }
        general.fillUnion()
        #expect(direct.cells == general.cells, "seed \(seed), polygon \(p)")
        #expect(direct.dirtyRows == general.dirtyRows, "seed \(seed)")
        #expect(direct.dirtyColumns == general.dirtyColumns, "seed \(seed)")
      }
    }
  }

  /// The rasterizer as it was before stroke pieces were filled directly: each outline subpath
  /// and its stroke pieces in one union pass. Kept as the reference.
  static func unionReference(
    _ geometry: InkGeometry, _ transform: Transform, into mask: inout CoverageMask
  ) {
    let flattener = Flattener()
    var scratch = PolygonBuffer()
    // Round bands are written out after the outline, as the rasterizer does.
    var elements = Array(geometry.outline)
    geometry.appendBandPolygons(to: &elements)
    flattener.flatten(elements, transform, into: &scratch)
    let sw = geometry.outlineStrokeWidth
    let stroked = sw > 0 && sw.isFinite
    let stroker = OutlineStroker(width: stroked ? sw * transform.scale : 0)
    for i in 0..<scratch.count {
      mask.beginUnion()
      scratch.withPolygon(i) { poly in
        mask.addToUnion(poly)
        if stroked { stroker.stroke(poly) { mask.addToUnion($0) } }
      }
      mask.fillUnion()
    }
  }

  /// Every stable and tentative output of `spec` (e.g. `catmull-rom(alpha=0)`) over `samples`,
  /// pushed one by one, then of its finish.
  static func allOutputs(_ spec: String, _ samples: [Sample]) throws -> [InkGeometry] {
    let strategy = try StrategyCatalog.configure(StrategySpec.parse(spec))
    var s = strategy.makeInstance()
    var out = StrokeOutput()
    var all: [InkGeometry] = []
    for sample in samples {
      s.push(sample, into: &out)
      all += [out.stable, out.tentative]
    }
    s.finish(into: &out)
    all += [out.stable, out.tentative]
    return all
  }

  /// The fixture drawings' strokes and 12 random 60-sample strokes from `seed`.
  static func testStrokes(seed: UInt64) throws -> [[Sample]] {
    var strokes: [[Sample]] = try TestDrawings.fixtureNames.flatMap {
      try TestDrawings.fixture($0).strokes.map(\.samples)
    }
    var rng = SplitMix64(seed: seed)
    for _ in 0..<12 { strokes.append(StrokeGenerator.random(count: 60, rng: &rng)) }
    return strokes
  }

  /// A transform fitting `stroke` (plus 8 px around it) into a 160 × 90 canvas.
  static func fit(_ stroke: [Sample]) -> Transform {
    let first = Rect(origin: stroke[0].point, size: .zero)
    let bounds = stroke.reduce(first) { $0.including($1.point) }
    return Transform.fit(bounds.insetBy(-8), width: 160, height: 90, margin: 4)
  }

  /// `allOutputs` that have outline subpaths.
  static func outputs(_ id: String, _ samples: [Sample]) throws -> [InkGeometry] {
    try allOutputs(id, samples).filter { !$0.outline.isEmpty }
  }

  @Test(
    "UberSignature's stroked outlines rasterize to the cells of one union pass",
    arguments: [2, 4])
  func strokedOutlinesEqualUnion(factor: Int) throws {
    var rasterizer = InkRasterizer()
    var checked = 0
    for stroke in try Self.testStrokes(seed: 19) {
      let t = Self.fit(stroke)
      for g in try Self.outputs("uber-weighted", stroke) {
        var direct = CoverageMask(width: 160, height: 90, factor: factor)
        var reference = CoverageMask(width: 160, height: 90, factor: factor)
        var outlineOnly = g
        outlineOnly.discs = []
        rasterizer.rasterize(outlineOnly, transform: t, into: &direct)
        Self.unionReference(outlineOnly, t, into: &reference)
        #expect(direct.cells == reference.cells)
        #expect(direct.dirtyRows == reference.dirtyRows)
        #expect(direct.dirtyColumns == reference.dirtyColumns)
        checked += 1
      }
    }
    #expect(checked > 100)
  }
}
