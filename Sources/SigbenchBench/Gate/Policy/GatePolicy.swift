import SigbenchResults

extension GateSettings {
  /// The settings a gate uses unless told otherwise (`--alpha`, `--correction`,
  /// `--thresholds`, `--quality-tolerances`, `--budget`, `--seed`).
  ///
  /// - α 0.01 after Benjamini–Hochberg correction; 95 % bootstrap intervals of 10,000
  ///   resamples.
  /// - Counters: instructions per point beyond ±1 % fail / hint (the band of swift-syntax's
  ///   instruction-count performance tests).
  /// - Budget: steady p99 under half the 240 Hz sample period, leaving the other half to
  ///   everything else in the pipeline.
  /// - Thresholds (`defaultThresholds`; README "Gates" explains them):
  ///   - `batch-p50-ratio` 2 %: unitless (strategy / reference in the same process), no
  ///     absolute part.
  ///   - `batch-p50` 2 % / 0.5 ns: the precise per-point figure (the clock's ~25 ns read is
  ///     shared by 16 points); medians of 10 processes on a shared 2-core VM move by about 1 %
  ///     A/A, so 2 % sits above that and below the 5 % change the gate must catch.
  ///   - `p50` 3 % / 5 ns: single brackets carry one clock read (~25 ns) and step in ~20 ns
  ///     increments; a few ns cannot be resolved per point.
  ///   - `p90` 5 % / 10 ns, `p99` 10 % / 20 ns: tails are noisier (the minimum detectable
  ///     change aimed at on a shared runner is ≤ 5 % on p50 and ≤ 10 % on p99, at 80 % power).
  /// - Quality: every metric at its declared tolerance (`QualityMetric.tolerance`).
  public static let standard = GateSettings(
    alpha: 0.01, confidence: 0.95, resamples: 10_000, seed: 0x5167_BE4C,
    correction: .benjaminiHochberg, thresholds: defaultThresholds, instructionTolerance: 0.01,
    budgetP99Fraction: 0.5)

  public static let defaultThresholds: [GateMetric: MetricThreshold] = [
    .batchP50Ratio: MetricThreshold(relative: 0.02, absoluteNs: 0, source: "default"),
    .batchP50: MetricThreshold(relative: 0.02, absoluteNs: 0.5, source: "default"),
    .p50: MetricThreshold(relative: 0.03, absoluteNs: 5, source: "default"),
    .p90: MetricThreshold(relative: 0.05, absoluteNs: 10, source: "default"),
    .p99: MetricThreshold(relative: 0.10, absoluteNs: 20, source: "default"),
  ]

  /// The tolerance of the quality metric `id` (of `unit`): the one set with
  /// `--quality-tolerances`, else the metric's declared one (`QualityMetric.tolerance(unit:)`).
  public func qualityTolerance(_ id: String, unit: String) -> QualityTolerance {
    qualityTolerances?[id] ?? QualityMetric.tolerance(unit: unit)
  }
}
