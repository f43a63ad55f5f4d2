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
/// and discs. Shapes are stroke-local and are moved by `origin` as they are written.
///
/// - Complexity: O(`curveSteps`) = O(1) per piece, at most 2·`curveSteps` + 3 elements and two
///   discs, no heap allocation (each polygon is assembled in stack buffers under 1 KiB, the
///   limit above which `withUnsafeTemporaryAllocation` falls back to the heap).
public enum RoundOutline {
  /// Polygon steps per curved piece.
  public static let curveSteps = 8

  /// Appends `shape`'s fill to `ink`, moved by `origin`.
  public static func write(
    _ shape: CurveShape, startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    switch shape {
    case .dot(let p):
      ink.append(Disc(center: p.point + origin, radius: p.width / 2))
    case .line(let a, let b):
      if startCap { ink.append(Disc(center: a.point + origin, radius: a.width / 2)) }
      if a.point == b.point {
        // A zero-length move adds only a larger cap, if any: the cap already drawn at `a`
        // covers a disc at `b` that is not larger, and a duplicate would double-blend in
        // vector exports that paint shape by shape.
        if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
        return
      }
      band(a, b, origin: origin, into: &ink)
      ink.append(Disc(center: b.point + origin, radius: b.width / 2))
    case .quad(let a, _, let b), .cubic(let a, _, _, let b):
      if startCap { ink.append(Disc(center: a.point + origin, radius: a.width / 2)) }
      if let c = shape.centerline, c.start == c.control1, c.start == c.control2, c.start == c.end {
        // A curve of zero extent: as for a zero-length line, only a larger cap adds ink.
        if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
        return
      }
      if let s = shape.centerline { curvedBand(s, origin: origin, into: &ink) }
      ink.append(Disc(center: b.point + origin, radius: b.width / 2))
    }
  }

  /// The quadrilateral around a straight piece; nothing when it has no length.
  static func band(
    _ a: WeightedPoint, _ b: WeightedPoint, origin o: Point, into ink: inout InkGeometry
  ) {
    let d = b.point - a.point
    let len = d.length
    guard len > 0 else { return }
    let n = Point(x: -d.y / len, y: d.x / len)
    let na = n * (a.width / 2)
    let nb = n * (b.width / 2)
    withUnsafeTemporaryAllocation(of: PathElement.self, capacity: 5) { buf in
      buf.initializeElement(at: 0, to: .move(a.point + na + o))
      buf.initializeElement(at: 1, to: .line(b.point + nb + o))
      buf.initializeElement(at: 2, to: .line(b.point - nb + o))
      buf.initializeElement(at: 3, to: .line(a.point - na + o))
      buf.initializeElement(at: 4, to: .close)
      ink.outline.append(contentsOf: UnsafeBufferPointer(buf))
    }
  }

  /// The sampled polygon around a curved piece; nothing when every point coincides.
  static func curvedBand(_ s: CenterlineSegment, origin o: Point, into ink: inout InkGeometry) {
    let steps = curveSteps
    // Power-basis coefficients: B(t) = p0 + t·(c1 + t·(c2 + t·c3)); B'(t)/3 = d1 + t·(e1 + t·e2).
    let p0 = s.start
    let c1 = (s.control1 - s.start) * 3
    let c2 = (s.start - s.control1 * 2 + s.control2) * 3
    let c3 = s.end - s.start + (s.control1 - s.control2) * 3
    let d1 = s.control1 - s.start
    let e1 = (s.control2 - s.control1 * 2 + s.start) * 2
    let e2 = s.end - s.start + (s.control1 - s.control2) * 3
    guard let n0 = normal(d1, s, atStart: true) else { return }
    // Two stack buffers (left side forward; right side backward plus close), each kept under
    // the 1 KiB that `withUnsafeTemporaryAllocation` serves from the stack.
    withUnsafeTemporaryAllocation(of: PathElement.self, capacity: steps + 1) { left in
      withUnsafeTemporaryAllocation(of: PathElement.self, capacity: steps + 2) { right in
        let dt = 1 / Double(steps)
        for k in 0...steps {
          let t = Double(k) * dt
          let p = p0 + (c1 + (c2 + c3 * t) * t) * t
          let d = d1 + (e1 + e2 * t) * t
          let n =
            k == 0 ? n0 : (k == steps ? (normal(d, s, atStart: false) ?? n0) : (unit(d) ?? n0))
          let h = n * (s.width(at: t) / 2)
          left.initializeElement(at: k, to: k == 0 ? .move(p + h + o) : .line(p + h + o))
          right.initializeElement(at: steps - k, to: .line(p - h + o))
        }
        right.initializeElement(at: steps + 1, to: .close)
        ink.outline.append(contentsOf: UnsafeBufferPointer(left))
        ink.outline.append(contentsOf: UnsafeBufferPointer(right))
      }
    }
  }

  /// Unit left normal (y down: `(−dy, dx)`) of direction `d`, or `nil` when `d` is zero.
  @inline(__always) static func unit(_ d: Point) -> Point? {
    let len = d.length
    guard len > 0 else { return nil }
    let inv = 1 / len
    return Point(x: -d.y * inv, y: d.x * inv)
  }

  /// The normal at an end of the piece: from the tangent `d` there or, where it vanishes
  /// because a control point sits on the end point, from the next control point, then the
  /// chord. `nil` when the whole piece is one point.
  static func normal(_ d: Point, _ s: CenterlineSegment, atStart: Bool) -> Point? {
    unit(d) ?? unit(atStart ? s.control2 - s.start : s.end - s.control1)
      ?? unit(s.end - s.start)
  }
}
