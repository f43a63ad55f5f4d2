import SigbenchCore

/// Strokes closed polygons the way CoreGraphics' default stroke does: butt caps (irrelevant
/// on closed paths), miter joins with miter limit 10, falling back to a bevel beyond it. Used
/// for UberSignature's 1 pt outline stroke (UIKit's default stroke, painted before the
/// non-zero fill of every shape).
///
/// Produces polygons to be OR-ed into a mask: one rectangle per edge and one join polygon per
/// vertex on the outer side of the turn.
public struct OutlineStroker: Sendable {
  /// Full stroke width, output pixels.
  public var width: Double
  /// Ratio of miter length to stroke width above which a join is bevelled (CoreGraphics: 10).
  public var miterLimit: Double = 10

  public init(width: Double, miterLimit: Double = 10) {
    self.width = width
    self.miterLimit = miterLimit
  }

  /// Calls `emit` with each polygon of the stroke of the closed polygon `points`.
  public func stroke(_ points: [Point], emit: ([Point]) -> Void) {
    points.withUnsafeBufferPointer { buf in stroke(buf) { emit(Array($0)) } }
  }

  /// Calls `emit` with each polygon (3 or 4 vertices, in temporary storage valid only during
  /// the call) of the stroke of the closed polygon `points`; allocates nothing.
  ///
  /// - Complexity: O(n) for n vertices.
  public func stroke(
    _ points: UnsafeBufferPointer<Point>, emit: (UnsafeBufferPointer<Point>) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { quad in
      strokeInto(points, quad, emit)
    }
  }

  func strokeInto(
    _ points: UnsafeBufferPointer<Point>, _ quad: UnsafeMutableBufferPointer<Point>,
    _ emit: (UnsafeBufferPointer<Point>) -> Void
  ) {
    let n = points.count
    guard n >= 2, width > 0, width.isFinite else { return }
    let h = width / 2
    for i in 0..<n {
      let a = points[i]
      let b = points[(i + 1) % n]
      guard let nrm = OutlineStroker.edgeOffset(a, b, halfWidth: h) else { continue }
      quad[0] = a + nrm
      quad[1] = b + nrm
      quad[2] = b - nrm
      quad[3] = a - nrm
      emit(UnsafeBufferPointer(quad))
    }
    // Joins at every vertex between its incoming and outgoing edges.
    for i in 0..<n {
      let v = points[i]
      guard
        let join = joinCorners(points[(i + n - 1) % n], v, points[(i + 1) % n], halfWidth: h)
      else { continue }
      quad[0] = v
      quad[1] = join.first
      if let tip = join.tip {
        quad[2] = tip
        quad[3] = join.second
        emit(UnsafeBufferPointer(quad))
      } else {
        quad[2] = join.second
        emit(UnsafeBufferPointer(rebasing: quad[0..<3]))
      }
    }
  }
}

extension OutlineStroker {
  /// The offset of edge `a`→`b`'s rectangle from the edge: its left normal times `h`; `nil` for
  /// an edge of no length (nothing to draw).
  @inline(__always) static func edgeOffset(_ a: Point, _ b: Point, halfWidth h: Double) -> Point? {
    let d = b - a
    let len = d.length
    guard len > 0 else { return nil }
    return Point(x: -d.y / len * h, y: d.x / len * h)
  }

  /// The join at vertex `v` between the edges from `prev` and towards `next`, on the outer side
  /// of the turn: the two offset corners and, when the miter is within `miterLimit`, its tip
  /// (else the join is the bevel `v`, `first`, `second`); `nil` when either edge has no length
  /// or the path runs straight through. Shared by the stroker and its bounds, so both compute
  /// the same points.
  @inline(__always) func joinCorners(
    _ prev: Point, _ v: Point, _ next: Point, halfWidth h: Double
  ) -> (first: Point, tip: Point?, second: Point)? {
    let d0 = v - prev
    let d1 = next - v
    let l0 = d0.length
    let l1 = d1.length
    guard l0 > 0, l1 > 0 else { return nil }
    let u0 = d0 / l0
    let u1 = d1 / l1
    let turn = u0.cross(u1)
    if abs(turn) < 1e-12 && u0.dot(u1) > 0 { return nil }  // straight through
    // The outer side is to the right of travel for a left turn (y down) and vice versa.
    let side: Double = turn > 0 ? -1 : 1
    let n0 = Point(x: -u0.y, y: u0.x) * (h * side)
    let n1 = Point(x: -u1.y, y: u1.x) * (h * side)
    let cosTheta = max(-1, min(1, u0.dot(u1)))
    // Miter length / width = 1 / sin(φ/2) where φ is the angle between the edges.
    let halfPhiSin = ((1 + cosTheta) / 2).squareRoot()  // sin(φ/2) with φ = π − θ
    guard halfPhiSin > 1e-12 && 1 / halfPhiSin <= miterLimit else { return (v + n0, nil, v + n1) }
    let bis = (n0 + n1)
    let bl = bis.length
    let miterLen = h / halfPhiSin
    return (v + n0, bl > 0 ? v + bis / bl * miterLen : v + n0, v + n1)
  }
}
