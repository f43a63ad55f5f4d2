/// One timing comparison and its evidence.
public struct TimingComparison: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  public var metric: GateMetric
  public var verdict: Verdict
  /// Per-process figures, ns.
  public var head: [Double]
  public var base: [Double]
  public var headMedian: Double?
  public var baseMedian: Double?
  public var u: Double?
  public var pValue: Double?
  /// After the multiple-comparison correction over `comparisons` tests.
  public var pAdjusted: Double?
  public var testMethod: String?
  public var comparisons: Int
  public var correction: MultipleComparisons
  /// median(head) / median(base) with its bootstrap interval.
  public var ratio: BootstrapInterval?
  public var threshold: MetricThreshold
  /// The relative threshold actually applied: the configured one (absolute part folded in),
  /// or the A/A noise floor when that is larger.
  public var effectiveThreshold: Double
  /// Where `effectiveThreshold` came from: "configured (default)", "configured (--thresholds)"
  /// or "A/A noise floor 'NAME' (DATE, N processes)".
  public var thresholdSource: String = ""
  /// The A/A noise behind the threshold, when a noise floor covers this comparison.
  public var noise: NoiseEvidence?
  /// Verdict of the re-measurement of a flagged regression, when one ran.
  public var confirmation: Confirmation?
  /// The baseline's reason, when this regression is acknowledged.
  public var acknowledgement: String?
  public var note: String?

  /// The re-measurement's evidence.
  public struct Confirmation: Codable, Hashable, Sendable {
    public var verdict: Verdict
    public var head: [Double]
    public var base: [Double]
    public var pAdjusted: Double?
    public var ratio: BootstrapInterval?

    public init(
      verdict: Verdict, head: [Double], base: [Double], pAdjusted: Double?,
      ratio: BootstrapInterval?
    ) {
      self.verdict = verdict
      self.head = head
      self.base = base
      self.pAdjusted = pAdjusted
      self.ratio = ratio
    }
  }

  public init(
    strategy: String, lane: BenchLane, metric: GateMetric, verdict: Verdict, head: [Double],
    base: [Double], headMedian: Double? = nil, baseMedian: Double? = nil, u: Double? = nil,
    pValue: Double? = nil, pAdjusted: Double? = nil, testMethod: String? = nil, comparisons: Int,
    correction: MultipleComparisons, ratio: BootstrapInterval? = nil, threshold: MetricThreshold,
    effectiveThreshold: Double, thresholdSource: String = "", noise: NoiseEvidence? = nil,
    confirmation: Confirmation? = nil, acknowledgement: String? = nil, note: String? = nil
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.verdict = verdict
    self.head = head
    self.base = base
    self.headMedian = headMedian
    self.baseMedian = baseMedian
    self.u = u
    self.pValue = pValue
    self.pAdjusted = pAdjusted
    self.testMethod = testMethod
    self.comparisons = comparisons
    self.correction = correction
    self.ratio = ratio
    self.threshold = threshold
    self.effectiveThreshold = effectiveThreshold
    self.thresholdSource = thresholdSource
    self.noise = noise
    self.confirmation = confirmation
    self.acknowledgement = acknowledgement
    self.note = note
  }
}

/// A counter comparison (deterministic).
public struct CounterComparison: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  /// "instructions/point" or "steady allocations".
  public var metric: CounterMetric
  public var verdict: Verdict
  public var head: Double?
  public var base: Double?
  /// head / base (instructions only).
  public var ratio: Double?
  /// The ±tolerance used (instructions only).
  public var tolerance: Double?
  public var hint: String?
  public var acknowledgement: String?

  public init(
    strategy: String, lane: BenchLane, metric: CounterMetric, verdict: Verdict, head: Double? = nil,
    base: Double? = nil, ratio: Double? = nil, tolerance: Double? = nil, hint: String? = nil,
    acknowledgement: String? = nil
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.verdict = verdict
    self.head = head
    self.base = base
    self.ratio = ratio
    self.tolerance = tolerance
    self.hint = hint
    self.acknowledgement = acknowledgement
  }
}

/// The absolute budget of one strategy × lane: steady p99 per point against a fraction of the
/// 240 Hz sample period, whatever the baseline was.
public struct BudgetCheck: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  /// Steady p99 / 240 Hz sample period (4.17 ms), median over processes.
  public var p99FractionOfPeriod: Double
  public var limit: Double
  public var verdict: Verdict
  /// Any single point slower than a whole period, in any process.
  public var wouldDropSample: Bool
  public var pointsOverPeriod: Int

  public init(
    strategy: String, lane: BenchLane, p99FractionOfPeriod: Double, limit: Double, verdict: Verdict,
    wouldDropSample: Bool, pointsOverPeriod: Int
  ) {
    self.strategy = strategy
    self.lane = lane
    self.p99FractionOfPeriod = p99FractionOfPeriod
    self.limit = limit
    self.verdict = verdict
    self.wouldDropSample = wouldDropSample
    self.pointsOverPeriod = pointsOverPeriod
  }
}

/// The A/A noise behind one timing comparison's threshold: the threshold is
/// max(configured, 3 × A/A spread), and the minimum detectable change follows from it.
public struct NoiseEvidence: Codable, Hashable, Sendable {
  /// Noise floor name, date and A/A processes.
  public var floor: String
  public var createdAt: String
  public var aaProcesses: Int
  /// Standard deviation of head/base under no change for this comparison's process counts.
  public var spread: Double
  /// `NoiseSpread.thresholdMultiplier` × `spread`.
  public var noiseThreshold: Double
  /// The configured relative threshold (absolute part folded in).
  public var configuredThreshold: Double
  /// Smallest true change flagged "regressed" with 80 % power at the applied threshold.
  public var minimumDetectableChange: Double

  public init(
    floor: String, createdAt: String, aaProcesses: Int, spread: Double, noiseThreshold: Double,
    configuredThreshold: Double, minimumDetectableChange: Double
  ) {
    self.floor = floor
    self.createdAt = createdAt
    self.aaProcesses = aaProcesses
    self.spread = spread
    self.noiseThreshold = noiseThreshold
    self.configuredThreshold = configuredThreshold
    self.minimumDetectableChange = minimumDetectableChange
  }
}

/// The deterministic counters the gate compares.
public enum CounterMetric: String, Codable, Hashable, Sendable, CaseIterable,
  CustomStringConvertible
{
  case instructionsPerPoint = "instructions/point"
  case steadyAllocations = "steady allocations"

  public var description: String { rawValue }
}

extension TimingComparison {
  /// The strategy × lane × metric this comparison is about.
  public var key: ReplicateKey { ReplicateKey(strategy: strategy, lane: lane, metric: metric) }
}
