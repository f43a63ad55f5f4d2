import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchQuality

/// The churn's largest distance stops a point's scan once the point cannot raise the largest
/// distance and starts each scan near the previous point's nearest edge; it must give exactly
/// the value of comparing every point with every edge, also when it moves on to a grid after a
/// budget of compared pairs.
@Test func churnLargestDistanceEqualsEveryPairBitForBit() {
  let seed = propertySeed()
  print("churnLargestDistanceEqualsEveryPairBitForBit: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  for round in 0..<200 {
    // A chain of chords (a tail) plus some point edges (discs), and points along a wobbly
    // copy of it: neighbouring points near neighbouring edges, as on a real tail.
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
    let points = (0..<rng.int(in: 1...80)).map { i in
      let e = starts[min(m - 1, i * m / 80)]
      return e + Point(x: rng.double(in: -2...2), y: rng.double(in: -2...2))
    }
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
    // Every pair compared, a grid from the first point on, and a grid after a few scans.
    for budget in [Int.max, 0, rng.int(in: 1...200)] {
      let fast = TentativeChurn.largestDistance(
        from: points, starts: starts, ends: ends, pairBudget: budget)
      #expect(
        fast.bitPattern == worst.squareRoot().bitPattern, "round \(round), budget \(budget)")
    }
  }
}
