/// Everything measured for one strategy in one lane, in nanoseconds unless named otherwise.
///
/// Labels: `single*` figures come from one clock bracket per point and include one clock read's
/// overhead (`TimerCalibration.overheadNs`); `batched` figures are one bracket around
/// `batchSize` consecutive points, divided by `batchSize`, so the overhead is shared.
/// `preferred` says which of the two is the precise per-point figure for this strategy.
public struct LaneFigures: Codable, Hashable, Sendable {
  public var strategy: String
  public var strategyID: String
  public var lane: BenchLane
  /// "release" or "debug" (debug figures are marked and not representative).
  public var build: String
  /// "batched" when the per-point cost is too close to the timer (median single bracket below
  /// 100 × the clock overhead or below 1,000 × the clock step), else "single".
  public var preferred: String
  /// Single brackets of the steady state: points at index ≥ `startPoints` of their stroke.
  public var steady: LatencySummary?
  /// Single brackets of the first `startPoints` points of every stroke.
  public var start: LatencySummary?
  public var startPoints: Int
  /// Single brackets of every point (start and steady together), for the overview table.
  public var all: LatencySummary?
  /// `finish` brackets, one per stroke (end-of-stroke cost, apart from pushes).
  public var finish: LatencySummary?
  /// Each stroke's `finish` bracket divided by the stroke's sample count, one value per
  /// stroke, ns per point: what a strategy that defers its work to `finish` (batch use, an
  /// offline simplifier) costs per sample. `nil` in results written before it existed.
  public var finishPerPoint: LatencySummary?
  /// Batched per-point figures, one per full batch.
  public var batched: LatencySummary?
  public var batchSize: Int
  /// Points per second over the batched pass (points in full batches / time inside them).
  public var throughputPointsPerSecond: Double?
  /// Median single bracket by tenth of stroke position (decile d holds points with
  /// ⌊10 · index / length⌋ = d); `nil` where a decile has no points.
  public var deciles: [Double?]
  /// Synthetic strokes of growing length: an O(n) push shows as a rising line.
  public var synthetic: [SyntheticFigure]
  public var warmup: WarmupReport
  /// Absolute ink budget against a 240 Hz sample period.
  public var budget: BudgetFigure?
  /// Metric → this figure / the reference strategy's figure in the same lane, same process.
  public var ratioToReference: [String: Double]
  /// Volatile spin rounds injected per push by the test-only knob's `spin=N` (0 when inactive).
  public var injectedSpins: UInt64
  /// How the knob's `time=P` was set up in this lane and the change it made there before the
  /// timed passes (`nil` unless `time=P` targets this strategy).
  public var injection: InjectionCalibration?

  public init(
    strategy: String, strategyID: String, lane: BenchLane, build: String, preferred: String,
    steady: LatencySummary?, start: LatencySummary?, startPoints: Int, all: LatencySummary?,
    finish: LatencySummary?, batched: LatencySummary?, batchSize: Int,
    throughputPointsPerSecond: Double?, deciles: [Double?], synthetic: [SyntheticFigure],
    warmup: WarmupReport, budget: BudgetFigure?, ratioToReference: [String: Double],
    injectedSpins: UInt64
  ) {
    self.strategy = strategy
    self.strategyID = strategyID
    self.lane = lane
    self.build = build
    self.preferred = preferred
    self.steady = steady
    self.start = start
    self.startPoints = startPoints
    self.all = all
    self.finish = finish
    self.batched = batched
    self.batchSize = batchSize
    self.throughputPointsPerSecond = throughputPointsPerSecond
    self.deciles = deciles
    self.synthetic = synthetic
    self.warmup = warmup
    self.budget = budget
    self.ratioToReference = ratioToReference
    self.injectedSpins = injectedSpins
  }

  /// The figures the gate compares, by metric name (`p50`, `p90`, `p99`: steady single
  /// brackets; `batch-p50`: median batched per-point; `batch-p50-ratio`: `batch-p50` over the
  /// reference strategy's in the same process and lane, which cancels a process's own speed —
  /// on a shared machine whole processes run fast or slow). Missing figures are left out.
  public var gateMetrics: [GateMetric: Double] {
    var m: [GateMetric: Double] = [:]
    if let r = ratioToReference["batch-p50"] { m[.batchP50Ratio] = r }
    if let s = steady {
      m[.p50] = s.p50
      m[.p90] = s.p90
      m[.p99] = s.p99
    }
    if let b = batched { m[.batchP50] = b.p50 }
    return m
  }

