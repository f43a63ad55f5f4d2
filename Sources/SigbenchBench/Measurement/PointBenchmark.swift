import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The per-point latency benchmark: for each strategy × lane, verified warm-up, then one clock
/// bracket per point (start and steady state apart, `finish` apart), batched brackets where a
/// point is too cheap for the clock, position deciles, synthetic strokes of growing length, the
/// 240 Hz budget, and ratios to the reference.
///
/// - Complexity: per strategy × lane, O(points × (warm-up passes + 2 · repetitions)) pushes
///   plus Σ synthetic lengths.
public struct PointBenchmark: Sendable {
  public var options: BenchOptions
  public var timer: TimerCalibration

  /// Points the warm-up replays: the first drawings in corpus order up to this many (the whole
  /// corpus when smaller; `Corpus/` has 37,917).
  public static let warmupPoints = 65_536
  /// Points the warm-up replays when the corpus is over the timing budget and sampled
  /// (`TimingSample`): the first sampled drawings up to this many. Warm-up brings caches,
  /// branch predictors, the allocator and lazy set-up to their steady state, which a few
  /// thousand points do (and the two agreeing pass medians still verify); over the full
  /// 65,536 it took longer than the timed pass itself (3+ passes against 2), so the sampled
  /// timing phase stays a fraction of a minute. Corpora within the budget keep `warmupPoints`.
  public static let sampledWarmupPoints = 16_384

  public init(options: BenchOptions, timer: TimerCalibration) {
    self.options = options
    self.timer = timer
  }

  /// Figures in strategy order, each lane in `options.lanes` order, with ratios filled in.
  ///
  /// Every strategy × lane is warmed up first; then the timed passes run round-robin
  /// (repetition by repetition, one single-bracket and one batched pass of each strategy × lane
  /// in turn), so a slow drift of a shared machine hits every strategy alike and the ratios to
  /// the reference stay clean.
  public func measure(
    _ strategies: [ConfiguredStrategy], workload: BenchWorkload, referenceID: String,
    progress: (String) -> Void = { _ in }
  ) throws(BenchError) -> (figures: [LaneFigures], raw: [RawSeries], floor: HarnessFloor?) {
    try options.validate()
    guard workload.pointCount > 0 else { throw .emptyWorkload }
    // Above the budget, a fixed stride of whole strokes (`TimingSample`): the timing phase
    // stays bounded whatever the corpus size.
    let (sampled, sample) = workload.timingSample(budget: options.timedPointBudget)
    return try measure(
      strategies, sampled: sampled, sample: sample, referenceID: referenceID, progress: progress)
  }

  /// `measure` over strokes chosen beforehand: `workload` holds exactly the strokes `sample`
  /// times (`BenchWorkload.timingSample` under `options.timedPointBudget`, or the same choice
  /// made while a corpus streamed, so that the rest of it need not stay in memory).
  public func measure(
    _ strategies: [ConfiguredStrategy], sampled workload: BenchWorkload, sample: TimingSample,
    referenceID: String, progress: (String) -> Void = { _ in }
  ) throws(BenchError) -> (figures: [LaneFigures], raw: [RawSeries], floor: HarnessFloor?) {
    try options.validate()
    guard workload.pointCount > 0 else { throw .emptyWorkload }
    var states: [LaneState] = []
    // One empty picture for every raster driver (they are all alive until the end).
    let picture =
      options.lanes.contains(.smoothRaster) ? LaneDriver.emptyPicture(workload.rasterSpec) : nil
    for strategy in strategies {
      for lane in options.lanes
      where options.times(lane, label: strategy.label, cost: strategy.cost) {
        progress("\(strategy.label) [\(lane.rawValue)]: warm-up")
        states.append(
          prepare(
            strategy, lane, workload,
            warmupPoints: sample.isComplete ? Self.warmupPoints : Self.sampledWarmupPoints,
            picture: picture))
      }
    }
    // The floor: the null smoother in the smooth lane, timed in the same rounds, last in each
    // (so the strategies' passes follow one another as they did before it was measured).
    var floor =
      options.lanes.contains(.smooth)
      ? prepare(
        NullSmoother.configured, .smooth, workload,
        warmupPoints: sample.isComplete ? Self.warmupPoints : Self.sampledWarmupPoints)
      : nil
    for rep in 0..<options.repetitions {
      progress("timed pass \(rep + 1)/\(options.repetitions) over \(states.count) strategy × lane")
      for i in states.indices { states[i].timedRound(options) }
      floor?.timedRound(options)
    }
    let figures = states.map { figure($0, workload) }
    let raw = options.keepRaw ? states.map(\.series) : []
    return (
      RatioTable.fill(figures, referenceID: referenceID), raw, floor.flatMap(Self.floorFigures)
    )
  }

  /// The floor's figures from its timed rounds; `nil` when a pass timed no steady point or
  /// no full batch.
  static func floorFigures(_ st: LaneState) -> HarnessFloor? {
    guard let steady = st.values.summaries().steady, let batched = LatencySummary(st.batched)
    else { return nil }
    return HarnessFloor(
      singleP50Ns: steady.p50, singleP99Ns: steady.p99, batchedP50Ns: batched.p50)
  }

  /// One strategy × lane in progress: its driver and what its timed passes collected.
  struct LaneState {
    var strategy: ConfiguredStrategy
    var lane: BenchLane
    var driver: LaneDriver
    var warm: WarmupReport
    var series: RawSeries
    /// How the `time=P` wait was set up (when the knob asks for time on this strategy).
    var calibration: InjectionCalibration?
    /// Every single-bracket point, bounded (`PointValues`).
    var values: PointValues
    var finishes: [Double] = []
    /// Each stroke's finish bracket ÷ its sample count.
    var finishPerPoint: [Double] = []
    var batched: [Double] = []
    var batchPoints = 0
    var batchNs = 0.0

