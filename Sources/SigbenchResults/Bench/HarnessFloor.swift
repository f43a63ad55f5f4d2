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

}
