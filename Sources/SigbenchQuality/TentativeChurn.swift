import SigbenchCore

/// How far a strategy's provisional tail moves when it is replaced: for every update (every
/// call of a stroke after its first, finish included), the largest distance from the
/// previous call's tentative centreline to the current picture near the tail, px.
///
/// - The previous tentative tail is sampled along each of its segments at parameter steps
///   small enough that neighbouring points are at most `QualityConstants.churnSpacing`
///   (0.5) px apart (k + 1 points with k = ⌈3 · longest control leg / 0.5⌉, since
///   |B′| ≤ 3 · longest leg), plus its disc centres. The largest distance needs only dense
///   points, not equal spacing.
/// - The current picture near the tail is this call's stable geometry, the last segment that
///   was stable before it, and this call's tentative tail: their segments (each flattened on
///   its own within `QualityConstants.flatteningTolerance`) and disc centres.
/// - An update whose previous call left no tentative tail revises nothing: churn 0. An update
///   that leaves nothing to compare with (no stable or tentative geometry at all) is not
///   counted.
///
/// A strategy that never shows a tentative tail has churn 0; one whose tail is always drawn
/// where the final ink will be has churn near 0.
struct TentativeChurn: Sendable {
  /// Measurement points of the previous call's tentative tail.
  private var previous: [Point] = []
  /// The last stable segment from earlier calls.
  private var lastStable: CenterlineSegment?
  private var calls = 0
  /// Edges of the current picture (reused between calls).
  private var starts: [Point] = []
  private var ends: [Point] = []
  /// One value per counted update, px.
  private(set) var values: [Double] = []

  /// Above this many point–edge pairs an update uses a `SegmentGrid` instead of comparing
  /// every pair.
  private static let bruteForceLimit = 4096

  /// Records one call's output.
  ///
  /// - Complexity: O(t · c) for t points on the previous tail and c chords of the current
  ///   picture near it while t · c ≤ 4096, else O(t + c) expected.
  mutating func record(_ output: StrokeOutput) {
    if calls > 0 {
      if previous.isEmpty {
        values.append(0)
      } else if let worst = largestDistance(to: output) {
        values.append(worst)
      }
    }
    calls += 1
    lastStable = output.stable.centerline.last ?? lastStable
    previous.removeAll(keepingCapacity: true)
    for s in output.tentative.centerline { TentativeChurn.sample(s, into: &previous) }
    for d in output.tentative.discs where d.center.isFinite { previous.append(d.center) }
  }

  /// The largest distance from `previous` to the current picture; `nil` when it is empty.
  private mutating func largestDistance(to output: StrokeOutput) -> Double? {
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    for s in output.stable.centerline { addChords(s) }
    for s in output.tentative.centerline { addChords(s) }
    if let s = lastStable { addChords(s) }
    for d in output.stable.discs + output.tentative.discs where d.center.isFinite {
      starts.append(d.center)
      ends.append(d.center)
    }
    guard !starts.isEmpty else { return nil }
    var worst = 0.0
    if previous.count * starts.count > TentativeChurn.bruteForceLimit {
      let grid = SegmentGrid(starts: starts, ends: ends)
      for p in previous { worst = max(worst, grid.nearest(to: p)?.distance ?? 0) }
      return worst
    }
    for p in previous {
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
    return worst.squareRoot()
  }

  /// Appends the chords of `s` (flattened within the tolerance) as edges.
  private mutating func addChords(_ s: CenterlineSegment) {
    let n = MeasuredPath.chordCount(s)
    var a = s.start
    if !a.isFinite { return }
    for i in 1...n {
      let b = s.point(at: Double(i) / Double(n))
      guard b.isFinite else { return }
      starts.append(a)
      ends.append(b)
      a = b
    }
  }

  /// Appends points of `s` at most 0.5 px apart, ends included.
  private static func sample(_ s: CenterlineSegment, into points: inout [Point]) {
    let leg = max(
      s.start.distance(to: s.control1), s.control1.distance(to: s.control2),
      s.control2.distance(to: s.end))
    guard leg.isFinite else { return }
    let k = min(
      QualityConstants.maximumChordsPerSegment,
      max(1, Int((3 * leg / QualityConstants.churnSpacing).rounded(.up))))
    for i in 0...k {
      let p = s.point(at: Double(i) / Double(k))
      if p.isFinite { points.append(p) }
    }
  }
}
