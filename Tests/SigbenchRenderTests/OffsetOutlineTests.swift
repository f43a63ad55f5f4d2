import Foundation
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// A stroked outline filled as its two offset outlines in one pass must set exactly the cells
/// (and dirty rectangle) of the piece-by-piece reference: the subpath, then one quad per edge
/// and one join per vertex.
@Suite("offset outlines of a stroked polygon")
struct OffsetOutlineTests {
  /// Random closed polygons on a 64 × 48 canvas: 3–40 vertices, star-shaped, zig-zag or
  /// free (self-intersecting) shapes from sub-pixel to larger than the canvas, some off the
  /// canvas, with repeated, collinear and hairpin vertices, vertices on cell-sample rows, and
  /// a few with a non-finite coordinate.
  static func randomPolygon(_ rng: inout SplitMix64, factor: Int) -> [Point] {
    let n = rng.int(in: 3...40)
    let cx = rng.double(in: -10...74)
    let cy = rng.double(in: -10...58)
    let r = [0.3, 1, 3, 8, 20, 60][rng.int(in: 0...5)]
    var poly: [Point]
    switch rng.int(in: 0...2) {
    case 0:  // star-shaped: angles in order, random radii (reflex and convex vertices)
      poly = (0..<n).map { k in
        let a = 2 * Double.pi * (Double(k) + rng.double(in: 0...0.9)) / Double(n)
        let rr = r * rng.double(in: 0.2...1)
        return Point(x: cx + rr * cos(a), y: cy + rr * sin(a))
      }
    case 1:  // a thin zig-zag band: sharp turns, thinner than the stroke
      let half = max(2, n / 2)
      let top = (0..<half).map { k in
        Point(x: cx + Double(k) * r / 4, y: cy + (k % 2 == 0 ? 0 : r / 3))
      }
      let t = rng.double(in: 0.01...1)
      poly = top + top.reversed().map { Point(x: $0.x + t * 0.3, y: $0.y + t) }
    default:  // free: any order, self-intersecting
      poly = (0..<n).map { _ in
        Point(x: cx + rng.double(in: -r...r), y: cy + rng.double(in: -r...r))
      }
    }
    let m = poly.count
    switch rng.int(in: 0...9) {
    case 0: poly[1] = poly[0]  // repeated vertex (zero-length edge: no joins beside it)
    case 1:  // collinear (straight-through) vertex
      poly[1] = poly[0].midpoint(poly[2 % m])
    case 2:  // hairpin: back along the previous edge
      poly[2 % m] = poly[0] + (poly[0] - poly[1]) * 0.01 + poly[1] - poly[0]
    case 3:
      let row = Double(rng.int(in: 0...(48 * factor - 1)))
      poly[0].y = (row + 0.5) / Double(factor)
    case 4: poly[1].y = poly[0].y  // horizontal edge
    case 5 where rng.int(in: 0...3) == 0: poly[m - 1].x = .nan
    default: break
    }
    return poly
  }

  static func fill(
    _ poly: [Point], width: Double, method: InkRasterizer.StrokeMethod, factor: Int
  ) -> CoverageMask {
    var mask = CoverageMask(width: 64, height: 48, factor: factor)
    var rasterizer = InkRasterizer()
    rasterizer.strokeMethod = method
    var ink = InkGeometry()
    ink.outline.append(.move(poly[0]))
    for p in poly.dropFirst() { ink.outline.append(.line(p)) }
    ink.outline.append(.close)
    ink.outlineStrokeWidth = width
    rasterizer.rasterize(ink, transform: Transform(scale: 1, offset: .zero), into: &mask)
    return mask
  }

  @Test(
    "random stroked polygons: the offset outlines set the cells of the pieces",
    arguments: [1, 2, 4])
  func randomPolygonsMatchPieces(factor: Int) {
    let base = propertySeed(fallback: 0x5EED_0FF5)
    var mismatches = 0
    for k in UInt64(0)..<400 {
      let seed = base &+ k
      var rng = SplitMix64(seed: seed)
      let poly = Self.randomPolygon(&rng, factor: factor)
      let width = [0.05, 0.5, 1, 2.5, 6][rng.int(in: 0...4)]
      let offset = Self.fill(poly, width: width, method: .offsetOutlines, factor: factor)
      let pieces = Self.fill(poly, width: width, method: .pieces, factor: factor)
      if offset.cells != pieces.cells || offset.dirtyRows != pieces.dirtyRows
        || offset.dirtyColumns != pieces.dirtyColumns
      {
        mismatches += 1
        let differing = zip(offset.cells, pieces.cells).filter { $0 != $1 }.count
        let message =
          "seed \(seed) (SIGBENCH_SEED=\(seed) replays it first): \(differing) cells differ,"
          + " width \(width), polygon \(poly)"
        Issue.record(Comment(rawValue: message))
      }
      if mismatches > 3 { return }
    }
  }

  @Test("random UberSignature strokes: the offset outlines set the cells of the pieces")
  func uberStrokesMatchPieces() throws {
    let seed = propertySeed(fallback: 0x0BE5_1900)
    print("uber offset-outline check: seed \(seed)")
    var rng = SplitMix64(seed: seed)
    var offset = InkRasterizer()
    var pieces = InkRasterizer()
    pieces.strokeMethod = .pieces
    var checked = 0
    for s in 0..<40 {
      let stroke = StrokeGenerator.random(count: 80, rng: &rng)
      let first = Rect(origin: stroke[0].point, size: .zero)
      let bounds = stroke.reduce(first) { $0.including($1.point) }
      // The bench lane's canvas (800 × 300 at 2×) and a small one that magnifies the stroke.
      let t =
        s % 2 == 0
        ? Transform.fit(bounds, width: 800, height: 300, margin: 12)
        : Transform.fit(bounds.insetBy(-8), width: 160, height: 90, margin: 4)
      for g in try PieceFillTests.outputs("uber-weighted", stroke) {
        var a = CoverageMask(width: 800, height: 300, factor: 2)
        var b = CoverageMask(width: 800, height: 300, factor: 2)
        offset.rasterize(g, transform: t, into: &a)
        pieces.rasterize(g, transform: t, into: &b)
        let same = a.cells == b.cells
        #expect(same, "seed \(seed), stroke \(s)")
        #expect(a.dirtyRows == b.dirtyRows && a.dirtyColumns == b.dirtyColumns)
        if !same { return }
        checked += 1
      }
    }
    #expect(checked > 1000)
  }
}
