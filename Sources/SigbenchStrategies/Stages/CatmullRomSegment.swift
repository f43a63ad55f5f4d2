import SigbenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One segment of a Catmull-Rom spline with knot exponent α, converted exactly to a cubic
/// Bézier (Yuksel, Schaefer and Keyser, Computer-Aided Design 43, 2011; closed form of the
/// Bézier handles).
///
/// For the segment P1 → P2 with neighbours P0 and P3, and `dᵢ = |Pᵢ − Pᵢ₋₁|^α`:
/// `H1 = P1 + (d1²·(P2 − P1) − d2²·(P0 − P1)) / (3·d1·(d1 + d2))` and
/// `H2 = P2 + (d3²·(P1 − P2) − d2²·(P3 − P2)) / (3·d3·(d3 + d2))` — the usual closed form
/// `H1 = (d1²·P2 − d2²·P0 + (2d1² + 3d1·d2 + d2²)·P1) / (3·d1·(d1 + d2))` (and its mirror for
/// H2) rewritten around P1 and P2 (the coefficients sum to 3·d1·(d1 + d2)), which keeps the
/// result exactly translation-equivariant in floating point. α = 0.5 is centripetal, 0 uniform,
/// 1 chordal.
///
/// Precondition for finite output: consecutive points differ (the caller removes duplicates),
/// or α = 0.
///
/// - Complexity: O(1).
public enum CatmullRomSegment {
  /// The Bézier control points `(H1, H2)` of the segment `p1 → p2`.
  public static func controls(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, alpha: Double)
    -> (Point, Point)
  {
    controls(
      p0, p1, p2, p3,
      knots: (knotStep(p1 - p0, alpha), knotStep(p2 - p1, alpha), knotStep(p3 - p2, alpha)))
  }

  /// `controls(_:_:_:_:alpha:)` with the three knot intervals `(d1, d2, d3)` already known
  /// (`knotStep` of the chords p0 → p1, p1 → p2, p2 → p3), so a streaming caller computes each
  /// chord's interval once although three segments use it. The same operations in the same
  /// order: bit-identical to computing them here.
  @inline(__always) public static func controls(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, knots: (Double, Double, Double)
  ) -> (Point, Point) {
    let (d1, d2, d3) = knots
    return (startHandle(p0, p1, p2, knots: (d1, d2)), endHandle(p1, p2, p3, knots: (d2, d3)))
  }

  /// H1 alone, from the knot intervals `(d1, d2)`: it does not depend on P3, so the tentative
  /// segment's H1 is also the H1 of that segment once it becomes stable.
  @inline(__always) public static func startHandle(
    _ p0: Point, _ p1: Point, _ p2: Point, knots: (Double, Double)
  ) -> Point {
    let (d1, d2) = knots
    return p1 + ((p2 - p1) * (d1 * d1) - (p0 - p1) * (d2 * d2)) / (3 * d1 * (d1 + d2))
  }

  /// H2 alone, from the knot intervals `(d2, d3)` (it does not depend on P0).
  @inline(__always) public static func endHandle(
    _ p1: Point, _ p2: Point, _ p3: Point, knots: (Double, Double)
  ) -> Point {
    let (d2, d3) = knots
    return p2 + ((p1 - p2) * (d3 * d3) - (p3 - p2) * (d2 * d2)) / (3 * d3 * (d3 + d2))
  }

  /// The knot interval `|δ|^α` of a chord δ.
  @inline(__always) public static func knotStep(_ delta: Point, _ alpha: Double) -> Double {
    let len = delta.length
    if alpha == 0.5 { return len.squareRoot() }
    if alpha == 0 { return 1 }
    if alpha == 1 { return len }
    return pow(len, alpha)
  }

  /// The second control of the segment a → b whose next point is the reflected phantom beyond
  /// b (`phantom(beyond: b, from: a)`), as `endControl` computes it: the phantom chord is the
  /// last chord reflected, so its knot interval equals the last one (d₃ = d₂ for every α),
  /// and H2 = P₂ + ((P₁ − P₂)·d₂² − (P₂ − P₁)·d₂²) / (3d₂ · 2d₂) reduces to P₂ + (P₁ − P₂)/3,
  /// a third of the way back along the chord, with no knot interval to compute. Equal to
  /// `endControl` with the phantom within rounding (which also rounds the phantom and its
  /// interval); the width two thirds of the way.
  @inline(__always) public static func endControlBeforePhantom(
    _ a: WeightedPoint, _ b: WeightedPoint
  ) -> WeightedPoint {
    let dw = b.width - a.width
    return WeightedPoint(b.point + (a.point - b.point) / 3, width: a.width + dw * 2 / 3)
  }

  /// The first control of the segment a → b whose previous point is the reflected phantom
  /// before a (`phantom(beyond: a, from: b)`): by the same reduction as
  /// `endControlBeforePhantom`, H1 = P₁ + (P₂ − P₁)/3, the width a third of the way.
  @inline(__always) public static func startControlAfterPhantom(
    _ a: WeightedPoint, _ b: WeightedPoint
  ) -> WeightedPoint {
    let dw = b.width - a.width
    return WeightedPoint(a.point + (b.point - a.point) / 3, width: a.width + dw / 3)
  }

  /// The reflected phantom point beyond `end`, away from `inner` (`2·end − inner`).
  public static func phantom(beyond end: Point, from inner: Point) -> Point {
    end + (end - inner)
  }

  /// The segment as a weighted cubic shape; control widths interpolate the end widths at 1/3
  /// and 2/3.
  public static func shape(
    _ p0: Point, _ a: WeightedPoint, _ b: WeightedPoint, _ p3: Point, alpha: Double
  ) -> CurveShape {
    shape(
      p0, a, b, p3,
      knots: (
        knotStep(a.point - p0, alpha), knotStep(b.point - a.point, alpha),
        knotStep(p3 - b.point, alpha)
      ))
  }

  /// `shape(_:_:_:_:alpha:)` with the knot intervals of the chords p0 → a, a → b, b → p3
  /// already known (see `controls(_:_:_:_:knots:)`).
  @inline(__always) public static func shape(
    _ p0: Point, _ a: WeightedPoint, _ b: WeightedPoint, _ p3: Point,
    knots: (Double, Double, Double)
  ) -> CurveShape {
    let (d1, d2, d3) = knots
    return .cubic(
      a, startControl(p0, a, b, knots: (d1, d2)), endControl(a, b, p3, knots: (d2, d3)), b)
  }

  /// The shape's first control: H1 (`startHandle`) with the width a third of the way.
  @inline(__always) public static func startControl(
    _ p0: Point, _ a: WeightedPoint, _ b: WeightedPoint, knots: (Double, Double)
  ) -> WeightedPoint {
    let dw = b.width - a.width
    return WeightedPoint(startHandle(p0, a.point, b.point, knots: knots), width: a.width + dw / 3)
  }

  /// The shape's second control: H2 (`endHandle`) with the width two thirds of the way.
  @inline(__always) public static func endControl(
    _ a: WeightedPoint, _ b: WeightedPoint, _ p3: Point, knots: (Double, Double)
  ) -> WeightedPoint {
    let dw = b.width - a.width
    return WeightedPoint(endHandle(a.point, b.point, p3, knots: knots), width: a.width + dw * 2 / 3)
  }
}
