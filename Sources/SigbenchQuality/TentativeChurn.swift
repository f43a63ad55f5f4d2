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
    for d in output.stable.discs where d.center.isFinite {
      starts.append(d.center)
      ends.append(d.center)
    }
    for d in output.tentative.discs where d.center.isFinite {
      starts.append(d.center)
      ends.append(d.center)
    }
    guard !starts.isEmpty else { return nil }
    if previous.count * starts.count > TentativeChurn.bruteForceLimit {
      // The nearest distance of every point, in one batch (the same values as asking point
      // by point).
      var worst = 0.0
      for d in SegmentGrid(starts: starts, ends: ends).distances(from: previous) {
        worst = max(worst, d)
      }
      return worst
    }
    return TentativeChurn.largestDistance(from: previous, starts: starts, ends: ends)
  }

  /// The largest distance from a point of `points` to its nearest edge (`starts[i]` to
  /// `ends[i]`), px, by comparing pairs. The maximum of minima needs no point's exact minimum
  /// once it is known to be at most the largest so far, so a point's scan stops there. Points
  /// are taken from the tail's end back (the end, where a tail is revised most, usually holds
  /// the largest distance, so later points stop early), each scan starting at the edge
  /// nearest the point before (neighbouring points, 0.5 px apart, have neighbouring nearest
  /// edges): the same value as comparing every pair, each distance computed the same way, for
  /// about one edge per point instead of all of them.
  ///
  /// - Complexity: O(t · c) for t points and c edges at worst; about O(t + c) along a curve.
  static func largestDistance(from points: [Point], starts: [Point], ends: [Point]) -> Double {
    let m = starts.count
    var worst = 0.0
    var start = 0
    starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in
        for p in points.reversed() {
          var best = Double.infinity
          var i = start
          var nearest = start
          for _ in 0..<m {
            let d = b[i] - a[i]
            let len2 = d.dot(d)
            let u = len2 > 0 ? min(1, max(0, (p - a[i]).dot(d) / len2)) : 0
            let q = a[i] + d * u - p
            let dd = q.dot(q)
            if dd < best {
              best = dd
              nearest = i
            }
            // This point cannot raise the largest distance any more.
            if best <= worst { break }
            i = i + 1 == m ? 0 : i + 1
          }
          start = nearest
          worst = max(worst, best)
        }
      }
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
