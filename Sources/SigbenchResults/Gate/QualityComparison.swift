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
