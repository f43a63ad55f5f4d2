/// Order statistics over a sample of measurements.
///
/// Percentiles use the nearest-rank definition on the sorted sample: the p-th percentile is
/// the value at rank ⌈p/100 · n⌉ (1-based), so p50 of [1, 2, 3, 4] is 2 and p100 is the max.
/// Every reported figure is an observed value, never an interpolation.
public enum Percentiles {
  /// The median of `values` (any order): the middle value, or the mean of the two middle
  /// values for an even count; `nil` when empty.
  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let s = values.sorted()
    let n = s.count
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
  }

  /// The nearest-rank `p`-th percentile (0 < p ≤ 100) of an ascending `sorted` sample.
  public static func nearestRank(_ sorted: [Double], _ p: Double) -> Double? {
    guard !sorted.isEmpty, p > 0, p <= 100 else { return nil }
    // The small epsilon keeps p·n/100 from rounding up past an exact rank (99.9 · 1000).
    let rank = Int((p * Double(sorted.count) / 100 - 1e-9).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
  }

  /// The smallest sample size for which the `p`-th percentile rests on at least `tail`
  /// observations beyond it (e.g. p99 needs 1,000 samples for 10 in the tail).
  public static func minimumCount(for p: Double, tail: Int = 10) -> Int {
    Int((Double(tail) / (1 - p / 100)).rounded(.up))
  }
}

/// p50, p90, p99, p99.9, max, mean, MAD and count of one set of per-point latencies, nanoseconds.
public struct LatencySummary: Codable, Hashable, Sendable {
  public var count: Int
  public var p50: Double
  public var p90: Double
  public var p99: Double
  public var p999: Double
  public var max: Double
  public var mean: Double
  /// Median absolute deviation from p50 (nearest-rank median of |x − p50|), unscaled; `nil` in
  /// files written before it was added.
  public var mad: Double?
  /// Percentiles that rest on fewer than 10 observations beyond them ("p99", "p99.9").
  public var thinPercentiles: [String]
  /// Smallest value, first and third quartile (for box plots); `nil` in older files.
  public var min: Double?
  public var p25: Double?
  public var p75: Double?

  /// Summarises `values` (any order); `nil` when empty.
  public init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let s = values.sorted()
    count = s.count
    p50 = Percentiles.nearestRank(s, 50)!
    p90 = Percentiles.nearestRank(s, 90)!
    p99 = Percentiles.nearestRank(s, 99)!
    p999 = Percentiles.nearestRank(s, 99.9)!
    max = s.last!
    mean = s.reduce(0, +) / Double(s.count)
    min = s.first
    p25 = Percentiles.nearestRank(s, 25)
    p75 = Percentiles.nearestRank(s, 75)
    let median = p50
    mad = Percentiles.nearestRank(s.map { abs($0 - median) }.sorted(), 50)
    var thin: [String] = []
    for (name, p) in [("p90", 90.0), ("p99", 99.0), ("p99.9", 99.9)]
    where s.count < Percentiles.minimumCount(for: p) {
      thin.append(name)
    }
    thinPercentiles = thin
  }

  public init(
    count: Int, p50: Double, p90: Double, p99: Double, p999: Double, max: Double, mean: Double,
    mad: Double? = nil, thinPercentiles: [String], min: Double? = nil, p25: Double? = nil,
    p75: Double? = nil
  ) {
    self.count = count
    self.p50 = p50
    self.p90 = p90
    self.p99 = p99
    self.p999 = p999
    self.max = max
    self.mean = mean
    self.mad = mad
    self.thinPercentiles = thinPercentiles
    self.min = min
    self.p25 = p25
    self.p75 = p75
  }
}
