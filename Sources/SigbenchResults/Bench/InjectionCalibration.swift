/// How a `time=P` injection was set up in one strategy × lane, and the change it made there
/// (recorded with the figures, `LaneFigures.injection`).
public struct InjectionCalibration: Codable, Hashable, Sendable {
  /// The asked change of the strategy's batched per-point median, percent.
  public var targetPercent: Double
  /// Pushes per timed wait (`InjectedWork.window`).
  public var window: Int
  /// Ticks one read of the tick counter costs, taken off every wait.
  public var readTicks: Double
  /// Ticks taken off every wait for the fixed costs around it, found from `firstPercent`.
  public var offsetTicks: Double
  /// The change before the offset was set, percent (median over `pairs` interleaved pairs of
  /// batched passes of T(on) / T(off) − 1).
  public var firstPercent: Double
  /// The change with the offset, measured the same way in this process before the timed
  /// passes, percent.
  public var measuredPercent: Double
  public var pairs: Int

  public init(
    targetPercent: Double, window: Int, readTicks: Double, offsetTicks: Double,
    firstPercent: Double, measuredPercent: Double, pairs: Int
  ) {
    self.targetPercent = targetPercent
    self.window = window
    self.readTicks = readTicks
    self.offsetTicks = offsetTicks
    self.firstPercent = firstPercent
    self.measuredPercent = measuredPercent
    self.pairs = pairs
  }
}
