/// One piece of a stroke's centreline: a cubic Bézier with the full ink width at each end.
///
/// Lines and quadratics are stored degree-elevated, exactly, so every consumer (metrics,
/// vector export) handles one shape. Positions in CSS px; widths are full widths in CSS px
/// (the ink extends half of it to each side), ≥ 0.
public struct CenterlineSegment: Hashable, Codable, Sendable, BitwiseCopyable {
  public var start: Point
  public var control1: Point
  public var control2: Point
  public var end: Point
  /// Full ink width at `start`, CSS px.
  public var startWidth: Double
  /// Full ink width at `end`, CSS px.
  public var endWidth: Double

  public init(
    start: Point, control1: Point, control2: Point, end: Point, startWidth: Double,
    endWidth: Double
  ) {
    self.start = start
    self.control1 = control1
    self.control2 = control2
    self.end = end
    self.startWidth = startWidth
    self.endWidth = endWidth
  }

  /// A straight segment (controls at the thirds, so the parameter is uniform in arc length).
  public static func line(_ a: Point, _ b: Point, startWidth: Double, endWidth: Double)
    -> CenterlineSegment
  {
    CenterlineSegment(
      start: a, control1: a.lerp(b, 1.0 / 3.0), control2: a.lerp(b, 2.0 / 3.0), end: b,
      startWidth: startWidth, endWidth: endWidth)
  }

  /// A quadratic Bézier `a, c, b`, elevated exactly to a cubic.
  public static func quadratic(
    _ a: Point, control c: Point, _ b: Point, startWidth: Double, endWidth: Double
  ) -> CenterlineSegment {
    CenterlineSegment(
      start: a, control1: a + (c - a) * (2.0 / 3.0), control2: b + (c - b) * (2.0 / 3.0), end: b,
      startWidth: startWidth, endWidth: endWidth)
  }

  /// Position at parameter `t` in [0, 1].
  public func point(at t: Double) -> Point {
    Self.point(start, control1, control2, end, at: t)
  }

  /// The cubic Bézier p0, p1, p2, p3 at parameter `t` (Bernstein form), for any cubic that is
  /// not stored as a segment.
  @inlinable public static func point(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double
  ) -> Point {
    let u = 1 - t
    let a = u * u * u
    let b = 3 * u * u * t
    let c = 3 * u * t * t
    let d = t * t * t
    return Point(
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
  }

  /// Width at parameter `t`, interpolated linearly between the end widths.
  public func width(at t: Double) -> Double { startWidth + (endWidth - startWidth) * t }

  /// All coordinates and widths are finite.
  public var isFinite: Bool {
    start.isFinite && control1.isFinite && control2.isFinite && end.isFinite
      && startWidth.isFinite && endWidth.isFinite
  }

  /// This segment moved by `offset`.
  public func translated(by offset: Point) -> CenterlineSegment {
    CenterlineSegment(
      start: start + offset, control1: control1 + offset, control2: control2 + offset,
      end: end + offset, startWidth: startWidth, endWidth: endWidth)
  }
}
