import SigbenchCore
import SigbenchResults

/// Warnings about a benchmark's figures, stated in every result and summary, typed by kind.
public enum BenchWarnings {
  public static func collect(
    _ figures: [LaneFigures], counters: CounterRunInfo, injection: Injection?
  ) -> [ResultWarning] {
    var w: [ResultWarning] = []
    if BuildConfiguration.isDebug {
      w.append(
        ResultWarning(
          .debugBuild,
          text: "debug build: every figure is marked \"debug\" and is not representative"))
    }
    if let i = injection {
      w.append(
        ResultWarning(
          .injection, strategy: i.strategy,
          text: "test-only injection active (\(Injection.environmentVariable)) on "
            + "'\(i.strategy)': "
            + (i.timePercent != nil || i.spins != nil
              ? "its figures include deliberate extra work"
              : "its cells fail at \(i.failStage ?? "?") on purpose")))
    }
    for f in figures {
      let who = "\(f.strategy) [\(f.lane.rawValue)]"
      func add(_ kind: ResultWarning.Kind, _ text: String) {
        w.append(ResultWarning(kind, strategy: f.strategy, lane: f.lane, text: text))
      }
      for (name, s) in [("steady", f.steady), ("start", f.start), ("batched", f.batched)] {
        if let s, !s.thinPercentiles.isEmpty {
          add(
            .thinPercentiles,
            "\(who) \(name): \(s.thinPercentiles.joined(separator: ", ")) rest on fewer than 10 "
              + "observations beyond them (\(s.count) figures)")
        }
      }
      if !f.warmup.converged {
        add(
          .warmupUnsettled,
          "\(who): warm-up did not settle within \(Int(f.warmup.tolerance * 100)) % after "
            + "\(f.warmup.passMedians.count) checked passes")
      }
      if f.preferred == "batched" {
        add(
          .timerBound,
          "\(who): single-point figures are close to the timer; the batched figure is the "
            + "precise one")
      }
      if f.budget?.wouldDropSample == true {
        add(
          .wouldDropSample,
          "\(who): a point took longer than a 240 Hz sample period (would drop a sample)")
      }
    }
    if let why = counters.unavailableReason {
      w.append(ResultWarning(.countersUnavailable, text: "counters unavailable: \(why)"))
    }
    return w
  }

  /// The warning that the processes ran at different speeds (`HarnessFloor.speedGroups`),
  /// from each process's floor (`TimerCalibration.floor`, steady single p50); `nil` when they
  /// did not or fewer than two processes measured a floor.
  public static func unevenProcesses(_ timers: [TimerCalibration]) -> ResultWarning? {
    let floor = { (i: Int) in timers[i].floor?.singleP50Ns ?? .nan }
    guard let groups = HarnessFloor.speedGroups(timers),
      let lo = groups.fast.map(floor).min(), let top = groups.fast.map(floor).max(),
      let hi = groups.others.map(floor).max()
    else { return nil }
    func ns(_ v: Double) -> String { "\((v * 10).rounded() / 10) ns" }
    return ResultWarning(
      .unevenProcesses,
      text: "processes ran at different speeds: the null smoother's floor (steady single p50) "
        + "was \(ns(lo))–\(ns(top)) in \(groups.fast.count) of "
        + "\(groups.fast.count + groups.others.count) processes and up to \(ns(hi)) in the others "
        + "(×\((hi / lo * 100).rounded() / 100)). The machine, not the code: a median over "
        + "processes moves with the mix; compare ratios to the reference, figures of one run, or "
        + "the table by process speed")
  }

  /// One warning per strategy that is not incremental when the workload has a stroke longer
  /// than `StrategyCost.costlyStrokeSampleLimit`: such a strategy is timed on the first
  /// samples of those strokes only (`LaneDriver.strokeLimit`).
  public static func cutStrokes(
    _ strategies: [ConfiguredStrategy], longestStroke: Int
  ) -> [ResultWarning] {
    let limit = StrategyCost.costlyStrokeSampleLimit
    guard longestStroke > limit else { return [] }
    return strategies.filter { !$0.cost.isIncremental }.map {
      ResultWarning(
        .other, strategy: $0.label,
        text: "timed on the first \(limit) samples of strokes longer than that (the longest "
          + "has \(longestStroke)): '\($0.label)' redoes the whole stroke at every push "
          + "(\($0.cost.rawValue), O(n²) a stroke)")
    }
  }
}
