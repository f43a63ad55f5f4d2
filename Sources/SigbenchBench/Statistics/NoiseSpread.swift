import Foundation
import SigbenchCore
import SigbenchResults

/// The A/A noise of the gate's effect size, and what it means for thresholds: the effective
/// threshold is max(configured threshold, 3 × A/A spread), and the minimum detectable change
/// is reported per comparison from the same A/A data.
///
/// The gate compares median(head) / median(base) over per-process figures. Under A/A (one build
/// against itself) every process figure comes from the same distribution, so the spread of that
/// ratio for a gate with m head and n base processes can be read off A/A processes directly:
/// draw two disjoint sides of m and n from the pooled A/A figures (without replacement when
/// the pool holds m + n, else with replacement), take the ratio of their medians, repeat; the
/// spread is the root mean square of ratio − 1 (its expectation is 1 by symmetry, so this is
/// its standard deviation, with any skew from a bimodal pool kept in). No normality is
/// assumed of the process figures themselves (this VM's are bimodal).
///
/// Deterministic: the same values, sizes and seed give the same spread.
///
/// - Complexity: O(draws · (m log m + n log n)).
public enum NoiseSpread {
  /// How many spreads the noise floor puts under the threshold: 3 (≈ 0.13 % one-sided under a
  /// normal model, below the ≤ 1 % false-positive target per run).
  public static let thresholdMultiplier = 3.0
  /// Power at which the minimum detectable change is quoted: 80 %.
  public static let power = 0.8
  /// Random splits per spread.
  public static let draws = 2_000

  /// Spread of median(A) / median(B) for sides of `headCount` and `baseCount` processes drawn
  /// from the A/A figures `values`; `nil` with fewer than 4 values, non-positive sizes, or a
  /// non-positive or non-finite value.
  public static func ratioSpread(
    _ values: [Double], headCount: Int, baseCount: Int, draws: Int = NoiseSpread.draws,
    seed: UInt64
  ) -> Double? {
    guard values.count >= 4, headCount > 0, baseCount > 0, draws > 0,
      values.allSatisfy({ $0.isFinite && $0 > 0 })
    else { return nil }
    var rng = SeededGenerator(seed: seed)
    let disjoint = headCount + baseCount <= values.count
    var pool = values
    var a = [Double](repeating: 0, count: headCount)
    var b = [Double](repeating: 0, count: baseCount)
    var sum = 0.0
    for _ in 0..<draws {
      if disjoint {
        // A partial Fisher–Yates shuffle: the first m + n entries are a random draw.
        for i in 0..<(headCount + baseCount) {
          pool.swapAt(i, i + rng.index(pool.count - i))
        }
        for i in 0..<headCount { a[i] = pool[i] }
        for i in 0..<baseCount { b[i] = pool[headCount + i] }
      } else {
        for i in 0..<headCount { a[i] = values[rng.index(values.count)] }
        for i in 0..<baseCount { b[i] = values[rng.index(values.count)] }
      }
      let r = Bootstrap.median(a)! / Bootstrap.median(b)! - 1
      sum += r * r
    }
    return (sum / Double(draws)).squareRoot()
  }

  /// The threshold a comparison uses: `configured` (relative, absolute part folded in) or the
  /// noise floor `thresholdMultiplier` × `spread`, whichever is larger; `fromNoise` says which.
  public static func threshold(configured: Double, spread: Double?) -> (
    value: Double, fromNoise: Bool
  ) {
    guard let spread, spread.isFinite else { return (configured, false) }
    let floor = thresholdMultiplier * spread
    return floor > configured ? (floor, true) : (configured, false)
  }

  /// The smallest true change flagged "regressed" with probability `power`: the whole interval
  /// must clear 1 + `threshold`, so the estimate must exceed it by z((1 + confidence) / 2)
  /// spreads, and does so with probability `power` once the true change is
  /// threshold + (z((1 + confidence) / 2) + z(power)) · spread (normal model of the ratio).
  /// Fraction, e.g. 0.05.
  public static func minimumDetectableChange(
    threshold: Double, spread: Double, confidence: Double, power: Double = NoiseSpread.power
  ) -> Double {
    threshold + (normalQuantile((1 + confidence) / 2) + normalQuantile(power)) * spread
  }

  /// The standard normal quantile (inverse CDF) for p in (0, 1), by bisection on erfc to
  /// ~1e-12.
  public static func normalQuantile(_ p: Double) -> Double {
    guard p > 0, p < 1 else { return p <= 0 ? -.infinity : .infinity }
    var lo = -40.0
    var hi = 40.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if 0.5 * erfc(-mid / 2.0.squareRoot()) < p { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
