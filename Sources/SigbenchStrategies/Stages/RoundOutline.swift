import SigbenchCore

/// Round-capped outline: the band of the shape's width around its centreline, with a disc at
/// every join and cap — what a round-cap, round-join stroke of that width paints.
///
/// - A line piece becomes the exact quadrilateral between its end offsets (a rectangle for
///   constant width; a trapezoid when the width varies), plus a disc of half the end width at
///   its end and, for the first piece, at its start. This is exact for a polyline.
/// - A quadratic or cubic piece becomes one closed polygon: the left offset, sampled at
///   `curveSteps` + 1 uniform parameter values, forward, then the right offset backward. The
///   offset is `±w(t)/2` along the unit normal with `w(t)` linear between the end widths. The
///   polygon is a chord approximation of the true offset curve (an offset of a Bézier is not a
///   Bézier); its error falls with the square of the step. Where the tangent vanishes exactly
///   (a control point on an end point), the normal comes from the next control point or the
///   chord.
/// - A dot is a disc of half the width.
///
/// Fill only; the renderer adds no stroke. The stroke's ink is the union of the pieces' shapes
/// and discs.
///
/// - Complexity: O(`curveSteps`) = O(1) per piece, at most 2·`curveSteps` + 3 elements and two
///   discs, no heap allocation (the right side is buffered on the stack).
public enum RoundOutline {
  /// Polygon steps per curved piece.
  public static let curveSteps = 8

  /// Appends `shape`'s fill to `ink`.
  public static func write(_ shape: CurveShape, startCap: Bool, into ink: inout InkGeometry) {
    switch shape {
    case .dot(let p):
      ink.append(Disc(center: p.point, radius: p.width / 2))
    case .line(let a, let b):
      if startCap { ink.append(Disc(center: a.point, radius: a.width / 2)) }
      band(a, b, into: &ink)
      ink.append(Disc(center: b.point, radius: b.width / 2))
    case .quad(let a, _, let b), .cubic(let a, _, _, let b):
      if startCap { ink.append(Disc(center: a.point, radius: a.width / 2)) }
      if let s = shape.centerline { curvedBand(s, into: &ink) }
      ink.append(Disc(center: b.point, radius: b.width / 2))
    }
  }

  /// The quadrilateral around a straight piece; nothing when it has no length.
  static func band(_ a: WeightedPoint, _ b: WeightedPoint, into ink: inout InkGeometry) {
    let d = b.point - a.point
    let len = d.length
    guard len > 0 else { return }
    let n = Point(x: -d.y / len, y: d.x / len)
    let na = n * (a.width / 2)
    let nb = n * (b.width / 2)
    ink.append(.move(a.point + na))
    ink.append(.line(b.point + nb))
    ink.append(.line(b.point - nb))
    ink.append(.line(a.point - na))
    ink.append(.close)
  }

  /// The sampled polygon around a curved piece; nothing when every point coincides.
  static func curvedBand(_ s: CenterlineSegment, into ink: inout InkGeometry) {
    let steps = curveSteps
    guard let n0 = normal(s, step: 0, of: steps) else { return }
    withUnsafeTemporaryAllocation(of: Point.self, capacity: steps + 1) { right in
      for k in 0...steps {
        let t = Double(k) / Double(steps)
        let p = s.point(at: t)
        let n = k == 0 ? n0 : (normal(s, step: k, of: steps) ?? n0)
        let h = n * (s.width(at: t) / 2)
        ink.append(k == 0 ? .move(p + h) : .line(p + h))
        right[k] = p - h
      }
      for k in stride(from: steps, through: 0, by: -1) { ink.append(.line(right[k])) }
    }
    ink.append(.close)
  }

  /// Unit left normal (y down: `(−dy, dx)`) at step `k` of `steps`, or `nil` when the piece
  /// has no direction at all.
  static func normal(_ s: CenterlineSegment, step k: Int, of steps: Int) -> Point? {
    let t = Double(k) / Double(steps)
    let u = 1 - t
    let d1 = s.control1 - s.start
    let d2 = s.control2 - s.control1
    let d3 = s.end - s.control2
    var d = d1 * (u * u) + d2 * (2 * u * t) + d3 * (t * t)
    if d.length == 0 {
      // Tangent vanishes: a control point sits on an end point. Use the next direction along
      // the control polygon, then the chord.
      d = k == 0 ? s.control2 - s.start : (k == steps ? s.end - s.control1 : s.end - s.start)
      if d.length == 0 { d = s.end - s.start }
    }
    let len = d.length
    guard len > 0 else { return nil }
    return Point(x: -d.y / len, y: d.x / len)
  }
}
