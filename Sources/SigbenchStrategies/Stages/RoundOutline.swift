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
/// Arithmetic runs on `SIMD2<Double>` lanes (x, y). Each lane performs the same IEEE
/// operations in the same order as the scalar `Point` expressions documented here, so the
/// output is bit-identical to the scalar form at about half the instructions.
///
/// - Complexity: O(`curveSteps`) = O(1) per piece, at most 2·`curveSteps` + 3 elements and two
///   discs, computed in place into the caller's arrays (`InPlaceElements`; no heap allocation
///   once they have grown).
public enum RoundOutline {
  /// Polygon steps per curved piece.
  public static let curveSteps = 8

  typealias V = SIMD2<Double>

  /// Appends `shape`'s fill to `ink`, moved by `origin`.
  public static func write(
    _ shape: CurveShape, startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    write(shape, centerline: shape.centerline, startCap: startCap, origin: origin, into: &ink)
  }

  /// `write(_:startCap:origin:into:)` with the shape's centreline already computed
  /// (`shape.centerline`), so the outline stage builds it once per piece.
  @inline(__always) static func write(
    _ shape: CurveShape, centerline: CenterlineSegment?, startCap: Bool, origin: Point,
    into ink: inout InkGeometry
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
      guard let s = centerline else { return }
      if s.start == s.control1, s.start == s.control2, s.start == s.end {
        // A curve of zero extent: as for a zero-length line, only a larger cap adds ink.
        if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
        return
      }
      curvedBand(s, origin: origin, into: &ink)
      ink.append(Disc(center: b.point + origin, radius: b.width / 2))
    }
  }

  /// The quadrilateral around a straight piece; nothing when it has no length.
  ///
  /// With `d = b − a`, `n = (−d.y, d.x) / |d|`, `na = n·(a.width/2)`, `nb = n·(b.width/2)`:
  /// move(a + na + o), line(b + nb + o), line(b − nb + o), line(a − na + o), close.
  static func band(
    _ a: WeightedPoint, _ b: WeightedPoint, origin o: Point, into ink: inout InkGeometry
  ) {
    let pa = V(a.point.x, a.point.y)
    let pb = V(b.point.x, b.point.y)
    let d = pb - pa
    let sq = d * d
    let len = (sq.x + sq.y).squareRoot()
    guard len > 0 else { return }
    let n = V(-d.y, d.x) / len
    let na = n * (a.width / 2)
    let nb = n * (b.width / 2)
    let ov = V(o.x, o.y)
    ink.outline.append(
      written: ClosedQuad(
        e0: .move(point(pa + na + ov)), e1: .line(point(pb + nb + ov)),
        e2: .line(point(pb - nb + ov)), e3: .line(point(pa - na + ov))))
  }

  /// The sampled polygon around a curved piece; nothing when every point coincides.
  ///
  /// In power basis, `B(t) = p0 + t·(c1 + t·(c2 + t·c3))` and `B′(t)/3 = d1 + t·(e1 + t·e2)`;
  /// at `t = k/curveSteps` the polygon has `B(t) ± n(t)·w(t)/2 + o`, `n` the unit left normal
  /// of `B′(t)` (`normal` at the ends), `w(t) = w0 + (w1 − w0)·t`. The left side is written
  /// forward, the right side backward, then `close`.
  static func curvedBand(_ s: CenterlineSegment, origin o: Point, into ink: inout InkGeometry) {
    let p0 = V(s.start.x, s.start.y)
    let q1 = V(s.control1.x, s.control1.y)
    let d1 = q1 - p0
    guard let n0 = normal(d1, s, atStart: true) else { return }
    ink.outline.append(written: CurvedBand(s, n0: n0, origin: o))
  }

  /// The polygon of `curvedBand`, computed straight into the destination.
  struct CurvedBand: PathElementWriter {
    let s: CenterlineSegment
    let p0: V
    let c1: V
    let c2: V
    let c3: V
    let d1: V
    let e1: V
    let n0: V
    let ov: V

    @inline(__always) init(_ s: CenterlineSegment, n0: V, origin o: Point) {
      self.s = s
      let p0 = V(s.start.x, s.start.y)
      let q1 = V(s.control1.x, s.control1.y)
      let q2 = V(s.control2.x, s.control2.y)
      let p3 = V(s.end.x, s.end.y)
      self.p0 = p0
      c1 = (q1 - p0) * 3
      c2 = (p0 - q1 * 2 + q2) * 3
      c3 = p3 - p0 + (q1 - q2) * 3
      d1 = q1 - p0
      e1 = (q2 - q1 * 2 + p0) * 2
      self.n0 = n0
      ov = V(o.x, o.y)
    }

    var count: Int { 2 * curveSteps + 3 }

    @inline(__always) func write(_ out: UnsafeMutablePointer<PathElement>) {
      let steps = curveSteps
      let e2 = c3  // the same expression: s.end − s.start + (s.control1 − s.control2)·3
      let w0 = s.startWidth
      let dw = s.endWidth - s.startWidth
      let dt = 1 / Double(steps)
      let last = 2 * steps + 1  // index of the right side's point at t = 0
      @inline(__always) func put(_ k: Int, _ t: Double, _ p: V, _ n: V) {
        let h = n * ((w0 + dw * t) / 2)
        let l = point(p + h + ov)
        (out + k).initialize(to: k == 0 ? .move(l) : .line(l))
        (out + (last - k)).initialize(to: .line(point(p - h + ov)))
      }
      // t = 0 (computed through the same expression as every other step).
      put(0, 0, p0 + (c1 + (c2 + c3 * 0) * 0) * 0, n0)
      for k in 1..<steps {
        let t = Double(k) * dt
        let p = p0 + (c1 + (c2 + c3 * t) * t) * t
        let d = d1 + (e1 + e2 * t) * t
        put(k, t, p, unit(d) ?? n0)
      }
      let t = Double(steps) * dt
      let p = p0 + (c1 + (c2 + c3 * t) * t) * t
      let d = d1 + (e1 + e2 * t) * t
      put(steps, t, p, normal(d, s, atStart: false) ?? n0)
      (out + (last + 1)).initialize(to: .close)
    }
  }

  @inline(__always) static func point(_ v: V) -> Point { Point(x: v.x, y: v.y) }

  /// Unit left normal (y down: `(−dy, dx)`) of direction `d`, or `nil` when `d` is zero.
  @inline(__always) static func unit(_ d: V) -> V? {
    let sq = d * d
    let len = (sq.x + sq.y).squareRoot()
    guard len > 0 else { return nil }
    let inv = 1 / len
    return V(-d.y, d.x) * inv
  }

  /// The normal at an end of the piece: from the tangent `d` there or, where it vanishes
  /// because a control point sits on the end point, from the next control point, then the
  /// chord. `nil` when the whole piece is one point.
  static func normal(_ d: V, _ s: CenterlineSegment, atStart: Bool) -> V? {
    if let n = unit(d) { return n }
    let other = atStart ? s.control2 - s.start : s.end - s.control1
    return unit(V(other.x, other.y)) ?? unit(V(s.end.x - s.start.x, s.end.y - s.start.y))
  }
}
