/// A point estimate with its percentile-bootstrap interval (see `Bootstrap` in SigbenchBench).
public struct BootstrapInterval: Codable, Hashable, Sendable {
  public var estimate: Double
  public var lower: Double
  public var upper: Double
  /// Confidence level, e.g. 0.95.
  public var level: Double
  public var resamples: Int
  public var seed: UInt64

  public init(
    estimate: Double, lower: Double, upper: Double, level: Double, resamples: Int, seed: UInt64
  ) {
    self.estimate = estimate
    self.lower = lower
    self.upper = upper
    self.level = level
    self.resamples = resamples
    self.seed = seed
  }
}