  /// With several processes: the smallest and largest per-process value of each figure whose
  /// median is the headline (`figureNames`); `nil` for a single process.
  public var acrossProcesses: [String: ValueRange]?

  /// The scalar figures a headline across processes is formed of, by name, with how to read
  /// each from one process's figures.
  public static let figureNames: [(name: String, read: @Sendable (LaneFigures) -> Double?)] = [
    ("steady.p50", { $0.steady?.p50 }), ("steady.p90", { $0.steady?.p90 }),
    ("steady.p99", { $0.steady?.p99 }), ("steady.p99.9", { $0.steady?.p999 }),
    ("steady.max", { $0.steady?.max }), ("steady.mean", { $0.steady?.mean }),
    ("start.p50", { $0.start?.p50 }), ("start.p99", { $0.start?.p99 }),
    ("all.p50", { $0.all?.p50 }), ("all.p99", { $0.all?.p99 }),
    ("finish.p50", { $0.finish?.p50 }), ("finish.p99", { $0.finish?.p99 }),
    ("finishPerPoint.p50", { $0.finishPerPoint?.p50 }),
    ("batched.p50", { $0.batched?.p50 }), ("throughput", { $0.throughputPointsPerSecond }),
  ]
}

/// Per-point cost on one synthetic stroke of `length` samples.
public struct SyntheticFigure: Codable, Hashable, Sendable {
  public var length: Int
  /// Median single bracket over the whole stroke, ns.
  public var p50: Double
  /// Median single bracket over the first and the last tenth of the stroke, ns.
  public var firstTenthP50: Double
  public var lastTenthP50: Double

  /// How much a push costs more per point already drawn: the last tenth's median minus the
  /// first tenth's, over the 0.9 × `length` points between the tenths' middles, ns per point
  /// (about 0 for an O(1) push; the slope of an O(n) one).
  public var growthPerPointNs: Double {
    (lastTenthP50 - firstTenthP50) / (0.9 * Double(max(1, length)))
  }

  public init(
    length: Int, p50: Double, firstTenthP50: Double, lastTenthP50: Double
  ) {
    self.length = length
    self.p50 = p50
    self.firstTenthP50 = firstTenthP50
    self.lastTenthP50 = lastTenthP50
  }
}

/// How warm-up went: verified, not assumed.
public struct WarmupReport: Codable, Hashable, Sendable {
  /// Untimed passes discarded before any check (at least one full replay).
  public var discardedPasses: Int
  /// Median batched per-point figure of each checked pass, ns, in order (the warm-up curve).
  public var passMedians: [Double]
  /// True when two consecutive pass medians agreed within `tolerance`.
  public var converged: Bool
  /// Relative tolerance for "agreed", e.g. 0.01.
  public var tolerance: Double

  public init(discardedPasses: Int, passMedians: [Double], converged: Bool, tolerance: Double) {
    self.discardedPasses = discardedPasses
    self.passMedians = passMedians
    self.converged = converged
    self.tolerance = tolerance
  }
}

/// p99 against the 240 Hz sample period: 4.17 ms between pen samples (Apple Pencil reports at
/// 240 Hz, WWDC 2016 session 220).
public struct BudgetFigure: Codable, Hashable, Sendable {
  /// 1 s / 240, in ns.
  public static let samplePeriodNs = 1e9 / 240

  /// Steady p99 / sample period.
  public var p99FractionOfPeriod: Double
  /// Points (any, single brackets) slower than a whole sample period.
  public var pointsOverPeriod: Int
  /// True when any point took longer than a whole sample period: a live capture would have
  /// dropped a sample there.
  public var wouldDropSample: Bool

  public init(
    p99FractionOfPeriod: Double, pointsOverPeriod: Int, wouldDropSample: Bool
  ) {
    self.p99FractionOfPeriod = p99FractionOfPeriod
    self.pointsOverPeriod = pointsOverPeriod
    self.wouldDropSample = wouldDropSample
  }
}

/// The smallest and largest of a set of values.
public struct ValueRange: Codable, Hashable, Sendable {
  public var min: Double
  public var max: Double
  public init(min: Double, max: Double) {
    self.min = min
    self.max = max
  }
}
