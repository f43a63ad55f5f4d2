import SigbenchCore

/// How deep a benchmark goes. The defaults keep `sigbench run --corpus Corpus/` under a minute
/// on a 2-core machine; deeper runs raise `repetitions` (and the CLI's `--processes`).
public struct BenchOptions: Codable, Hashable, Sendable {
  public var lanes: [BenchLane] = BenchLane.allCases
  /// Timed passes of each kind (single brackets, batched) per strategy × lane.
  public var repetitions: Int = 1
  public var warmup = WarmupPolicy()
  /// The first k points of every stroke are reported apart as "start", so cold and warm points
  /// never mix in one percentile.
  public var startPoints: Int = 8
  /// Points per batched bracket.
  public var batchSize: Int = 16
  /// Lengths of the synthetic strokes (position-dependence check); empty to skip.
  public var syntheticLengths: [Int] = [10, 100, 1_000, 10_000]
  /// The test-only knob, when active.
  public var injection: Injection?
  /// Keep every single-bracket figure for the raw-samples CSV.
  public var keepRaw: Bool = false
  /// Points per strategy × lane and timed pass above which whole strokes are sampled at a
  /// fixed stride (`TimingSample`); `nil` (files from before the budget) times every point.
  public var timedPointBudget: Int? = TimingSample.defaultBudget
  /// Run strategies that are not incremental (`StrategyCost.wholeStrokePerPush`, `.offline`)
  /// in the raster lane and on synthetic strokes above `costlyStrokeLimit` samples too; by
  /// default they skip both (their cost grows with the stroke). `nil` (older files) is `false`.
  public var includeCostlyCases: Bool?

  /// Longest synthetic stroke a non-incremental strategy is timed on unless
  /// `includeCostlyCases`.
  public static let costlyStrokeLimit = 1_000

  /// Strategies (labels) timed in the smooth lane only: a sweep's configurations, whose raster
  /// lane is timed afterwards for those on its Pareto front alone. `nil`: none.
  public var smoothLaneOnly: Set<String>?

  public init() {}

  /// True when `lane` is timed for a strategy of cost `cost`.
  public func times(_ lane: BenchLane, cost: StrategyCost) -> Bool {
    cost.isIncremental || includeCostlyCases == true || lane != .smoothRaster
  }

  /// True when `lane` is timed for the strategy `label` of cost `cost`.
  public func times(_ lane: BenchLane, label: String, cost: StrategyCost) -> Bool {
    times(lane, cost: cost) && (lane == .smooth || smoothLaneOnly?.contains(label) != true)
  }

  /// The synthetic stroke lengths timed for a strategy of cost `cost`.
  public func syntheticLengths(cost: StrategyCost) -> [Int] {
    cost.isIncremental || includeCostlyCases == true
      ? syntheticLengths : syntheticLengths.filter { $0 <= Self.costlyStrokeLimit }
  }

  /// The lean profile of gate and baseline workers: only the figures the gate compares
  /// (no synthetic strokes, no raw samples), the same warm-up, three timed passes (the gate
  /// and `baseline save` raise them to `gateRepetitions` for the corpus).
  public static var gateWorker: BenchOptions {
    var o = BenchOptions()
    o.syntheticLengths = []
    o.repetitions = 3
    return o
  }

  /// Timed passes per gate or baseline worker for a workload of `points` points: enough that
  /// each strategy × lane times about `gatePointsPerWorker` points, within 3 … 30.
  ///
  /// Why: on the 2,516-point `Corpus/` one pass takes ~0.2 ms, so three passes made a process's
  /// figure rest on half a millisecond, and a speed swing of the shared VM inside that window
  /// moved one strategy alone (per-process `batch-p50-ratio` of an A/A pair ranged 0.72…1.50
  /// over 10 processes with 3 passes; 0.977…1.012 with 30). Larger corpora keep 3 passes.
  public static func gateRepetitions(points: Int) -> Int {
    guard points > 0 else { return 3 }
    return min(30, max(3, (gatePointsPerWorker + points - 1) / points))
  }

  /// Points per strategy × lane a gate worker times (see `gateRepetitions`).
  public static let gatePointsPerWorker = 60_000

  /// Checks ranges; throws with the reason.
  public func validate() throws(BenchError) {
    guard repetitions >= 1, repetitions <= 1000 else {
      throw .invalidOption("repetitions must be in 1…1000; got \(repetitions)")
    }
    guard startPoints >= 0, startPoints <= 1000 else {
      throw .invalidOption("start points must be in 0…1000; got \(startPoints)")
    }
    guard batchSize >= 2, batchSize <= 4096 else {
      throw .invalidOption("batch size must be in 2…4096; got \(batchSize)")
    }
    guard syntheticLengths.allSatisfy({ (1...1_000_000).contains($0) }) else {
      throw .invalidOption("synthetic stroke lengths must be in 1…1,000,000")
    }
    guard !lanes.isEmpty else { throw .invalidOption("no lane selected") }
    if let b = timedPointBudget, !TimingSample.budgetRange.contains(b) {
      throw .invalidOption(
        "the timed-point budget must be in \(TimingSample.budgetRange.lowerBound)…"
          + "\(TimingSample.budgetRange.upperBound); got \(b)")
    }
  }
}
