import SigbenchCore

/// Width-model stage: the full ink width (CSS px) at every accepted sample, and at join points
/// a curve model inserts between samples.
///
/// Models:
/// - `constant`: every point is `size` wide.
/// - `pressure`: `minWidth + (maxWidth − minWidth) · p` for the sample's pressure p in [0, 1]
///   (values outside are clamped). A sample without pressure (or with a non-finite one) falls
///   back to `size`, so a device without pressure draws a constant line.
/// - `uber-distance`: UberSignature's weight (uber/UberSignature 1.0.3,
///   `UBSignatureBezierProvider`): the first point of a stroke is 3, every later point
///   `0.1 · max(0, 50 − d) + 2` for its distance d to the previous accepted point; a join point
///   m inserted on a → b weighs by `|m − a|` (UberSignature weighs its join midpoint by half
///   the gap from P2 to the new touch). No time, velocity or pressure is used.
///
/// - Complexity: O(1), no state, no allocation.
public struct WidthModel: Sendable, Hashable {
  /// Which rule computes the width.
  public enum Kind: String, Sendable, CaseIterable {
    case constant
    case pressure
    case uberDistance = "uber-distance"
  }

  public var kind: Kind
  /// Constant width, and the fallback of `pressure` for samples without pressure, px (> 0).
  public var size: Double
  /// Width at pressure 0, px (> 0).
  public var minWidth: Double
  /// Width at pressure 1, px (≥ `minWidth`).
  public var maxWidth: Double

  public init(kind: Kind, size: Double, minWidth: Double, maxWidth: Double) {
    self.kind = kind
    self.size = size
    self.minWidth = minWidth
    self.maxWidth = maxWidth
  }

  /// Width of an accepted `sample`; `previous` is the previously accepted point of the stroke
  /// (`nil` for the first).
  @inlinable @inline(__always) public func width(of sample: Sample, after previous: Point?)
    -> Double
  {
    switch kind {
    case .constant:
      return size
    case .pressure:
      guard let p = sample.pressure, p.isFinite else { return size }
      return minWidth + (maxWidth - minWidth) * min(1, max(0, p))
    case .uberDistance:
      guard let prev = previous else { return UberConstants.dotWeight }
      return UberConstants.weight(distance: (sample.point - prev).length)
    }
  }

  /// Width of the point `m` a curve model inserts on the way from `a` to `b` (Uber's join
  /// midpoint m = (P2 + p)/2, weighed by its distance to P2).
  @inlinable public func joinWidth(from a: WeightedPoint, to b: WeightedPoint, at m: Point)
    -> Double
  {
    switch kind {
    case .constant: return size
    case .pressure:
      let total = (b.point - a.point).length
      guard total > 0 else { return (a.width + b.width) / 2 }
      return a.width + (b.width - a.width) * min(1, (m - a.point).length / total)
    case .uberDistance: return UberConstants.weight(distance: (m - a.point).length)
    }
  }

  /// The option declarations of this stage, with a preset's defaults.
  public static func parameters(default kind: Kind, size: Double) -> [ParameterInfo] {
    [
      .choice(
        "width", Kind.allCases.map(\.rawValue), default: kind.rawValue,
        help: "Width model: constant size, pen pressure (size when absent), or Uber's distance"
          + " weights."),
      .number(
        "size", unit: "px", 0, 200, lowerClosed: false, default: size, typical: "1–5",
        help: "Full line width of the constant model; pressure's fallback without pressure."
      ).active(when: "width", is: Kind.constant.rawValue, Kind.pressure.rawValue),
      .number(
        "min-width", unit: "px", 0, 200, lowerClosed: false, default: 1, typical: "0.5–2",
        help: "Pressure model: full width at pressure 0."
      ).active(when: "width", is: Kind.pressure.rawValue),
      .number(
        "max-width", unit: "px", 0, 200, lowerClosed: false, default: 5, typical: "3–8",
        help: "Pressure model: full width at pressure 1 (at least min-width)."
      ).active(when: "width", is: Kind.pressure.rawValue),
    ]
  }

  /// Reads this stage's options (`max-width` at least `min-width` is the descriptor's declared
  /// order constraint, checked when the configuration was resolved).
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    guard let kind = Kind(rawValue: c.choice("width")) else {
      throw .invalidOption(
        strategy: c.strategyID, option: "width",
        rule: "one of: \(Kind.allCases.map(\.rawValue).joined(separator: ", "))",
        value: c.choice("width"))
    }
    self.init(
      kind: kind, size: c.number("size"), minWidth: c.number("min-width"),
      maxWidth: c.number("max-width"))
  }
}
