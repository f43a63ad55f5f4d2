import SigbenchCore

/// What a curve-model stage hands to the outline stage: one piece of centreline through
/// weighted points, by degree.
///
/// - `dot`: a stroke that is a single point so far.
/// - `line`: a straight piece a → b.
/// - `quad`: a quadratic Bézier a, control c, b; `c.width` is the width at the control
///   (read only by the rung outline).
/// - `cubic`: a cubic Bézier a, c1, c2, b; control widths as for `quad`.
public enum CurveShape: Hashable, Sendable {
  case dot(WeightedPoint)
  case line(WeightedPoint, WeightedPoint)
  case quad(WeightedPoint, WeightedPoint, WeightedPoint)
  case cubic(WeightedPoint, WeightedPoint, WeightedPoint, WeightedPoint)

  /// The centreline piece (lines and quadratics elevated exactly), or `nil` for a dot, which
  /// has position but no extent.
  @inlinable public var centerline: CenterlineSegment? {
    switch self {
    case .dot: return nil
    case .line(let a, let b):
      return .line(a.point, b.point, startWidth: a.width, endWidth: b.width)
    case .quad(let a, let c, let b):
      return .quadratic(a.point, control: c.point, b.point, startWidth: a.width, endWidth: b.width)
    case .cubic(let a, let c1, let c2, let b):
      return CenterlineSegment(
        start: a.point, control1: c1.point, control2: c2.point, end: b.point,
        startWidth: a.width, endWidth: b.width)
    }
  }
}
