/// One piece of work timed by the closure harness (`ClosureBenchmark` in SigbenchBench): a
/// closure run again and again (`repeated`), or every call of a pass made of many small calls
/// (`series`), after a verified warm-up, with the clock's read overhead subtracted.
public struct ClosureTiming: Codable, Hashable, Sendable {
  /// What was timed, e.g. "decode svc2004" or "render 2x".
  public var name: String
  /// "repeated": one value per run of the closure; "series": one value per bracketed call.
  public var kind: String
  /// Nanoseconds per run (or per call), overhead subtracted, never below 0.
  public var summary: LatencySummary
  /// Timed runs (repeated) or timed passes (series).
  public var timedPasses: Int
  /// How warm-up went: one discarded pass, then checked passes until two medians agreed.
  public var warmup: WarmupReport

  public init(
    name: String, kind: String, summary: LatencySummary, timedPasses: Int, warmup: WarmupReport
  ) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.timedPasses = timedPasses
    self.warmup = warmup
  }

  /// The median in seconds.
  public var medianSeconds: Double { summary.p50 / 1e9 }
}

/// A harness handed to a module that drives a workload but cannot depend on SigbenchBench
/// (formats): called with a name and the work, it returns the work's timing. The work returns
/// a value derived from what it computed, which the harness keeps observable.
public typealias ClosureTimer = (_ name: String, _ work: () -> Int) -> ClosureTiming
