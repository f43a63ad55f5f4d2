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

/// Everything that decides a verdict, recorded with the verdicts.
///
/// Default thresholds (README "Gates" explains them):
/// - `batch-p50-ratio` 2 %: unitless (strategy / reference in the same process), no absolute part.
/// - `batch-p50` 2 % / 0.5 ns: the precise per-point figure (the clock's ~25 ns read is shared
///   by 16 points); medians of 10 processes on a shared 2-core VM move by about 1 % A/A, so 2 %
///   sits above that and below the 5 % change the gate must catch.
/// - `p50` 3 % / 5 ns: single brackets carry one clock read (~25 ns) and step in ~20 ns
///   increments; a few ns cannot be resolved per point.
/// - `p90` 5 % / 10 ns, `p99` 10 % / 20 ns: tails are noisier (the minimum detectable change
///   aimed at on a shared runner is ≤ 5 % on p50 and ≤ 10 % on p99, at 80 % power).
public struct GateSettings: Codable, Hashable, Sendable {
  /// Significance level after correction.
  public var alpha: Double = 0.01
  /// Bootstrap interval level.
  public var confidence: Double = 0.95
  public var resamples: Int = 10_000
  public var seed: UInt64 = 0x5167_BE4C
  public var correction: MultipleComparisons = .benjaminiHochberg
  public var thresholds: [GateMetric: MetricThreshold] = GateSettings.defaultThresholds
  /// Counter tolerance: instructions per point beyond ±1 % fail / hint (the band of
  /// swift-syntax's instruction-count performance tests).
  public var instructionTolerance: Double = 0.01
  /// Absolute budget: steady p99 per point must stay under this fraction of the 240 Hz sample
  /// period (4.17 ms). 0.5 leaves half the period to everything else in the pipeline.
  public var budgetP99Fraction: Double = 0.5
  /// Quality tolerances by `QualityMetric.id`, replacing the unit's default
  /// (`QualityTolerance.default(unit:)`) for the metrics named.
  /// (`nil` in settings recorded before quality was gated: every metric at its default.)
  public var qualityTolerances: [String: QualityTolerance]?

  /// The tolerance of a quality metric with `unit`.
  public func qualityTolerance(_ id: String, unit: String) -> QualityTolerance {
    qualityTolerances?[id] ?? .default(unit: unit)
  }

  public init() {}

  public static let defaultThresholds: [GateMetric: MetricThreshold] = [
    .batchP50Ratio: MetricThreshold(relative: 0.02, absoluteNs: 0, source: "default"),
    .batchP50: MetricThreshold(relative: 0.02, absoluteNs: 0.5, source: "default"),
    .p50: MetricThreshold(relative: 0.03, absoluteNs: 5, source: "default"),
    .p90: MetricThreshold(relative: 0.05, absoluteNs: 10, source: "default"),
    .p99: MetricThreshold(relative: 0.10, absoluteNs: 20, source: "default"),
  ]

  /// Applies `--thresholds` text: `metric=REL%[/ABSns]` entries separated by `;`, e.g.
  /// `p99=15%/50ns;batch-p50=3%`. Throws on unknown metrics or malformed numbers.
  public mutating func applyThresholds(_ text: String) throws(BenchError) {
    for entry in text.split(separator: ";") where !entry.isEmpty {
      let kv = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard kv.count == 2, let metric = GateMetric(rawValue: kv[0]), var t = thresholds[metric]
      else {
        throw .invalidOption(
          "--thresholds: '\(entry)' must be METRIC=REL%[/ABSns] with METRIC one of "
            + GateMetric.allCases.map(\.rawValue).joined(separator: ", "))
      }
      let parts = kv[1].split(separator: "/").map(String.init)
      guard let relText = parts.first, relText.hasSuffix("%"),
        let rel = Double(relText.dropLast()), rel >= 0, rel < 1000
      else { throw .invalidOption("--thresholds: '\(entry)': relative part must look like 5%") }
      t.relative = rel / 100
      if parts.count > 1 {
        guard parts.count == 2, parts[1].hasSuffix("ns"), let abs = Double(parts[1].dropLast(2)),
          abs >= 0, abs.isFinite
        else { throw .invalidOption("--thresholds: '\(entry)': absolute part must look like 20ns") }
        t.absoluteNs = abs
      }
      t.source = "--thresholds"
      thresholds[metric] = t
    }
  }

  /// Applies `--quality-tolerances` text: `metric=REL%[/ABS]` entries separated by `;` (ABS in
  /// the metric's unit), e.g. `end-gap=2%/0.05;turn-p95=5%`. Throws on an unknown metric id
  /// (`known`) or a malformed number.
  public mutating func applyQualityTolerances(_ text: String, known: [String: String])
    throws(BenchError)
  {
    for entry in text.split(separator: ";") where !entry.isEmpty {
      let kv = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard kv.count == 2, let unit = known[kv[0]] else {
        throw .invalidOption(
          "--quality-tolerances: '\(entry)' must be METRIC=REL%[/ABS] with METRIC one of "
            + known.keys.sorted().joined(separator: ", "))
      }
      var t = qualityTolerance(kv[0], unit: unit)
      let parts = kv[1].split(separator: "/").map(String.init)
      guard let relText = parts.first, relText.hasSuffix("%"),
        let rel = Double(relText.dropLast()), rel >= 0, rel < 1000
      else {
        throw .invalidOption("--quality-tolerances: '\(entry)': relative part must look like 1%")
      }
      t.relative = rel / 100
      if parts.count > 1 {
        guard parts.count == 2, let abs = Double(parts[1]), abs >= 0, abs.isFinite else {
          throw .invalidOption(
            "--quality-tolerances: '\(entry)': absolute part must be a number ≥ 0 in the "
              + "metric's unit")
        }
        t.absolute = abs
      }
      t.source = "--quality-tolerances"
      qualityTolerances = (qualityTolerances ?? [:]).merging([kv[0]: t]) { _, new in new }
    }
  }
}
