/// An axis-aligned rectangle in CSS px.
public struct Rect: Hashable, Codable, Sendable {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.init(origin: Point(x: minX, y: minY), size: Size(width: maxX - minX, height: maxY - minY))
  }

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }

  /// The smallest rectangle containing `self` and `p`.
  public func including(_ p: Point) -> Rect {
    Rect(minX: min(minX, p.x), minY: min(minY, p.y), maxX: max(maxX, p.x), maxY: max(maxY, p.y))
  }
  /// The smallest rectangle containing both.
  public func union(_ o: Rect) -> Rect {
    Rect(
      minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX),
      maxY: max(maxY, o.maxY))
  }
  /// Grown by `d` on every side.
  public func insetBy(_ d: Double) -> Rect {
    Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d)
  }
}

/// A width and height in CSS px.
public struct Size: Hashable, Codable, Sendable {
  public var width: Double
  public var height: Double
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  public static let zero = Size(width: 0, height: 0)
}
