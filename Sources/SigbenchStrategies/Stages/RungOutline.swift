import SigbenchCore

/// UberSignature's outline: closed shapes built from perpendicular "rungs" (uber/UberSignature
/// 1.0.3, `UIBezierPath+UBWeightedPoint`, the Objective-C version as the reference).
///
/// - Rung: through X, perpendicular to A → B, total length w; `start` is on the visual
///   left of the travel direction (y down), `end` on the right. Degenerate `(X, X)` when w is 0
///   or A → B is exactly zero.
/// - Dot: the weight is a radius: a `Disc` of radius w. The renderer strokes discs like
///   outlines when `outlineStrokeWidth` is set (InkGeometry's contract), so with the 1 px
///   stroke it shows with radius w + 0.5.
/// - Line: a quadrilateral between the two end rungs, flat ends.
/// - Quad and cubic: the two sides are Béziers through the `start` and `end`
///   offsets of the end rungs, with interior rungs averaged over the two adjacent edges as
///   controls; the ends are joined by straight lines.
///
/// Every shape is filled non-zero and stroked 1 px (the caller sets `outlineStrokeWidth`), so
/// the visible width is the weight + 1. The Swift port's bug, a two-point line drawn as the
/// triangle (a.start, b.start, b.end) instead of the quadrilateral (github.com/uber/UberSignature, #16),
/// is not reproduced.
///
/// - Complexity: O(1), at most 5 path elements per shape, no allocation.
public enum RungOutline {
  /// A rung: the segment `start` → `end` centred on a centreline point.
  public struct Rung: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public init(start: Point, end: Point) {
      self.start = start
      self.end = end
    }
    /// End-by-end average of two rungs, start with start and end with end (Uber's `avg`). Two
    /// rungs of half-length h through one point that differ by the turn angle θ average to
    /// half-length h·cos(θ/2).
    public func averaged(with o: Rung) -> Rung {
      Rung(start: start.midpoint(o.start), end: end.midpoint(o.end))
    }
  }

  /// The rung through `x` perpendicular to `a` → `b`, of total length `w`.
  public static func rung(from a: Point, to b: Point, through x: Point, width w: Double) -> Rung {
    let d = b - a
    if w == 0 || (d.x == 0 && d.y == 0) { return Rung(start: x, end: x) }
    let u = d * ((w / 2) / d.length)
    return Rung(start: Point(x: x.x + u.y, y: x.y - u.x), end: Point(x: x.x - u.y, y: x.y + u.x))
  }

  /// The rungs at both ends of the edge `a` → `b`, both perpendicular to it (Uber's `pair`).
  /// The same values as two `rung` calls, with the edge's length computed once.
  @inline(__always) public static func pair(_ a: WeightedPoint, _ b: WeightedPoint) -> (Rung, Rung)
  {
    let d = b.point - a.point
    if d.x == 0 && d.y == 0 {
      return (Rung(start: a.point, end: a.point), Rung(start: b.point, end: b.point))
    }
    let len = d.length
    @inline(__always) func at(_ x: Point, _ w: Double) -> Rung {
      if w == 0 { return Rung(start: x, end: x) }
      let u = d * ((w / 2) / len)
      return Rung(start: Point(x: x.x + u.y, y: x.y - u.x), end: Point(x: x.x - u.y, y: x.y + u.x))
    }
    return (at(a.point, a.width), at(b.point, b.width))
  }

  /// The rung pairs (`pair`) of a shape's edges P0 → P1, P1 → P2 and P2 → P3, as far as the
  /// shape has them (a line reads the first, a quadratic two, a cubic all three).
  public typealias Edges = (
    (Rung, Rung), (Rung, Rung), (Rung, Rung)
  )

  /// Edge rungs for a shape that has no edges (a dot), or for slots not yet filled.
  @inline(__always) public static var noEdges: Edges {
    let r = Rung(start: .zero, end: .zero)
    return ((r, r), (r, r), (r, r))
  }

  /// Appends `shape`'s outline to `ink`, moved by `o` (shapes are stroke-local).
  @inline(__always) public static func write(
    _ shape: CurveShape, origin o: Point, into ink: inout InkGeometry
  ) {
    switch shape {
    case .dot: write(shape, edges: noEdges, origin: o, into: &ink)
    case .line(let p0, let p1):
      write(shape, edges: (pair(p0, p1), noEdges.1, noEdges.2), origin: o, into: &ink)
    case .quad(let p0, let p1, let p2):
      write(shape, edges: (pair(p0, p1), pair(p1, p2), noEdges.2), origin: o, into: &ink)
    case .cubic(let p0, let p1, let p2, let p3):
      write(shape, edges: (pair(p0, p1), pair(p1, p2), pair(p2, p3)), origin: o, into: &ink)
    }
  }

  /// `write(_:origin:into:)` with the rung pairs of the shape's edges already computed
  /// (`Edges`), so a curve model that keeps them for its slots computes each edge's rungs once
  /// although several shapes use it. The same values as computing them here.
  @inline(__always) public static func write(
    _ shape: CurveShape, edges: Edges, origin o: Point, into ink: inout InkGeometry
  ) {
    switch shape {
    case .dot(let p):
      ink.append(Disc(center: p.point + o, radius: p.width))
    case .line:
      let (a, b) = edges.0
      append(
        ink: &ink, .move(a.start + o), .line(b.start + o), .line(b.end + o), .line(a.end + o))
    case .quad:
      let ab = edges.0
      let bc = edges.1
      let la = ab.0
      let lb = ab.1.averaged(with: bc.0)
      let lc = bc.1
      append(
        ink: &ink, .move(la.start + o), .quad(control: lb.start + o, to: lc.start + o),
        .line(lc.end + o), .quad(control: lb.end + o, to: la.end + o))
    case .cubic:
      let ab = edges.0
      let bc = edges.1
      let cd = edges.2
      let la = ab.0
      let lb = ab.1.averaged(with: bc.0)
      let lc = bc.1.averaged(with: cd.0)
      let ld = cd.1
      append(
        ink: &ink, .move(la.start + o),
        .cubic(control1: lb.start + o, control2: lc.start + o, to: ld.start + o),
        .line(ld.end + o), .cubic(control1: lc.end + o, control2: lb.end + o, to: la.end + o))
    }
  }

  /// Appends one closed four-element subpath, computed in place (`InPlaceElements`).
  @inline(__always) private static func append(
    ink: inout InkGeometry, _ e0: PathElement, _ e1: PathElement, _ e2: PathElement,
    _ e3: PathElement
  ) {
    ink.outline.append(written: ClosedQuad(e0: e0, e1: e1, e2: e2, e3: e3))
  }
}
