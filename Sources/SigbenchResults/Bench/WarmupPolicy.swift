/// When warm-up is over (verified, not assumed): discard at least `discardedPasses` full
/// untimed replays, then run batched passes until the medians of two consecutive passes differ
/// by less than `tolerance` (relative), at most `maxCheckedPasses` passes or `maxSeconds`.
/// A warm-up that never settles is reported (`WarmupReport.converged == false`) and warned
/// about, never hidden.
public struct WarmupPolicy: Codable, Hashable, Sendable {
  public var discardedPasses: Int = 1
  public var tolerance: Double = 0.01
  public var maxCheckedPasses: Int = 8
  public var maxSeconds: Double = 0.5

  public init(
    discardedPasses: Int = 1, tolerance: Double = 0.01, maxCheckedPasses: Int = 8,
    maxSeconds: Double = 0.5
  ) {
    self.discardedPasses = discardedPasses
    self.tolerance = tolerance
    self.maxCheckedPasses = maxCheckedPasses
    self.maxSeconds = maxSeconds
  }

  /// True when the last two medians agree within the tolerance.
  public func settled(_ medians: [Double]) -> Bool {
    guard medians.count >= 2 else { return false }
    let a = medians[medians.count - 2]
    let b = medians[medians.count - 1]
    guard a > 0 else { return false }
    return abs(b - a) / a < tolerance
  }
}
