import SigbenchCore
import SigbenchResults

/// Seeded percentile-bootstrap confidence intervals for the ratio of two medians.
///
/// The gate's effect size: for replicate figures `head` and `base` (one per process), the ratio
/// median(head) / median(base), and an interval from `resamples` bootstrap replicates that
/// resample each side with replacement independently (percentile method: the α/2 and 1 − α/2
/// quantiles of the resampled ratios, nearest rank). The default is 10,000 resamples;
/// criterion.rs (0.7) uses 100,000 on its own figures.
///
/// Deterministic: the same inputs and seed give the same interval.
///
/// - Complexity: O(resamples · (m log m + n log n)).
public enum Bootstrap {
  /// A point estimate with its interval.
  public typealias Interval = BootstrapInterval

  /// Median of `values` (the mean of the two middle values for an even count); `nil` if empty.
  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let s = values.sorted()
    let mid = s.count / 2
    return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
  }

  /// The interval of median(head) / median(base); `nil` when a side is empty or a base median
  /// is not positive.
  public static func medianRatio(
    head: [Double], base: [Double], level: Double = 0.95, resamples: Int = 10_000,
    seed: UInt64 = 0x5167_BE4C
  ) -> Interval? {
    guard let mh = median(head), let mb = median(base), mb > 0, resamples > 0,
      level > 0, level < 1
    else { return nil }
    var rng = SeededGenerator(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var h = head
    var b = base
    for _ in 0..<resamples {
      for i in h.indices { h[i] = head[rng.index(head.count)] }
      for i in b.indices { b[i] = base[rng.index(base.count)] }
      let rb = median(b)!
      guard rb > 0 else { continue }
      ratios.append(median(h)! / rb)
    }
    guard !ratios.isEmpty else { return nil }
    ratios.sort()
    let tail = (1 - level) / 2 * 100
    return Interval(
      estimate: mh / mb, lower: Percentiles.nearestRank(ratios, max(tail, 1e-9))!,
      upper: Percentiles.nearestRank(ratios, 100 - tail)!, level: level, resamples: resamples,
      seed: seed)
  }
}

/// The bootstrap's and the gate's seeded generator: Core's SplitMix64, so every interval and
/// worker schedule can be replayed from its seed.
public typealias SeededGenerator = SplitMix64
