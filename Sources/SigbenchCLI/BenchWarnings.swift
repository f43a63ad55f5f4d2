import SigbenchBench

/// Warnings about a benchmark's figures, stated in every result and summary.
enum BenchWarnings {
  static func collect(
    _ figures: [LaneFigures], counters: CounterRunInfo, injection: Injection?
  ) -> [String] {
    var w: [String] = []
    if BuildConfiguration.isDebug {
      w.append("debug build: every figure is marked \"debug\" and is not representative")
    }
    if let i = injection {
      w.append(
        "test-only injection active (\(Injection.environmentVariable)) on '\(i.strategy)': its "
          + "figures include deliberate extra work")
    }
    for f in figures {
      let who = "\(f.strategy) [\(f.lane.rawValue)]"
      for (name, s) in [("steady", f.steady), ("start", f.start), ("batched", f.batched)] {
        if let s, !s.thinPercentiles.isEmpty {
          w.append(
            "\(who) \(name): \(s.thinPercentiles.joined(separator: ", ")) rest on fewer than 10 "
              + "observations beyond them (\(s.count) figures)")
        }
      }
      if !f.warmup.converged {
        w.append(
          "\(who): warm-up did not settle within \(Int(f.warmup.tolerance * 100)) % after "
            + "\(f.warmup.passMedians.count) checked passes")
      }
      if f.preferred == "batched" {
        w.append(
          "\(who): single-point figures are close to the timer; the batched figure is the precise one"
        )
      }
      if f.budget?.wouldDropSample == true {
        w.append("\(who): a point took longer than a 240 Hz sample period (would drop a sample)")
      }
    }
    if let why = counters.unavailableReason { w.append("counters unavailable: \(why)") }
    return w
  }
}
