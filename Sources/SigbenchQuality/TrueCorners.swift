import Foundation
import SigbenchCore

/// Where the reference (ground truth, or the input polyline without truth) really has a
/// corner, so joins there are reported apart: a strategy that rounds a real corner must not
/// look smoother for it.
///
/// Definition: the signed turn at an interior vertex of the reference polyline is the angle
/// from its incoming to its outgoing edge, in (−180°, 180°]. A run of consecutive interior
/// vertices spanning at most `QualityConstants.cornerArc` (2) px of arc length whose turns
/// add up to more than `cornerTurnDegrees` (30°) in absolute value is a corner, and every
/// vertex of it is a corner point. (The net turn, not the sum of absolute turns, so jitter
/// that wobbles back and forth is no corner.) A join lies at a true corner when it is within
/// `cornerJoinRadius` (2) px of a corner point.
struct TrueCorners: Sendable {
  /// The corner points, px.
  let points: [Point]
  /// The same points ordered by x (equal x in any order), for `isNear`.
  private let byX: [Point]
  /// The least and greatest y of the corner points (any finite values without corners).
  private let minY: Double
  private let maxY: Double

  /// The corners of `reference`.
  ///
  /// - Complexity: O(v · w) for v vertices and w the most vertices within 2 px of arc.
  init(_ reference: MeasuredPath) {
    let v = reference.points
    guard v.count >= 3 else {
      points = []
      byX = []
      (minY, maxY) = (0, 0)
      return
    }
    var turn = [Double](repeating: 0, count: v.count)
    for i in 1..<(v.count - 1) {
      turn[i] = JoinTurns.signedAngle(v[i] - v[i - 1], v[i + 1] - v[i]) * 180 / Double.pi
    }
    // marks[i] > 0: vertex i is inside a qualifying run (difference array of run bounds).
    var marks = [Int](repeating: 0, count: v.count + 1)
    let arc = reference.arc
    for a in 1..<(v.count - 1) {
      var sum = 0.0
      var lastQualifying = -1
      var b = a
      while b < v.count - 1, arc[b] - arc[a] <= QualityConstants.cornerArc {
        sum += turn[b]
        if abs(sum) > QualityConstants.cornerTurnDegrees { lastQualifying = b }
        b += 1
      }
      if lastQualifying >= a {
        marks[a] += 1
        marks[lastQualifying + 1] -= 1
      }
    }
    var found: [Point] = []
    var running = 0
    for i in v.indices {
      running += marks[i]
      if running > 0 { found.append(v[i]) }
    }
    points = found
    byX = found.sorted { $0.x < $1.x }
    minY = found.map { $0.y }.min() ?? 0
    maxY = found.map { $0.y }.max() ?? 0
  }

  /// True when `p` is within `cornerJoinRadius` (r) of a corner point c: when
  /// dx² + dy² ≤ r² for dx = c.x − p.x, dy = c.y − p.y as computed in doubles (the distance
  /// of a point edge in `SegmentGrid.hit`, bit for bit), false for a non-finite `p`.
  ///
  /// Exact shortcut: a rounded sum of non-negative terms is no smaller than either, so a
  /// corner with dx² > r² cannot qualify; and rounding is monotone, so dx does not decrease
  /// as c.x grows and dx² grows with |dx|. The corners with dx < 0 and dx² > r² are
  /// therefore a prefix of `byX` (found by bisection), those with dx > 0 and dx² > r² a
  /// suffix (where the walk stops), and only the run between is tested.
  ///
  /// - Complexity: O(log k + w) for k corner points and w of them within about r in x.
  func isNear(_ p: Point) -> Bool {
    guard p.isFinite else { return false }
    let r = QualityConstants.cornerJoinRadius
    let r2 = r * r
    // Every corner has dy ≥ minY − p.y as computed (monotone rounding), likewise
    // dy ≤ maxY − p.y: when one of these bounds is beyond r, dx² + dy² ≥ dy² > r² for all.
    let below = minY - p.y
    let above = maxY - p.y
    if below > 0, below * below > r2 { return false }
    if above < 0, above * above > r2 { return false }
    return byX.withUnsafeBufferPointer { c in
      var lo = 0
      var hi = c.count
      while lo < hi {
        let mid = (lo &+ hi) >> 1
        let dx = c[mid].x - p.x
        if dx < 0, dx * dx > r2 { lo = mid &+ 1 } else { hi = mid }
      }
      while lo < c.count {
        let dx = c[lo].x - p.x
        let dx2 = dx * dx
        if dx > 0, dx2 > r2 { break }
        let dy = c[lo].y - p.y
        if dx2 + dy * dy <= r2 { return true }
        lo &+= 1
      }
      return false
    }
  }
}
