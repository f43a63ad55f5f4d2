import SigbenchCore

/// Finds steps (change points in the mean level) in a series of benchmark figures with the
/// E-divisive means method of Matteson & James, "A Nonparametric Approach for Multiple Change
/// Point Analysis of Multivariate Data", JASA 109(505), 2014 — the method MongoDB uses on its CI
/// performance data (Daly et al., "The Use of Change Point Detection to Identify Software
/// Performance Regressions in a Continuous Integration System", ICPE 2020).
///
/// For a segment x₀…xₙ₋₁ and a split τ into X = x[0..<τ] (m points) and Y = x[τ..<n] (k points),
/// with exponent α = 1, the divergence
///
///     Ê = 2/(mk) Σ|xᵢ − yⱼ| − 1/C(m,2) Σ|xᵢ − xₗ| − 1/C(k,2) Σ|yⱼ − yₗ|
///
/// is scaled to Q̂(τ) = mk/(m + k) · Ê; the split with the largest Q̂ is the candidate. Its
/// significance is a permutation test: the segment is shuffled `permutations` times and the
/// candidate kept when p = (1 + #{shuffled max Q̂ ≥ observed}) / (1 + permutations) ≤ `alpha`;
/// permutations stop as soon as the test can no longer pass (Besag & Clifford's sequential
/// Monte Carlo p-value, Biometrika 1991). Accepted change points split their segment and the
/// search repeats on every segment (bisection, as in the paper) until a candidate fails.
///
/// Simplification: the right end of Y is the end of the segment being split (the paper also
/// searches it); `minimumSize` points on each side of a split; a segment whose values are all
/// equal (to 12 significant digits, `isFlat`) is never split.
///
/// - Complexity: O(n log n) per evaluation of Q̂ over all splits of an n-point segment
///   (`SplitStatistic`), so O((1 + permutations) · n log n) per accepted step, and at least one
///   test per series; a test that cannot pass stops early.
public struct StepDetector: Sendable {
  /// Significance level of each permutation test.
  public var alpha: Double
  /// Shuffles per test (199 with α = 0.005: a test passes only when no shuffle reaches the
  /// observed statistic).
  public var permutations: Int
  /// Points on each side of a step, at least 2.
  public var minimumSize: Int
  /// Seed of the shuffles (SplitMix64), so a result can be replayed.
  public var seed: UInt64

  public init(
    alpha: Double = 0.005, permutations: Int = 199, minimumSize: Int = 3, seed: UInt64 = 1
  ) {
    self.alpha = alpha
    self.permutations = permutations
    self.minimumSize = max(2, minimumSize)
    self.seed = seed
  }

  /// One accepted change point: the index of the first point after the step.
  public struct ChangePoint: Hashable, Sendable {
    public var index: Int
    /// The permutation p-value of the test that accepted it.
    public var pValue: Double
  }

  /// Every accepted change point of `values`, ascending by index.
  public func changePoints(_ values: [Double]) -> [ChangePoint] {
    var rng = SplitMix64(seed: seed)
    var found: [ChangePoint] = []
    var bounds = [0, values.count]
    while true {
      // The candidate with the largest Q̂ over all current segments.
      var best: (lo: Int, hi: Int, tau: Int, q: Double)?
      for i in 0..<(bounds.count - 1) {
        let (lo, hi) = (bounds[i], bounds[i + 1])
        guard !StepDetector.isFlat(values[lo..<hi]),
          let c = StepDetector.bestSplit(Array(values[lo..<hi]), minimumSize: minimumSize)
        else { continue }
        if best == nil || c.q > best!.q { best = (lo, hi, lo + c.tau, c.q) }
      }
      guard let b = best, b.q > 0 else { break }
      guard let p = test(Array(values[b.lo..<b.hi]), observed: b.q, rng: &rng) else { break }
      found.append(ChangePoint(index: b.tau, pValue: p))
      bounds.append(b.tau)
      bounds.sort()
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The permutation p-value of `observed` when it is significant, else `nil`.
  func test(_ segment: [Double], observed: Double, rng: inout SplitMix64) -> Double? {
    // Significant iff exceedances ≤ allowed: (1 + allowed) / (1 + R) ≤ α.
    let allowed = Int((alpha * Double(permutations + 1)).rounded(.down)) - 1
    guard allowed >= 0 else { return nil }
    let statistic = SplitStatistic(segment)
    var order = Array(0..<segment.count)
    var exceed = 0
    for _ in 0..<permutations {
      order.shuffle(using: &rng)
      if let c = statistic.best(order, minimumSize: minimumSize), c.q >= observed {
        exceed += 1
        if exceed > allowed { return nil }
      }
    }
    return Double(1 + exceed) / Double(1 + permutations)
  }

  /// Whether every value of `x` is the same to 12 significant digits. Such a segment has no
  /// step, but its Q̂, computed from prefix sums of sorted values, is rounding noise (about
  /// 1e-15 of the values) rather than exactly 0, and the permutation test would accept it: a
  /// quality figure that never changed showed a "+0.0 %" step at p = 0.005.
  static func isFlat(_ x: ArraySlice<Double>) -> Bool {
    guard let low = x.min(), let high = x.max() else { return true }
    return high - low <= 1e-12 * max(abs(low), abs(high))
  }

  /// The split of `x` with the largest Q̂ (α = 1), `nil` when `x` is too short to split.
  static func bestSplit(_ x: [Double], minimumSize: Int) -> (tau: Int, q: Double)? {
    SplitStatistic(x).best(Array(0..<x.count), minimumSize: minimumSize)
  }
}
