import Foundation
import SigbenchCore

/// The tangent turn at every join between consecutive centreline segments of one stroke: the
/// angle between the direction in which one segment ends and the one in which the next
/// begins, in degrees, 0…180. A smooth (G1) join turns 0°; a polyline turns by its corner
/// angle.
///
/// Directions: a segment ends along `end − control2` (else `end − control1`, else
/// `end − start`, whichever is first longer than `QualityConstants.degenerateLength`) and
/// begins along `control1 − start` (else `control2 − start`, else `end − start`). Segments
/// whose control polygon is shorter than `degenerateLength` (a repeated sample) have no
/// direction and are skipped: the join is measured between their neighbours.
enum JoinTurns {
  /// One join: where it is and how much the tangent turns there.
  struct Join: Sendable, Equatable {
    /// The end of the earlier segment, px.
    var point: Point
    /// Tangent turn, degrees in [0, 180].
    var degrees: Double
  }

  /// Every join of `segments`, in order.
  ///
  /// - Complexity: O(s) for s segments.
  static func joins(_ segments: [CenterlineSegment]) -> [Join] {
    var result: [Join] = []
    result.reserveCapacity(max(0, segments.count - 1))
    var previous: CenterlineSegment?
    for s in segments {
      guard let incoming = startDirection(s) else { continue }
      if let p = previous, let outgoing = endDirection(p) {
        result.append(Join(point: p.end, degrees: angle(outgoing, incoming)))
      }
      previous = s
    }
    return result
  }

  /// The direction in which `s` ends, or `nil` for a degenerate segment.
  static func endDirection(_ s: CenterlineSegment) -> Point? {
    firstLong(s.end - s.control2, s.end - s.control1, s.end - s.start)
  }

  /// The direction in which `s` begins, or `nil` for a degenerate segment.
  static func startDirection(_ s: CenterlineSegment) -> Point? {
    firstLong(s.control1 - s.start, s.control2 - s.start, s.end - s.start)
  }

  /// The first of three candidates longer than `degenerateLength` and finite (three
  /// arguments, not an array: no allocation per segment).
  @inline(__always) private static func firstLong(_ a: Point, _ b: Point, _ c: Point) -> Point? {
    if isLong(a) { return a }
    if isLong(b) { return b }
    return isLong(c) ? c : nil
  }

  @inline(__always) private static func isLong(_ d: Point) -> Bool {
    d.length > QualityConstants.degenerateLength && d.isFinite
  }

  /// Unsigned angle between two directions, degrees in [0, 180].
  static func angle(_ a: Point, _ b: Point) -> Double {
    abs(signedAngle(a, b)) * 180 / Double.pi
  }

  /// Signed angle from `a` to `b`, radians in (−π, π].
  static func signedAngle(_ a: Point, _ b: Point) -> Double {
    atan2(a.cross(b), a.dot(b))
  }
}
