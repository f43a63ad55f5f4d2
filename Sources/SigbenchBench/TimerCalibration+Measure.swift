import SigbenchResults

extension TimerCalibration {
  /// Measures the clock with `rounds` empty brackets.
  public static func measure(rounds: Int = 200_000) -> TimerCalibration {
    var brackets: [Double] = []
    brackets.reserveCapacity(rounds)
    var smallest = UInt64.max
    for _ in 0..<rounds {
      let a = MonotonicClock.now()
      BlackHole.consume(a)
      let b = MonotonicClock.now()
      brackets.append(Double(b &- a))
      if b > a { smallest = min(smallest, b - a) }
    }
    let summary = LatencySummary(brackets)!
    return TimerCalibration(
      clock: "CLOCK_MONOTONIC (clock_gettime, vDSO)",
      resolutionNs: Double(MonotonicClock.resolution),
      smallestStepNs: smallest == .max ? 0 : Double(smallest), overheadNs: summary.p50,
      overheadP99Ns: summary.p99)
  }
}
