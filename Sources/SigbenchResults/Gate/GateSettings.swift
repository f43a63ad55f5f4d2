/// A relative and an absolute threshold for one gate metric, and where they came from.
///
/// A timing change counts only when it exceeds both: the effective relative threshold is
/// max(`relative`, `absoluteNs` / base median).
public struct MetricThreshold: Codable, Hashable, Sendable {
  /// Fraction, e.g. 0.02 for 2 %.
  public var relative: Double
  /// Nanoseconds per point.
  public var absoluteNs: Double
  /// "default" or "--thresholds".
  public var source: String

  public init(relative: Double, absoluteNs: Double, source: String) {
    self.relative = relative
    self.absoluteNs = absoluteNs
    self.source = source
  }
}

/// Everything that decides a verdict, recorded with the verdicts. The values the gate uses
/// unless told otherwise, and why, are the gate's (`GateSettings.standard`, in SigbenchBench).
public struct GateSettings: Codable, Hashable, Sendable {
  /// Significance level after correction.
  public var alpha: Double
  /// Bootstrap interval level.
  public var confidence: Double
  /// Bootstrap resamples.
  public var resamples: Int
  /// Seed of the bootstrap and of the noise spread.
  public var seed: UInt64
  public var correction: MultipleComparisons
  public var thresholds: [GateMetric: MetricThreshold]
  /// Counter tolerance: instructions per point beyond ± this fraction fail / hint.
  public var instructionTolerance: Double
  /// Absolute budget: steady p99 per point must stay under this fraction of the 240 Hz sample
  /// period (4.17 ms).
  public var budgetP99Fraction: Double
  /// Quality tolerances by `QualityMetric.id`, replacing the unit's default for the metrics
  /// named (`nil` in settings recorded before quality was gated: every metric at its default).
  public var qualityTolerances: [String: QualityTolerance]?

  public init(
    alpha: Double, confidence: Double, resamples: Int, seed: UInt64,
    correction: MultipleComparisons, thresholds: [GateMetric: MetricThreshold],
    instructionTolerance: Double, budgetP99Fraction: Double,
    qualityTolerances: [String: QualityTolerance]? = nil
  ) {
    self.alpha = alpha
    self.confidence = confidence
    self.resamples = resamples
    self.seed = seed
    self.correction = correction
    self.thresholds = thresholds
    self.instructionTolerance = instructionTolerance
    self.budgetP99Fraction = budgetP99Fraction
    self.qualityTolerances = qualityTolerances
  }
}
