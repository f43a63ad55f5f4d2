import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchQuality

/// The exact shortcuts of the quality measurements (#44) answer as the definitions they
/// replace: `SegmentGrid.floorSmall` as `Int(_:)`, `SegmentGrid.parts` as grouping every edge
/// within the radius into runs, `TrueCorners.isNear` as comparing with every corner point,
/// `CubicSamples` as `CenterlineSegment.point(at:)`.
@Suite struct QualityShortcutTests {
  @Test("floorSmall is ⌊v⌋ on (0, 2³¹), integers and their neighbours included")
  func floorSmallIsFloor() {
    let seed = propertySeed()
    print("QualityShortcutTests.floorSmallIsFloor: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100_000 {
      let k = Double(rng.int(in: 0...(1 << 31 - 1)))
      let scale = [1.0, 1e-3, 1e-9, Double(1 << 31)][rng.int(in: 0...3)]
      for v in [rng.double(in: 0...1) * scale, k, k.nextUp, k.nextDown, k + 0.5]
      where v > 0 && v < Double(1 << 31) {
        #expect(SegmentGrid.floorSmall(v) == Int(v), "seed \(seed): \(v)")
      }
    }
  }

  /// The parts as `SampleProjection` formed them before the walk: every edge within
  /// `radius`, in edge order, runs of consecutive edges, each run's nearest hit (the first
  /// in edge order on a tie).
  static func bruteParts(_ grid: SegmentGrid, _ p: Point, _ radius: Double) -> [SegmentGrid.Hit] {
    var result: [SegmentGrid.Hit] = []
    var runEnd = Int.min
    for e in 0..<grid.edgeCount {
      let h = grid.hit(e, p)
      guard h.distance <= radius else { continue }
      if !result.isEmpty, e == runEnd + 1 {
        if h.distanceSquared < result[result.count - 1].distanceSquared {
          result[result.count - 1] = h
        }
      } else {
        result.append(h)
      }
      runEnd = e
    }
    return result
  }

  @Test("parts near a point: the runs of brute force, loops and hairpins included")
  func partsEqualBruteForce() throws {
    let seed = propertySeed()
    print("QualityShortcutTests.partsEqualBruteForce: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    var parts: [SegmentGrid.Hit] = []
    var runs: [Int] = []
    for round in 0..<40 {
      // A wandering curve of short chords (a flattened centreline), which crosses itself.
      let n = rng.int(in: 2...600)
      let step = [0.05, 0.3, 2.0][round % 3]
      var heading = 0.0
      var walk = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
      let chain: [Point] = (0..<(n + 1)).map { _ in
        heading += rng.double(in: -0.4...0.4)
        walk = walk + Point(x: cos(heading), y: sin(heading)) * step
        return walk
      }
      let grid = SegmentGrid(path: MeasuredPath(polyline: chain))
      for _ in 0..<80 {
        let v = chain[rng.int(in: 0...n)]
        let p = v + Point(x: rng.double(in: -3...3), y: rng.double(in: -3...3))
        let nearest = try #require(grid.nearest(to: p))
        let radius = nearest.distance + QualityConstants.crossingTolerance
        grid.parts(near: p, within: radius, nearest: nearest, into: &parts, runs: &runs)
        let slow = Self.bruteParts(grid, p, radius)
        #expect(
          parts.map(\.edge) == slow.map(\.edge)
            && parts.map(\.distanceSquared) == slow.map(\.distanceSquared)
            && parts.map(\.fraction) == slow.map(\.fraction),
          "seed \(seed) round \(round): \(parts.map(\.edge)) vs \(slow.map(\.edge))")
      }
    }
  }

  @Test("isNear: within 2 px of a corner point exactly when brute force says so")
  func isNearEqualsBruteForce() {
    let seed = propertySeed()
    print("QualityShortcutTests.isNearEqualsBruteForce: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for round in 0..<30 {
      // A zigzag with sharp turns (corners) and straight stretches (none).
      var walk = Point(x: 0, y: 0)
      var heading = 0.0
      let reference: [Point] = (0..<rng.int(in: 3...300)).map { _ in
        heading += rng.double(in: 0...1) < 0.1 ? rng.double(in: -2.5...2.5) : 0
        walk = walk + Point(x: cos(heading), y: sin(heading)) * rng.double(in: 0.2...3)
        return walk
      }
      let corners = TrueCorners(MeasuredPath(polyline: reference))
      for _ in 0..<300 {
        let base = reference[rng.int(in: 0...(reference.count - 1))]
        let p = base + Point(x: rng.double(in: -4...4), y: rng.double(in: -4...4))
        let r = QualityConstants.cornerJoinRadius
        let brute = corners.points.contains { c in
          let dx = c.x - p.x
          let dy = c.y - p.y
          return dx * dx + dy * dy <= r * r
        }
        #expect(corners.isNear(p) == brute, "seed \(seed) round \(round): \(p)")
      }
    }
  }

  @Test("CubicSamples writes CenterlineSegment.point(at: i / k) bit for bit, or declines")
  func cubicSamplesArePointAt() {
    let seed = propertySeed()
    print("QualityShortcutTests.cubicSamplesArePointAt: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for round in 0..<2_000 {
      // Everyday sizes, far offsets, subnormal sizes, and sizes at and past the 1e300 bound.
      let scale = [1.0, 1e5, 1e-310, 1e299, 4e299][round % 5]
      func point() -> Point {
        Point(x: rng.double(in: -1...1) * scale, y: rng.double(in: -1...1) * scale)
      }
      var s = CenterlineSegment(
        start: point(), control1: point(), control2: point(), end: point(), startWidth: 1,
        endWidth: 1)
      if round % 97 == 0 { s.control2.y = [Double.nan, .infinity, 1e300][round % 3] }
      let k = round % 3 == 0 ? rng.int(in: 1...4) : rng.int(in: 1...300)
      var out = [Point](repeating: Point(x: 7, y: 7), count: k + 1)
      let wrote = out.withUnsafeMutableBufferPointer {
        CubicSamples.write(s, steps: k, to: $0.baseAddress!)
      }
      let coordinates = [s.start, s.control1, s.control2, s.end].flatMap { [$0.x, $0.y] }
      #expect(wrote == coordinates.allSatisfy { abs($0) < 1e300 }, "seed \(seed) round \(round)")
      guard wrote else { continue }
      for i in 0...k {
        let p = s.point(at: Double(i) / Double(k))
        #expect(
          out[i].x.bitPattern == p.x.bitPattern && out[i].y.bitPattern == p.y.bitPattern,
          "seed \(seed) round \(round): point \(i) of \(k)")
      }
    }
  }
}