    /// One single-bracket pass and one batched pass.
    mutating func timedRound(_ options: BenchOptions) {
      let (record, fin, finPerPoint) = driver.singlePass()
      for i in record.ns.indices {
        let d = min(9, Int(record.index[i]) * 10 / max(1, Int(record.length[i])))
        values.add(
          record.ns[i], isStart: Int(record.index[i]) < options.startPoints, decile: d)
      }
      finishes += fin
      finishPerPoint += finPerPoint
      let b = driver.batchedPass(batch: options.batchSize)
      batched += b.perPoint
      batchPoints += b.points
      batchNs += b.ns
      if options.keepRaw {
        series.passes.append(record)
        series.finishes.append(fin)
        series.batched.append(b.perPoint)
        // Bounded while measuring, not only when written: a pass over a large corpus would
        // otherwise keep every point of every pass (`BenchPipeline` thins to the final bound).
        if series.rowCount > 2 * RawSeries.maxRowsPerSeries {
          series = series.thinned(maxRows: RawSeries.maxRowsPerSeries)
        }
      }
    }
  }

  /// A warmed-up state (with the `time=P` wait set up when the knob targets it).
  func prepare(
    _ strategy: ConfiguredStrategy, _ lane: BenchLane, _ workload: BenchWorkload,
    warmupPoints: Int = PointBenchmark.warmupPoints, picture: Canvas? = nil
  ) -> LaneState {
    var driver = LaneDriver(strategy: strategy, lane: lane, workload: workload, sharing: picture)
    let injection = options.injection.flatMap {
      $0.targets(id: strategy.id, label: strategy.label) ? $0 : nil
    }
    driver.spins = injection?.spins ?? 0
    // Warm-up (and the wait's calibration) on the corpus's first drawings up to
    // `warmupPoints`: on a large corpus a whole untimed pass and two batched ones per
    // strategy × lane would take longer than the timed passes.
    driver.pointLimit = warmupPoints
    let warm = warmUp(&driver)
    let calibration = injection?.timePercent.map {
      WaitCalibration.calibrate(percent: $0, &driver, batch: options.batchSize)
    }
    driver.pointLimit = .max
    return LaneState(
      strategy: strategy, lane: lane, driver: driver, warm: warm,
      series: RawSeries(
        strategy: strategy.label, lane: lane, passes: [], finishes: [], batched: []),
      calibration: calibration,
      values: PointValues(expected: workload.pointCount * options.repetitions))
  }

  /// The figures of a finished state (synthetic strokes measured here).
  func figure(_ st: LaneState, _ workload: BenchWorkload) -> LaneFigures {
    let (allSummary, startSummary, steadySummary) = st.values.summaries()
    let over = st.values.overPeriod
    let budget = steadySummary.map {
      BudgetFigure(
        p99FractionOfPeriod: $0.p99 / BudgetFigure.samplePeriodNs, pointsOverPeriod: over,
        wouldDropSample: over > 0)
    }
    var f = LaneFigures(
      strategy: st.strategy.label, strategyID: st.strategy.id, lane: st.lane,
      build: BuildConfiguration.current,
      preferred: preferred(steadySummary ?? allSummary),
      steady: steadySummary, start: startSummary, startPoints: options.startPoints,
      all: allSummary, finish: LatencySummary(st.finishes),
      batched: LatencySummary(st.batched), batchSize: options.batchSize,
      throughputPointsPerSecond: st.batchNs > 0 ? Double(st.batchPoints) / st.batchNs * 1e9 : nil,
      deciles: st.values.decileMedians(),
      synthetic: synthetic(st.strategy, st.lane, work: st.driver.work, workload.rasterSpec),
      warmup: st.warm, budget: budget, ratioToReference: [:],
      injectedSpins: st.driver.work.spins)
    f.injection = st.calibration
    f.finishPerPoint = LatencySummary(st.finishPerPoint)
    return f
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

  /// "batched" when single brackets cannot resolve a point (median below 100 × the clock's
  /// read overhead or below 1,000 × its step, the latter nanobench's multiple), else "single".
  func preferred(_ s: LatencySummary?) -> String {
    guard let s else { return "batched" }
    let step = max(timer.smallestStepNs, timer.resolutionNs)
    return s.p50 < 100 * timer.overheadNs || s.p50 < 1000 * step ? "batched" : "single"
  }

  func synthetic(
    _ strategy: ConfiguredStrategy, _ lane: BenchLane, work: InjectedWork,
    _ spec: SigbenchRender.RenderSpec
  ) -> [SyntheticFigure] {
    options.syntheticLengths(cost: strategy.cost).compactMap { length in
      let workload = BenchWorkload(
        strokes: [BenchWorkload.syntheticStroke(count: length)], rasterSpec: spec)
      var d = LaneDriver(strategy: strategy, lane: lane, workload: workload)
      d.work = work
      // Short strokes get an untimed replay first; long ones warm themselves up.
      if length <= 1_000 { d.untimedPass() }
      let (record, _, _) = d.singlePass()
      let n = record.ns.count
      guard n > 0, let p50 = Bootstrap.median(record.ns) else { return nil }
      let tenth = max(1, n / 10)
      return SyntheticFigure(
        length: length, p50: p50, firstTenthP50: Bootstrap.median(Array(record.ns.prefix(tenth)))!,
        lastTenthP50: Bootstrap.median(Array(record.ns.suffix(tenth)))!)
    }
  }
}
