/// The body of one round-capped stroke piece, kept as its centreline piece and written out as a
/// closed polygon only by the consumer that draws or exports it.
///
/// Its fill is exactly the subpath `polygon` appends, so a band and its written-out polygon
/// are interchangeable for every purpose (rendering, vector export, metrics); keeping the band
/// lets a strategy emit one 104-byte value per piece instead of computing up to 19 path
/// elements on every push, and moves that work to where the ink is drawn.
///
/// - `straight`: the quadrilateral between the end offsets. With `d = end − start`,
///   `n = (−d.y, d.x) / |d|`, `na = n·(startWidth/2)`, `nb = n·(endWidth/2)`:
///   move(start + na + o), line(end + nb + o), line(end − nb + o), line(start − na + o), close.
///   Nothing when the piece has no length.
/// - `curved`: the left offset sampled at `curveSteps` + 1 uniform parameter values, forward,
///   then the right offset backward, then close. In power basis `B(t) = p0 + t·(c1 + t·(c2 +
///   t·c3))` and `B′(t)/3 = d1 + t·(e1 + t·e2)`; at `t = k/curveSteps` the polygon has
///   `B(t) ± n(t)·w(t)/2 + o`, `n` the unit left normal of `B′(t)` (y down: `(−dy, dx)`),
///   `w(t) = w0 + (w1 − w0)·t`. Where the tangent vanishes at an end (a control point on the
///   end point) the normal comes from the next control point, then the chord; inside, from
///   the start normal. Nothing when every point coincides. The polygon is a chord
///   approximation of the true offset curve (an offset of a Bézier is not a Bézier); its error
///   falls with the square of the step.
///
/// `o` is `origin`: the piece is stroke-local and moved as it is written, so the numbers are
/// the same whatever the stroke's position. Arithmetic runs on `SIMD2<Double>` lanes, each
/// lane with the same IEEE operations in the same order as the scalar expressions above.
///
/// - Complexity: `polygon` is O(`curveSteps`): at most 2·`curveSteps` + 3 elements, one
///   square root per sampled normal.
public struct RoundBand: Hashable, Sendable, BitwiseCopyable {
  /// Polygon steps per curved piece.
  public static let curveSteps = 8

  /// The piece, stroke-local (CSS px; full widths at its ends).
  public var segment: CenterlineSegment
  /// Where the stroke-local coordinates start on the page (CSS px).
  public var origin: Point
  /// A straight piece (quadrilateral) rather than a curved one (sampled polygon).
  public var isStraight: Bool

  @inlinable public init(segment: CenterlineSegment, origin: Point, isStraight: Bool) {
    self.segment = segment
    self.origin = origin
    self.isStraight = isStraight
  }

  /// All numbers are finite.
  public var isFinite: Bool { segment.isFinite && origin.isFinite }

  /// Number of elements `polygon` appends: 5 (straight), 2·`curveSteps` + 3 (curved), or 0 for
  /// a degenerate piece.
  public var elementCount: Int {
    let n = vertexCount
    return n == 0 ? 0 : n + 1
  }

  /// Number of vertices `writeVertices` writes: 4 (straight), 2·`curveSteps` + 2 (curved), or
  /// 0 for a degenerate piece.
  public var vertexCount: Int {
    if isStraight { return straightNormal == nil ? 0 : 4 }
    return startNormal == nil ? 0 : 2 * Self.curveSteps + 2
  }

  /// Writes the band's polygon vertices (the points of the elements listed above, in order)
  /// over the first `vertexCount` slots of `out`; nothing for a degenerate piece.
  public func writeVertices(into out: UnsafeMutableBufferPointer<Point>) {
    if isStraight {
      guard let n = straightNormal else { return }
      let pa = V(segment.start.x, segment.start.y)
      let pb = V(segment.end.x, segment.end.y)
      let na = n * (segment.startWidth / 2)
      let nb = n * (segment.endWidth / 2)
      let ov = V(origin.x, origin.y)
      out[0] = Self.point(pa + na + ov)
      out[1] = Self.point(pb + nb + ov)
      out[2] = Self.point(pb - nb + ov)
      out[3] = Self.point(pa - na + ov)
      return
    }
    guard let n0 = startNormal else { return }
    writeCurved(n0: n0, into: out)
  }

  /// Appends the band's closed polygon (the elements listed above) to `outline`.
  public func polygon(into outline: inout [PathElement]) {
    let count = vertexCount
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: Point.self, capacity: count) { v in
      writeVertices(into: v)
      outline.append(.move(v[0]))
      for k in 1..<count { outline.append(.line(v[k])) }
    }
    outline.append(.close)
  }

  /// This band's polygon as a new array.
  public var polygon: [PathElement] {
    var out: [PathElement] = []
    out.reserveCapacity(elementCount)
    polygon(into: &out)
    return out
  }

  typealias V = SIMD2<Double>

  var straightNormal: V? {
    let d = V(segment.end.x, segment.end.y) - V(segment.start.x, segment.start.y)
    let sq = d * d
    let len = (sq.x + sq.y).squareRoot()
    guard len > 0 else { return nil }
    return V(-d.y, d.x) / len
  }

  var startNormal: V? {
    let d1 = V(segment.control1.x, segment.control1.y) - V(segment.start.x, segment.start.y)
    return Self.normal(d1, segment, atStart: true)
  }

  /// Writes the curved polygon's vertices over `out` (`2·curveSteps + 2` points).
  func writeCurved(n0: V, into out: UnsafeMutableBufferPointer<Point>) {
    let s = segment
    let p0 = V(s.start.x, s.start.y)
    let q1 = V(s.control1.x, s.control1.y)
    let q2 = V(s.control2.x, s.control2.y)
    let p3 = V(s.end.x, s.end.y)
    let c1 = (q1 - p0) * 3
    let c2 = (p0 - q1 * 2 + q2) * 3
    let c3 = p3 - p0 + (q1 - q2) * 3
    let d1 = q1 - p0
    let e1 = (q2 - q1 * 2 + p0) * 2
    let e2 = c3  // the same expression: end − start + (control1 − control2)·3
    let ov = V(origin.x, origin.y)
    let steps = Self.curveSteps
    let w0 = s.startWidth
    let dw = s.endWidth - s.startWidth
    let dt = 1 / Double(steps)
    let last = 2 * steps + 1  // index of the right side's point at t = 0
    @inline(__always) func put(_ k: Int, _ t: Double, _ p: V, _ n: V) {
      let h = n * ((w0 + dw * t) / 2)
      out[k] = Self.point(p + h + ov)
      out[last - k] = Self.point(p - h + ov)
    }
    // t = 0 (computed through the same expression as every other step).
    put(0, 0, p0 + (c1 + (c2 + c3 * 0) * 0) * 0, n0)
    for k in 1..<steps {
      let t = Double(k) * dt
      let p = p0 + (c1 + (c2 + c3 * t) * t) * t
      let d = d1 + (e1 + e2 * t) * t
      put(k, t, p, Self.unit(d) ?? n0)
    }
    let t = Double(steps) * dt
    let p = p0 + (c1 + (c2 + c3 * t) * t) * t
    let d = d1 + (e1 + e2 * t) * t
    put(steps, t, p, Self.normal(d, s, atStart: false) ?? n0)
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
