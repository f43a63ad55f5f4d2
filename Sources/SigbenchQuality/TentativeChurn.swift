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
  /// The largest-distance search's per-point buffers (reused between calls).
  private var scratch = Scratch()

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
      pairBudget: TentativeChurn.bruteForceLimit + 4 * starts.count, scratch: &scratch)
  }

  /// The largest distance from a point of `points` to its nearest edge (`starts[i]` to
  /// `ends[i]`), px: the maximum over points of each point's minimum over edges, exactly.
  ///
  /// Most points need no exact minimum: a point none of whose edges is farther than the
  /// largest distance so far cannot raise it. So the search runs in two passes.
  /// 1. An upper bound for every point: from the end of the tail back, a walk along the edge
  ///    list from the edge that bounded the point before (neighbouring points, 0.5 px apart,
  ///    have neighbouring nearest edges) to a local minimum; O(1) edges a point along a curve.
  /// 2. The exact distance of the point with the largest bound starts the largest distance
  ///    (on a revised tail it is usually the answer). Then every point whose bound is not
  ///    above it is settled for free; any other is compared outward from its bounding edge
  ///    until an edge settles it or every edge has been compared (its exact minimum, which
  ///    raises the largest distance). After `pairBudget` compared pairs, the points still
  ///    unsettled use a `SegmentGrid` of the edges, built once.
  ///
  /// Every distance is computed by the same expression, and the grid's search is exact, so the
  /// value is that of comparing every pair, to the bit.
  ///
  /// - Complexity: O(t + c) along a curve for t points and c edges; O(t · c) at worst while the
  ///   budget lasts, then O(c) for the grid and O(1) expected a point.
  static func largestDistance(
    from points: [Point], starts: [Point], ends: [Point], pairBudget: Int = .max
  ) -> Double {
    var scratch = Scratch()
    return largestDistance(
      from: points, starts: starts, ends: ends, pairBudget: pairBudget, scratch: &scratch)
  }

  /// Per-point bounds kept between calls, so a steady update allocates nothing.
  struct Scratch: Sendable {
    /// Upper bound of each point's squared distance, and the edge that gives it (indexed by
    /// point; only the first t entries of a call are meaningful).
    var bound: [Double] = []
    var edge: [Int] = []
    /// The points pass 2 compares after the first, largest bound first.
    var order: [Int] = []
  }

  static func largestDistance(
    from points: [Point], starts: [Point], ends: [Point], pairBudget: Int,
    scratch: inout Scratch
  ) -> Double {
    let m = starts.count
    let t = points.count
    guard m > 0, t > 0 else { return 0 }
    if scratch.bound.count < t {
      scratch.bound += repeatElement(0, count: t - scratch.bound.count)
      scratch.edge += repeatElement(0, count: t - scratch.edge.count)
      scratch.order += repeatElement(0, count: t - scratch.order.count)
    }
    var worst = 0.0
    // Position in pass 2 (−1: the point with the largest bound, then i ≥ 0: `order[i]`) where
    // the pair budget ran out, or nil; the number of points ordered.
    var gridFrom: Int?
    var ordered = 0
    var top = t - 1
    scratch.bound.withUnsafeMutableBufferPointer { bound in
      scratch.edge.withUnsafeMutableBufferPointer { edge in
        scratch.order.withUnsafeMutableBufferPointer { order in
          points.withUnsafeBufferPointer { pts in
            starts.withUnsafeBufferPointer { a in
              ends.withUnsafeBufferPointer { b in
                // Pass 1: bounds, walking from the previous point's edge to a local minimum.
                var at = 0
                var topBound = -Double.infinity
                var k = t
                while k > 0 {
                  k -= 1
                  let p = pts[k]
                  // Down first: points run from the tail's end back, edges forward.
                  var here = distance2(at, p, a, b)
                  let start = at
                  while at > 0 {
                    let next = distance2(at - 1, p, a, b)
                    guard next < here else { break }
                    here = next
                    at -= 1
                  }
                  while at >= start, at + 1 < m {
                    let next = distance2(at + 1, p, a, b)
                    guard next < here else { break }
                    here = next
                    at += 1
                  }
                  bound[k] = here
                  edge[k] = at
                  if here > topBound {
                    topBound = here
                    top = k
                  }
                }
                // Pass 2: the point with the largest bound, then every point its bound does not
                // settle, largest bound first (so the largest distance is met early and later
                // points settle cheaply; once a bound is not above it, none is). Each is compared
                // outward from its bounding edge (from, from + 1, from − 1, from + 2, …) until an
                // edge settles it or none is left.
                var budget = pairBudget
                var n = 0
                for i in -1..<t {
                  if i == 0 {
                    // The rest, by bound, largest first.
                    for k in 0..<t where k != top && bound[k] > worst {
                      order[n] = k
                      n += 1
                    }
                    var head = UnsafeMutableBufferPointer(rebasing: order[0..<n])
                    head.sort { bound[$0] > bound[$1] }
                    ordered = n
                  }
                  if i >= n { break }
                  let k = i < 0 ? top : order[i]
                  if i >= 0, bound[k] <= worst { break }
                  if budget < m {
                    gridFrom = i
                    return
                  }
                  let p = pts[k]
                  let from = edge[k]
                  var best = Double.infinity
                  var up = from
                  var down = from - 1
                  while up < m || down >= 0 {
                    let e: Int
                    if up < m, down < 0 || up - from <= from - down {
                      e = up
                      up += 1
                    } else {
                      e = down
                      down -= 1
                    }
                    budget -= 1
                    best = min(best, distance2(e, p, a, b))
                    // This point cannot raise the largest distance any more.
                    if best <= worst { break }
                  }
                  worst = max(worst, best)
                }
              }
            }
          }
        }
      }
    }
    if let first = gridFrom {
      let grid = SegmentGrid(starts: starts, ends: ends)
      if first < 0 {
        worst = grid.nearest(to: points[top])?.distanceSquared ?? 0
        for k in 0..<t where k != top && scratch.bound[k] > worst {
          scratch.order[ordered] = k
          ordered += 1
        }
        scratch.order[0..<ordered].sort { scratch.bound[$0] > scratch.bound[$1] }
      }
      for k in scratch.order[max(0, first)..<ordered] {
        if scratch.bound[k] <= worst { break }
        worst = max(worst, grid.nearest(to: points[k])?.distanceSquared ?? 0)
      }
    }
    return worst.squareRoot()
  }

  /// Squared distance from `p` to edge `i` (`a[i]` to `b[i]`), px²; the expression of
  /// `SegmentGrid`'s hit, operation for operation.
  @inline(__always) private static func distance2(
    _ i: Int, _ p: Point, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>
  ) -> Double {
    let s = a[i]
    let e = b[i]
    let dx = e.x - s.x
    let dy = e.y - s.y
    let len2 = dx * dx + dy * dy
    let u = len2 > 0 ? min(1, max(0, ((p.x - s.x) * dx + (p.y - s.y) * dy) / len2)) : 0
    let qx = s.x + dx * u - p.x
    let qy = s.y + dy * u - p.y
    return qx * qx + qy * qy
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
