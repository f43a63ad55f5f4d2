import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchQuality

/// `SegmentGrid.nearest` for points far from every edge goes through `EdgeHierarchy`: the same
/// edge and distance as comparing with every edge (ties to the lower index), for chains and
/// loose edges, near and up to 10⁵ px away (#43: the ring search it replaced cost 6.4 s for
/// ink through the envelope's four corners).
@Suite struct EdgeHierarchyTests {
  /// The brute-force answer: the nearest edge, ties to the lower index.
  static func brute(_ grid: SegmentGrid, _ p: Point) -> SegmentGrid.Hit? {
    var best: SegmentGrid.Hit?
    for e in 0..<grid.edgeCount {
      let h = grid.hit(e, p)
      if best == nil || h.distanceSquared < best!.distanceSquared { best = h }
    }
    return best
  }

  @Test("far and near points: the nearest edge and distance of brute force")
  func equalsBruteForce() throws {
    let seed = propertySeed()
    print("EdgeHierarchyTests.equalsBruteForce: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for round in 0..<24 {
      let n = rng.int(in: 1...400)
      let scale = [1.0, 100, 100_000][round % 3]
      var walk = Point(x: 0, y: 0)
      let chain: [Point] = (0..<(n + 1)).map { _ in
        walk = walk + Point(x: rng.double(in: -1...1), y: rng.double(in: -1...1)) * scale * 0.05
        return walk
      }
      let loose = (0..<n).map { _ in
        Point(x: rng.double(in: -1...1), y: rng.double(in: -1...1)) * scale
      }
      let grids = [
        SegmentGrid(path: MeasuredPath(polyline: chain)),
        SegmentGrid(starts: loose, ends: loose.map { $0 + Point(x: scale * 0.01, y: 0) }),
      ]
      for grid in grids {
        for _ in 0..<60 {
          let far = rng.double(in: 0...1) < 0.5 ? 3.0 : 0.3
          let p = Point(x: rng.double(in: -far...far), y: rng.double(in: -far...far)) * scale
          let fast = try #require(grid.nearest(to: p))
          let slow = try #require(Self.brute(grid, p))
          #expect(
            abs(fast.distance - slow.distance) <= 1e-9 * max(1, slow.distance),
            "seed \(seed) round \(round): \(fast.distance) vs \(slow.distance)")
          if fast.distanceSquared == slow.distanceSquared {
            #expect(fast.edge == slow.edge, "seed \(seed) round \(round)")
          }
        }
      }
    }
  }

  @Test("one edge, and a point inside every box, still find it")
  func smallest() throws {
    let grid = SegmentGrid(starts: [Point(x: 5, y: 5)], ends: [Point(x: 5, y: 5)])
    let h = try #require(grid.nearest(to: Point(x: 1e5, y: -1e5)))
    #expect(
      h.edge == 0
        && abs(h.distance - ((1e5 - 5) * (1e5 - 5) + (1e5 + 5) * (1e5 + 5)).squareRoot()) < 1e-6)
  }
}
