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
  private let grid: SegmentGrid

  /// The corners of `reference`.
  ///
  /// - Complexity: O(v · w) for v vertices and w the most vertices within 2 px of arc.
  init(_ reference: MeasuredPath) {
    let v = reference.points
    guard v.count >= 3 else {
      points = []
      grid = SegmentGrid(starts: [], ends: [])
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
    grid = SegmentGrid(starts: found, ends: found)
  }

  /// True when `p` is within `cornerJoinRadius` of a corner point.
  func isNear(_ p: Point) -> Bool {
    grid.hasEdge(within: QualityConstants.cornerJoinRadius, of: p)
  }
}
