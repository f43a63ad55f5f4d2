/// One drawing command of a fill outline, in CSS px.
///
/// A sequence of elements forms closed subpaths: each starts with `move` and ends with
/// `close`. Each closed subpath is one shape, filled with the non-zero winding rule on its
/// own; the ink of a stroke is the union of its shapes and discs (so overlapping shapes never
/// cancel or double-blend).
public enum PathElement: Hashable, Codable, Sendable, BitwiseCopyable {
  case move(Point)
  case line(Point)
  /// Quadratic Bézier from the current point to `to`.
  case quad(control: Point, to: Point)
  /// Cubic Bézier from the current point to `to`.
  case cubic(control1: Point, control2: Point, to: Point)
  case close

  /// Every coordinate is finite.
  public var isFinite: Bool {
    switch self {
    case .move(let p), .line(let p): return p.isFinite
    case .quad(let c, let p): return c.isFinite && p.isFinite
    case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
    case .close: return true
    }
  }

  /// This element moved by `offset`.
  public func translated(by o: Point) -> PathElement {
    switch self {
    case .move(let p): return .move(p + o)
    case .line(let p): return .line(p + o)
    case .quad(let c, let p): return .quad(control: c + o, to: p + o)
    case .cubic(let c1, let c2, let p): return .cubic(control1: c1 + o, control2: c2 + o, to: p + o)
    case .close: return .close
    }
  }
}

/// A filled circle, CSS px.
public struct Disc: Hashable, Codable, Sendable, BitwiseCopyable {
  public var center: Point
  /// Radius in CSS px, ≥ 0.
  public var radius: Double
  public init(center: Point, radius: Double) {
    self.center = center
    self.radius = radius
  }
}
