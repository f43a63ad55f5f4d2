import Foundation

/// How much a quality metric may get worse before the gate fails: the change must exceed both
/// the relative part (of the base value) and the absolute floor.
public struct QualityTolerance: Codable, Hashable, Sendable {
  /// Fraction of the base value, e.g. 0.01 for 1 %.
  public var relative: Double
  /// In the metric's unit (0.01 px for distances, 0.1° for angles).
  public var absolute: Double
  /// "default" or "--quality-tolerances".
  public var source: String

  public init(relative: Double, absolute: Double, source: String) {
    self.relative = relative
    self.absolute = absolute
    self.source = source
  }
}

/// One quality metric of one strategy, head against base. Quality is deterministic (the same
/// build on the same corpus gives the same value on any machine), so there is no statistics and
/// no re-measurement: a change beyond the tolerance is real.
public struct QualityComparison: Codable, Hashable, Sendable {
  public var strategy: String
  /// `QualityMetric.id`.
  public var metric: String
  public var unit: String
  /// "lower", "higher" or "closer-to-1".
  public var direction: String
  public var base: Double?
  public var head: Double?
  /// `regressed`, `improved`, `no change`, `unavailable` (n/a on a side) or `acknowledged
  /// regression`.
  public var verdict: Verdict
  public var tolerance: QualityTolerance
  public var acknowledgement: String?

  public init(
    strategy: String, metric: String, unit: String, direction: String, base: Double?,
    head: Double?, verdict: Verdict, tolerance: QualityTolerance, acknowledgement: String? = nil
  ) {
    self.strategy = strategy
    self.metric = metric
    self.unit = unit
    self.direction = direction
    self.base = base
    self.head = head
    self.verdict = verdict
    self.tolerance = tolerance
    self.acknowledgement = acknowledgement
  }
}

extension QualityTolerance {
  /// How much worse `value` is than `reference` in `direction`, and how much this tolerance
  /// allows: for "lower is better" worse = value − reference, allowed = max(relative ×
  /// |reference|, absolute); "higher is better" mirrors it; "closer to 1" compares |ln value|
  /// with |ln reference| and allows max(relative, absolute). `worse` is negative when `value` is
  /// better. `nil` for a neutral metric, a missing or non-finite value, or a ratio ≤ 0. The one
  /// rule of the quality gate (worse beyond `allowed` regresses) and of the sheet's ties.
  public func change(
    _ direction: QualityMetric.Direction, from reference: Double?, to value: Double?
  ) -> (worse: Double, allowed: Double)? {
    guard let reference, let value, reference.isFinite, value.isFinite else { return nil }
    switch direction {
    case .lowerIsBetter:
      return (value - reference, max(relative * abs(reference), absolute))
    case .higherIsBetter:
      return (reference - value, max(relative * abs(reference), absolute))
    case .closerToOne:
      guard value > 0, reference > 0 else { return nil }
      return (abs(log(value)) - abs(log(reference)), max(relative, absolute))
    case .neutral:
      return nil
    }
  }
}
