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

  /// Point–edge pairs an update may compare (plus 4 per edge, about the cost of a grid) before
  /// it uses a `SegmentGrid` for the points still unsettled.
  private static let bruteForceLimit = 4096

  /// Records one call's output.
  ///
  /// - Complexity: O(t + c) expected for t points on the previous tail and c chords of the
  ///   current picture near it (at most 4096 + 4c point–chord pairs compared, then a grid).
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
    output.tentative.forEachFilledDisc { d in if d.center.isFinite { previous.append(d.center) } }
  }

  /// The largest distance from `previous` to the current picture; `nil` when it is empty.
  private mutating func largestDistance(to output: StrokeOutput) -> Double? {
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    for s in output.stable.centerline { addChords(s) }
    for s in output.tentative.centerline { addChords(s) }
    if let s = lastStable { addChords(s) }
    output.stable.forEachFilledDisc { d in
      guard d.center.isFinite else { return }
      starts.append(d.center)
      ends.append(d.center)
    }
    output.tentative.forEachFilledDisc { d in
      guard d.center.isFinite else { return }
      starts.append(d.center)
      ends.append(d.center)
    }
    guard !starts.isEmpty else { return nil }
    return TentativeChurn.largestDistance(
      from: previous, starts: starts, ends: ends,
      pairBudget: TentativeChurn.bruteForceLimit + 4 * starts.count)
  }

  /// The largest distance from a point of `points` to its nearest edge (`starts[i]` to
  /// `ends[i]`), px. The maximum of minima needs no point's exact minimum once it is known to
  /// be at most the largest so far, so a point's search stops there. Points are taken from the
  /// tail's end back (the end, where a tail is revised most, usually holds the largest
  /// distance, so later points stop early), and each point first tries the edge nearest the
  /// point before and that edge's two neighbours (neighbouring points, 0.5 px apart, have
  /// neighbouring nearest edges); only a point none of them settles needs its nearest edge.
  /// That is found by comparing pairs (from the edge nearest the point before, stopping early
  /// too) until `pairBudget` pairs have been compared, then through a `SegmentGrid` of the
  /// edges, built once, on the first point that needs it after that. Every distance is
  /// computed the same way, so the value is that of comparing every pair (the grid's search is
  /// exact).
  ///
  /// - Complexity: O(t · c) for t points and c edges at worst while the budget lasts, then
  ///   O(c) expected for the grid and O(1) expected per point; about O(t + c) along a curve.
  static func largestDistance(
    from points: [Point], starts: [Point], ends: [Point], pairBudget: Int = .max
  ) -> Double {
    let m = starts.count
    var worst = 0.0
    var start = 0
    var budget = pairBudget
    var grid: SegmentGrid?
    starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in
        /// Squared distance from `p` to edge `i`.
        @inline(__always) func distance2(_ i: Int, _ p: Point) -> Double {
          let d = b[i] - a[i]
          let len2 = d.dot(d)
          let u = len2 > 0 ? min(1, max(0, (p - a[i]).dot(d) / len2)) : 0
          let q = a[i] + d * u - p
          return q.dot(q)
        }
        for p in points.reversed() {
          // The edge nearest the point before and its neighbours: when one is no farther
          // than the largest distance so far, this point cannot raise it.
          if distance2(start, p) <= worst { continue }
          if start > 0, distance2(start - 1, p) <= worst {
            start -= 1
            continue
          }
          if start + 1 < m, distance2(start + 1, p) <= worst {
            start += 1
            continue
          }
          if budget < m, grid == nil { grid = SegmentGrid(starts: starts, ends: ends) }
          if let grid {
            guard let h = grid.nearest(to: p) else { continue }
            start = h.edge
            worst = max(worst, h.distanceSquared)
            continue
          }
          var best = Double.infinity
          var i = start
          var nearest = start
          for _ in 0..<m {
            budget -= 1
            let dd = distance2(i, p)
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
