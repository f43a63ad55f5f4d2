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
  /// What the null smoother costs through the benchmark's driver in this process (`smooth`
  /// lane only; `nil` when that lane was not timed, and in results written before it existed).
  public var floor: HarnessFloor?

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

}
