/// A position or displacement in the internal unit: CSS px (1/96 inch), y pointing down.
///
/// Every reader converts its native units to this once; every algorithm constant taken from
/// the references (Uber's 2 pt and 50 pt, signature_pad's 5 px) is read in this unit.
public struct Point: Hashable, Codable, Sendable, BitwiseCopyable {
  /// Horizontal position in CSS px, growing to the right.
  public var x: Double
  /// Vertical position in CSS px, growing downwards.
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  @inlinable public static func + (a: Point, b: Point) -> Point {
    Point(x: a.x + b.x, y: a.y + b.y)
  }
  @inlinable public static func - (a: Point, b: Point) -> Point {
    Point(x: a.x - b.x, y: a.y - b.y)
  }
  @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
  @inlinable public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
  @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
  @inlinable public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

  /// Euclidean length of this vector, in CSS px.
  @inlinable public var length: Double { (x * x + y * y).squareRoot() }
  /// Dot product.
  @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
  /// z component of the 2-D cross product.
  @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
  /// Distance to `o`, in CSS px.
  @inlinable public func distance(to o: Point) -> Double { (self - o).length }
  /// Midpoint of `self` and `o`.
  @inlinable public func midpoint(_ o: Point) -> Point {
    Point(x: (x + o.x) * 0.5, y: (y + o.y) * 0.5)
  }
  /// Linear interpolation: `self` at t = 0, `o` at t = 1.
  @inlinable public func lerp(_ o: Point, _ t: Double) -> Point {
    Point(x: x + (o.x - x) * t, y: y + (o.y - y) * t)
  }
  /// Both coordinates are finite.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
