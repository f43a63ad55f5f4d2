import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchQuality

/// The churn's largest distance stops a point's scan once the point cannot raise the largest
/// distance, starts each scan near the previous point's nearest edge, skips boxes of edges by
/// a lower bound and avoids the division when the projection clamps; it must give exactly the
/// value of comparing every point with every edge (with `SegmentGrid`'s expression), also when
/// it moves on to a grid after a budget of compared pairs, at any scale.
@Test func churnLargestDistanceEqualsEveryPairBitForBit() {
  let seed = propertySeed()
  print("churnLargestDistanceEqualsEveryPairBitForBit: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  for round in 0..<400 {
    // A chain of chords (a tail) plus some point edges (discs), and points along a wobbly
    // copy of it: neighbouring points near neighbouring edges, as on a real tail. Some rounds
    // add a second chain the points follow more closely after the first (a walk that starts
    // on the first stops at the wrong local minimum), and some move everything far from the
    // origin, shrink it to subnormal sizes or grow it until squared lengths overflow.
    let m = rng.int(in: 1...60)
    var starts: [Point] = []
    var ends: [Point] = []
    var a = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
    for _ in 0..<m {
      let b = a + Point(x: rng.double(in: -3...3), y: rng.double(in: -3...3))
      starts.append(a)
      ends.append(round % 7 == 0 ? a : b)
      a = b
    }
    var points = (0..<rng.int(in: 1...80)).map { i in
      let e = starts[min(m - 1, i * m / 80)]
      return e + Point(x: rng.double(in: -2...2), y: rng.double(in: -2...2))
    }
    if round % 3 == 1 {
      for i in 0..<m {
        let shift = Point(x: rng.double(in: -0.3...0.3), y: rng.double(in: -0.3...0.3))
        starts.append(starts[i] + shift)
        ends.append(round % 2 == 0 ? starts[i] + shift : ends[i] + shift)
      }
      points = points.map { $0 + Point(x: rng.double(in: -0.2...0.2), y: 0) }
    }
    let (scale, offset): (Double, Double) =
      switch round % 5 {
      case 1: (1, 1e5)
      case 2: (1e-300, 0)
      case 3: (round % 2 == 0 ? 1e160 : 1e150, 0)
      default: (1, 0)
      }
    func moved(_ p: Point) -> Point { Point(x: p.x * scale + offset, y: p.y * scale - offset) }
    starts = starts.map(moved)
    ends = ends.map(moved)
    points = points.map(moved)
    var worst = 0.0
    for p in points {
      var best = Double.infinity
      for i in starts.indices {
        let d = ends[i] - starts[i]
        let len2 = d.dot(d)
        let u = len2 > 0 ? min(1, max(0, (p - starts[i]).dot(d) / len2)) : 0
        let q = starts[i] + d * u - p
        best = min(best, q.dot(q))
      }
      worst = max(worst, best)
    }
    // Every pair compared, a grid from the first point on, and a grid after a few scans; the
    // first walk from any edge.
    for budget in [Int.max, 0, rng.int(in: 1...200)] {
      let start = rng.int(in: 0...(starts.count - 1))
      let fast = TentativeChurn.largestDistance(
        from: points, starts: starts, ends: ends, pairBudget: budget, start: start)
      #expect(
        fast.bitPattern == worst.squareRoot().bitPattern,
        "round \(round), budget \(budget), start \(start)")
    }
  }
}

/// A disc centre's edge is built without the arithmetic that cancels; it must be `Edge(c, c)`
/// bit for bit, signed zeros, subnormals and huge finite coordinates included.
@Test func churnPointEdgeEqualsEdgeFromAPointToItself() {
  let seed = propertySeed()
  print("churnPointEdgeEqualsEdgeFromAPointToItself: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  let special: [Double] = [
    0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude, 1e-310, 3.5, -7.25,
  ]
  var values = special
  for _ in 0..<200 {
    values.append(rng.double(in: -1e6...1e6) * (rng.int(in: 0...1) == 0 ? 1 : 1e-300))
  }
  for x in values {
    for y in special + [rng.double(in: -50...50)] {
      let c = Point(x: x, y: y)
      let a = TentativeChurn.Edge(c, c)
      let b = TentativeChurn.Edge(point: c)
      let fields: [(Double, Double)] = [
        (a.sx, b.sx), (a.sy, b.sy), (a.ex, b.ex), (a.ey, b.ey), (a.dx, b.dx), (a.dy, b.dy),
        (a.len2, b.len2), (a.tx, b.tx), (a.ty, b.ty),
      ]
      for (u, v) in fields { #expect(u.bitPattern == v.bitPattern, "\(x), \(y)") }
    }
  }
}
