import SigbenchCore

/// A centreline point with the full ink width there (CSS px, ≥ 0).
///
/// Uber's "weighted point" (UberSignature's `WeightedPoint`, a point and a weight): the width
/// extends half to each side of the centreline. The one place a width is read as a radius is
/// Uber's single-point dot (`RungOutline.dot`).
public struct WeightedPoint: Hashable, Sendable {
  /// Position in CSS px.
  public var point: Point
  /// Full width in CSS px.
  public var width: Double

  @inlinable public init(_ point: Point, width: Double) {
    self.point = point
    self.width = width
  }

  /// A placeholder for unused state slots.
  public static let zero = WeightedPoint(.zero, width: 0)
}
