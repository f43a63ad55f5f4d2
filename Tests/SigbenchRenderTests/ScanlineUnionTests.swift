import Foundation
import SigbenchCore
import SigbenchRender
import Testing

/// The one-pass union fill must set exactly the cells that filling each polygon alone sets,
/// and the word-wise downsample must count exactly what `count(x:y:)` counts.
@Suite("scanline union and downsample")
struct ScanlineUnionTests {
  /// `count` random polygons of 3–12 vertices, some partly or wholly off a 64 × 48 canvas,
  /// some self-intersecting, some sub-pixel.
  static func randomPolygons(seed: UInt64, count: Int) -> [[Point]] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let n = Int.random(in: 3...12, using: &rng)
      let cx = Double.random(in: -10...74, using: &rng)
      let cy = Double.random(in: -10...58, using: &rng)
      let r = [0.3, 2, 9, 30].randomElement(using: &rng)!
      return (0..<n).map { _ in
        Point(
          x: cx + Double.random(in: -r...r, using: &rng),
          y: cy + Double.random(in: -r...r, using: &rng))
      }
    }
  }

  static func cells(_ m: CoverageMask) -> [Int] {
    (0..<m.height).flatMap { y in (0..<m.width).map { x in m.count(x: x, y: y) } }
  }

  /// Number of positions where two equally long arrays differ.
  static func mismatches(_ a: [Int], _ b: [Int]) -> Int {
    zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) } + abs(a.count - b.count)
  }

  @Test("one union pass sets the cells of one fill per polygon", arguments: [1, 2, 4])
  func unionEqualsSeparateFills(factor: Int) {
    for seed in UInt64(1)...40 {
      let polys = Self.randomPolygons(seed: seed, count: Int(seed % 9) + 1)
      var separate = CoverageMask(width: 64, height: 48, factor: factor)
      var union = CoverageMask(width: 64, height: 48, factor: factor)
      union.beginUnion()
      for p in polys {
        var alone = CoverageMask(width: 64, height: 48, factor: factor)
        alone.fillPolygon(p)
        separate.fillPolygon(p)
        p.withUnsafeBufferPointer { union.addToUnion($0) }
        // A polygon alone against itself through the union path with one member.
        var single = CoverageMask(width: 64, height: 48, factor: factor)
        single.beginUnion()
        p.withUnsafeBufferPointer { single.addToUnion($0) }
        single.fillUnion()
        #expect(Self.mismatches(Self.cells(single), Self.cells(alone)) == 0)
      }
      union.fillUnion()
      // At factor 1 a count is one cell, so this compares cell by cell.
      #expect(Self.mismatches(Self.cells(union), Self.cells(separate)) == 0, "seed \(seed)")
      #expect(union.dirtyRows == separate.dirtyRows, "seed \(seed)")
      #expect(union.dirtyColumns == separate.dirtyColumns, "seed \(seed)")
    }
  }

  /// Brute-force non-zero winding at every cell centre of a factor-1 mask: an edge with
  /// `y0 ≤ yc < y1` counts when its crossing lies at or left of the centre (`x − ½ ≤ c`).
  static func bruteForce(_ poly: [Point], width: Int, height: Int) -> [Int] {
    var out = [Int](repeating: 0, count: width * height)
    for row in 0..<height {
      let yc = Double(row) + 0.5
      for col in 0..<width {
        var winding = 0
        for i in poly.indices {
          let a = poly[(i + poly.count - 1) % poly.count]
          let b = poly[i]
          if a.y == b.y { continue }
          let (top, bottom, w) = a.y < b.y ? (a, b, 1) : (b, a, -1)
          guard top.y <= yc, yc < bottom.y else { continue }
          let x = top.x + (yc - top.y) * ((bottom.x - top.x) / (bottom.y - top.y))
          if x - 0.5 <= Double(col) { winding += w }
        }
        out[row * width + col] = winding != 0 ? 1 : 0
      }
    }
    return out
  }

  @Test("a polygon sets the cells whose centres have a non-zero winding number")
  func matchesBruteForce() {
    for seed in UInt64(100)...140 {
      for p in Self.randomPolygons(seed: seed, count: 3) {
        var mask = CoverageMask(width: 64, height: 48, factor: 1)
        mask.fillPolygon(p)
        let reference = Self.bruteForce(p, width: 64, height: 48)
        #expect(Self.mismatches(Self.cells(mask), reference) == 0, "seed \(seed)")
      }
    }
  }

  @Test("an outline and its stroke pieces in one pass equal the pieces filled one by one")
  func strokePieces() {
    var outline: [Point] = []
    for k in 0..<40 {
      let t = Double(k) / 40 * 2 * Double.pi
      outline.append(Point(x: 32 + 20 * cos(t) + 3 * cos(7 * t), y: 24 + 12 * sin(2 * t)))
    }
    let stroker = OutlineStroker(width: 1)
    var separate = CoverageMask(width: 64, height: 48, factor: 1)
    var union = CoverageMask(width: 64, height: 48, factor: 1)
    separate.fillPolygon(outline)
    union.beginUnion()
    outline.withUnsafeBufferPointer { poly in
      union.addToUnion(poly)
      stroker.stroke(poly) { union.addToUnion($0) }
    }
    union.fillUnion()
    stroker.stroke(outline) { separate.fillPolygon($0) }
    #expect(Self.mismatches(Self.cells(union), Self.cells(separate)) == 0)
    #expect(union.setCellCount > 0)
  }

  @Test("a non-finite vertex skips its polygon, not the others")
  func nonFinite() {
    var union = CoverageMask(width: 20, height: 20, factor: 2)
    let good = [Point(x: 2, y: 2), Point(x: 8, y: 2), Point(x: 8, y: 8)]
    let bad = [Point(x: 2, y: 2), Point(x: .nan, y: 2), Point(x: 18, y: 18)]
    union.beginUnion()
    good.withUnsafeBufferPointer { union.addToUnion($0) }
    bad.withUnsafeBufferPointer { union.addToUnion($0) }
    union.fillUnion()
    var alone = CoverageMask(width: 20, height: 20, factor: 2)
    alone.fillPolygon(good)
    #expect(Self.mismatches(Self.cells(union), Self.cells(alone)) == 0)
  }

  @Test("the word-wise downsample counts each pixel's cells", arguments: [2, 3, 4])
  func downsample(factor: Int) {
    var mask = CoverageMask(width: 37, height: 23, factor: factor)
    for p in Self.randomPolygons(seed: 99, count: 12) { mask.fillPolygon(p) }
    // Rectangles of every width remainder, so both the wide steps and the tail run.
    for (x0, x1) in [(0, 37), (1, 36), (3, 10), (5, 6), (30, 37), (2, 7)] {
      let rect = PixelRect(minX: x0, minY: 2, maxX: x1, maxY: 21)
      var out = [UInt8](repeating: 0xEE, count: 37 * 23)
      out.withUnsafeMutableBufferPointer {
        mask.downsample(rect, into: $0.baseAddress! + rect.minY * 37, stride: 37)
      }
      for y in 0..<23 {
        for x in 0..<37 {
          let inside = x >= x0 && x < x1 && y >= 2 && y < 21
          let expected = inside ? UInt8(mask.count(x: x, y: y)) : 0xEE
          #expect(out[y * 37 + x] == expected, "pixel \(x),\(y) of \(x0)..<\(x1)")
        }
      }
    }
  }
}
