import Foundation
import SigbenchCore
import SigbenchRender

/// The per-point latency benchmark (issue 6, items 1–3 and 5): for each strategy × lane,
/// verified warm-up, then one clock bracket per point (start and steady state apart, `finish`
/// apart), batched brackets where a point is too cheap for the clock, position deciles,
/// synthetic strokes of growing length, the 240 Hz budget, and ratios to the reference.
///
/// - Complexity: per strategy × lane, O(points × (warm-up passes + 2 · repetitions)) pushes
///   plus Σ synthetic lengths.
public struct PointBenchmark: Sendable {
  public var options: BenchOptions
  public var timer: TimerCalibration

  public init(options: BenchOptions, timer: TimerCalibration) {
    self.options = options
    self.timer = timer
  }

  /// Raw single-bracket figures of one strategy × lane (for the CSV).
  public struct RawSeries: Sendable {
    public var strategy: String
    public var lane: BenchLane
    public var passes: [PointRecord]
    public var finishes: [[Double]]
    public var batched: [[Double]]
  }

  /// Figures in strategy order, each lane in `options.lanes` order, with ratios filled in.
  public func measure(
    _ strategies: [ConfiguredStrategy], workload: BenchWorkload, referenceID: String,
    progress: (String) -> Void = { _ in }
  ) throws(BenchError) -> (figures: [LaneFigures], raw: [RawSeries]) {
    try options.validate()
    guard workload.pointCount > 0 else { throw .emptyWorkload }
    var figures: [LaneFigures] = []
    var raw: [RawSeries] = []
    for strategy in strategies {
      for lane in options.lanes {
        progress("\(strategy.label) [\(lane.rawValue)]")
        let r = measureOne(strategy, lane, workload)
        figures.append(r.0)
        if options.keepRaw { raw.append(r.1) }
      }
    }
    return (RatioTable.fill(figures, referenceID: referenceID), raw)
  }

  func measureOne(
    _ strategy: ConfiguredStrategy, _ lane: BenchLane, _ workload: BenchWorkload
  ) -> (LaneFigures, RawSeries) {
    var driver = LaneDriver(strategy: strategy, lane: lane, workload: workload)
    let injection = options.injection.flatMap {
      $0.targets(id: strategy.id, label: strategy.label) ? $0 : nil
    }
    driver.spins = injection?.spins ?? 0
    let warm = warmUp(&driver)
    if let pct = injection?.timePercent {
      driver.spins += SpinCalibration.spins(for: pct, &driver, batch: options.batchSize)
    }
    var series = RawSeries(
      strategy: strategy.label, lane: lane, passes: [], finishes: [], batched: [])
    var points: [Double] = []
    var steady: [Double] = []
    var start: [Double] = []
    var finishes: [Double] = []
    var batched: [Double] = []
    var decileValues = [[Double]](repeating: [], count: 10)
    var batchPoints = 0
    var batchNs = 0.0
    for _ in 0..<options.repetitions {
      let (record, fin) = driver.singlePass()
      for i in record.ns.indices {
        let v = record.ns[i]
        points.append(v)
        if Int(record.index[i]) < options.startPoints { start.append(v) } else { steady.append(v) }
        let d = min(9, Int(record.index[i]) * 10 / max(1, Int(record.length[i])))
        decileValues[d].append(v)
      }
      finishes += fin
      let b = driver.batchedPass(batch: options.batchSize)
      batched += b.perPoint
      batchPoints += b.points
      batchNs += b.ns
      if options.keepRaw {
        series.passes.append(record)
        series.finishes.append(fin)
        series.batched.append(b.perPoint)
      }
    }
    let steadySummary = LatencySummary(steady)
    let over = points.filter { $0 > BudgetFigure.samplePeriodNs }.count
    let budget = steadySummary.map {
      BudgetFigure(
        p99FractionOfPeriod: $0.p99 / BudgetFigure.samplePeriodNs, pointsOverPeriod: over,
        wouldDropSample: over > 0)
    }
    let figure = LaneFigures(
      strategy: strategy.label, strategyID: strategy.id, lane: lane,
      build: BuildConfiguration.current,
      preferred: preferred(steadySummary ?? LatencySummary(points)),
      steady: steadySummary, start: LatencySummary(start), startPoints: options.startPoints,
      all: LatencySummary(points), finish: LatencySummary(finishes),
      batched: LatencySummary(batched), batchSize: options.batchSize,
      throughputPointsPerSecond: batchNs > 0 ? Double(batchPoints) / batchNs * 1e9 : nil,
      deciles: decileValues.map { Bootstrap.median($0) },
      synthetic: synthetic(strategy, lane, spins: driver.spins, workload.rasterSpec),
      warmup: warm, budget: budget, ratioToReference: [:], injectedSpins: driver.spins)
    return (figure, series)
  }

  /// Discards `discardedPasses` untimed replays, then runs batched passes until two medians
  /// agree (or the pass/time cap is reached).
  func warmUp(_ driver: inout LaneDriver) -> WarmupReport {
    let policy = options.warmup
    for _ in 0..<policy.discardedPasses { driver.untimedPass() }
    var medians: [Double] = []
    let began = MonotonicClock.now()
    while medians.count < max(2, policy.maxCheckedPasses) {
      let pass = driver.batchedPass(batch: options.batchSize)
      // Strokes shorter than a batch: fall back on the pass's total time per point.
      let m =
        Bootstrap.median(pass.perPoint)
        ?? (pass.points > 0 ? pass.ns / Double(pass.points) : 0)
      medians.append(m)
      if policy.settled(medians) { break }
      if medians.count >= 2,
        Double(MonotonicClock.now() &- began) / 1e9 > policy.maxSeconds
      {
        break
      }
    }
    return WarmupReport(
      discardedPasses: policy.discardedPasses, passMedians: medians,
      converged: policy.settled(medians), tolerance: policy.tolerance)
  }

  /// "batched" when single brackets cannot resolve a point (benchmarking.md §A.4: median below
  /// 100 × the read overhead or below 1,000 × the clock's step), else "single".
  func preferred(_ s: LatencySummary?) -> String {
    guard let s else { return "batched" }
    let step = max(timer.smallestStepNs, timer.resolutionNs)
    return s.p50 < 100 * timer.overheadNs || s.p50 < 1000 * step ? "batched" : "single"
  }

  func synthetic(
    _ strategy: ConfiguredStrategy, _ lane: BenchLane, spins: UInt64,
    _ spec: SigbenchRender.RenderSpec
  ) -> [SyntheticFigure] {
    options.syntheticLengths.compactMap { length in
      let workload = BenchWorkload(
        strokes: [BenchWorkload.syntheticStroke(count: length)], rasterSpec: spec)
      var d = LaneDriver(strategy: strategy, lane: lane, workload: workload)
      d.spins = spins
      // Short strokes get an untimed replay first; long ones warm themselves up.
      if length <= 1_000 { d.untimedPass() }
      let (record, _) = d.singlePass()
      let n = record.ns.count
      guard n > 0, let p50 = Bootstrap.median(record.ns) else { return nil }
      let tenth = max(1, n / 10)
      return SyntheticFigure(
        length: length, p50: p50, firstTenthP50: Bootstrap.median(Array(record.ns.prefix(tenth)))!,
        lastTenthP50: Bootstrap.median(Array(record.ns.suffix(tenth)))!)
    }
  }
}
