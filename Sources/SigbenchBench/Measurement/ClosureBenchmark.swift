import SigbenchResults

/// The closure harness: times work that is not a strategy's push (rendering, PNG encoding,
/// format decoding) with the same calibrated clock, warm-up policy and percentiles as the
/// per-point benchmark. The module that drives a workload hands the work in as a closure, so
/// this module needs no dependency on it (formats receive `closureTimer`).
///
/// - `measure`: a closure run again and again. After `warmup.discardedPasses` untimed runs,
///   checked passes of `runsPerCheck` runs each continue until the medians of two consecutive
///   passes agree within `warmup.tolerance` (at most `warmup.maxCheckedPasses` passes, or
///   `warmup.maxSeconds` once two have run); then `runs` timed runs, one clock bracket each.
/// - `series`: a pass made of many small calls (the incremental canvas's updates), each
///   bracketed alone; the same warm-up over whole passes, then `runs` timed passes.
///
/// Every value is a bracket minus the clock's median read overhead (`TimerCalibration`),
/// never below 0, in nanoseconds; what the work returns goes to an opaque sink.
///
/// - Complexity: O(work × (discarded + checked + timed runs)).
public struct ClosureBenchmark: Sendable {
  public var timer: TimerCalibration
  public var warmup: WarmupPolicy
  /// Timed runs (`measure`) or timed passes (`series`), at least 1.
  public var runs: Int
  /// Runs per checked warm-up pass of `measure`, at least 1.
  public var runsPerCheck: Int

  public init(
    timer: TimerCalibration, runs: Int, warmup: WarmupPolicy = WarmupPolicy(),
    runsPerCheck: Int = 3
  ) {
    self.timer = timer
    self.runs = max(1, runs)
    self.warmup = warmup
    self.runsPerCheck = max(1, runsPerCheck)
  }

  /// This harness as a `ClosureTimer`, for modules that cannot import SigbenchBench.
  public var closureTimer: ClosureTimer {
    { name, work in self.measure(name, work) }
  }

  /// Times `work` as described above.
  public func measure(_ name: String, _ work: () -> Int) -> ClosureTiming {
    var sink = 0
    let overhead = timer.overheadNs
    func once() -> Double {
      let a = MonotonicClock.now()
      sink &+= work()
      let b = MonotonicClock.now()
      return Swift.max(0, Double(b &- a) - overhead)
    }
    for _ in 0..<warmup.discardedPasses { _ = once() }
    let report = checkedWarmup { (0..<runsPerCheck).map { _ in once() } }
    let values = (0..<runs).map { _ in once() }
    BlackHole.consume(UInt64(bitPattern: Int64(sink)))
    return ClosureTiming(
      name: name, kind: "repeated", summary: LatencySummary(values)!, timedPasses: runs,
      warmup: report)
  }

  /// Brackets the calls of one pass of `series`.
  public struct Bracket {
    /// False during warm-up passes: the caller keeps per-call details only when true.
    public let isTimed: Bool
    let overhead: Double
    var values: [Double] = []
    var sink = 0

    /// Times `work`, records the value in the series and returns it (ns).
    public mutating func time(_ work: () -> Int) -> Double {
      let ns = measure(work)
      values.append(ns)
      return ns
    }

    /// Times `work` without recording it in the series (a companion figure), ns.
    public mutating func measure(_ work: () -> Int) -> Double {
      let a = MonotonicClock.now()
      sink &+= work()
      let b = MonotonicClock.now()
      return Swift.max(0, Double(b &- a) - overhead)
    }
  }

  /// Times every `time` call of `pass` as described above; `nil` when a timed pass made no
  /// call.
  public func series(_ name: String, _ pass: (inout Bracket) -> Void) -> ClosureTiming? {
    var sink = 0
    func run(timed: Bool) -> [Double] {
      var b = Bracket(isTimed: timed, overhead: timer.overheadNs)
      pass(&b)
      sink &+= b.sink
      return b.values
    }
    for _ in 0..<warmup.discardedPasses { _ = run(timed: false) }
    let report = checkedWarmup { run(timed: false) }
    var values: [Double] = []
    for _ in 0..<runs { values += run(timed: true) }
    BlackHole.consume(UInt64(bitPattern: Int64(sink)))
    guard let summary = LatencySummary(values) else { return nil }
    return ClosureTiming(
      name: name, kind: "series", summary: summary, timedPasses: runs, warmup: report)
  }

  /// Checked warm-up passes (each `pass` returns its values) until two medians agree.
  func checkedWarmup(_ pass: () -> [Double]) -> WarmupReport {
    var medians: [Double] = []
    let began = MonotonicClock.now()
    while medians.count < Swift.max(2, warmup.maxCheckedPasses) {
      medians.append(Percentiles.nearestRank(pass().sorted(), 50) ?? 0)
      if warmup.settled(medians) { break }
      if medians.count >= 2, Double(MonotonicClock.now() &- began) / 1e9 > warmup.maxSeconds {
        break
      }
    }
    return WarmupReport(
      discardedPasses: warmup.discardedPasses, passMedians: medians,
      converged: warmup.settled(medians), tolerance: warmup.tolerance)
  }
}
