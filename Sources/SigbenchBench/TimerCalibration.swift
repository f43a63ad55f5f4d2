/// What the timer itself costs and resolves, measured before every run and stated beside every
/// figure: per-point latencies include one clock read's overhead.
public struct TimerCalibration: Codable, Hashable, Sendable {
  /// Name of the clock.
  public var clock: String
  /// Advertised resolution, ns.
  public var resolutionNs: Double
  /// Smallest non-zero difference between consecutive reads, ns.
  public var smallestStepNs: Double
  /// Median cost of an empty bracket (two reads with only the sink between), ns: the floor
  /// under every per-point figure.
  public var overheadNs: Double
  /// 99th percentile of the empty bracket, ns.
  public var overheadP99Ns: Double

  public init(
    clock: String, resolutionNs: Double, smallestStepNs: Double, overheadNs: Double,
    overheadP99Ns: Double
  ) {
    self.clock = clock
    self.resolutionNs = resolutionNs
    self.smallestStepNs = smallestStepNs
    self.overheadNs = overheadNs
    self.overheadP99Ns = overheadP99Ns
  }

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
