/// The benchmark's floor in one process: the null smoother (`NullSmoother`, which does no work)
/// timed through the same driver, brackets and passes as every strategy in the `smooth` lane.
/// Every `smooth` figure of that process includes this much besides the strategy's own work:
/// the clock read(s), the driver's loop, the output's reset and the call into the strategy.
public struct HarnessFloor: Codable, Hashable, Sendable {
  /// Steady-state single brackets (one clock read included), median and 99th percentile, ns.
  public var singleP50Ns: Double
  public var singleP99Ns: Double
  /// Batched brackets (the read shared by a batch) divided by the batch size, median, ns.
  public var batchedP50Ns: Double

  public init(singleP50Ns: Double, singleP99Ns: Double, batchedP50Ns: Double) {
    self.singleP50Ns = singleP50Ns
    self.singleP99Ns = singleP99Ns
    self.batchedP50Ns = batchedP50Ns
  }

  /// The median over processes of each figure of the processes' floors; `nil` when none
  /// measured one.
  public static func median(_ timers: [TimerCalibration]) -> HarnessFloor? {
    let floors = timers.compactMap(\.floor)
    guard let single = Percentiles.median(floors.map(\.singleP50Ns)),
      let tail = Percentiles.median(floors.map(\.singleP99Ns)),
      let batched = Percentiles.median(floors.map(\.batchedP50Ns))
    else { return nil }
    return HarnessFloor(singleP50Ns: single, singleP99Ns: tail, batchedP50Ns: batched)
  }

  /// Above this ratio of the slowest process's floor to the fastest's, the processes of a run
  /// ran at different speeds. The floor does no work, so its spread is the machine's alone; on
  /// the 2-core Intel Xeon VM a process keeps one of two speeds for its life (floors about
  /// 39–47 ns and 48–67 ns in the same runs), and every strategy's figures follow its
  /// process's speed.
  public static let unevenRatio = 1.25

  /// The processes of a run split by speed: `fast` the indices of those whose floor (steady
  /// single p50) is within `unevenRatio` of the fastest's, `others` the rest, both in process
  /// order; `nil` when the slowest is within the ratio too or fewer than two measured a floor.
  public static func speedGroups(_ timers: [TimerCalibration]) -> (fast: [Int], others: [Int])? {
    let floors = timers.enumerated().compactMap { i, t in t.floor.map { (i, $0.singleP50Ns) } }
    guard floors.count >= 2, let lo = floors.map(\.1).min(), let hi = floors.map(\.1).max(),
      lo > 0, hi / lo > unevenRatio
    else { return nil }
    return (
      floors.filter { $0.1 <= lo * unevenRatio }.map(\.0),
      floors.filter { $0.1 > lo * unevenRatio }.map(\.0)
    )
  }
}
