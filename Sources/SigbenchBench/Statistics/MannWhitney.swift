import Foundation
import SigbenchResults

/// The Mann–Whitney U test (Wilcoxon rank-sum test), two-sided, for two independent samples.
///
/// Used by the gate on process-level replicates (one figure per worker process per side),
/// a non-parametric comparison that assumes no normality of benchmark figures (Mann & Whitney
/// 1947; Go's golang.org/x/perf benchmath and Google Benchmark's `tools/compare.py` use it
/// too).
///
/// - U is the statistic of the first sample: the number of pairs (x, y) with x > y, ties
///   counting one half. U + U' = m·n.
/// - **Exact p-value** when there are no ties and m·n ≤ `exactLimit` (900, e.g. up to 30 per
///   side): the null distribution of U is counted exactly with the recurrence
///   N(u; m, n) = N(u − n; m − 1, n) + N(u; m, n − 1), and p = 2 · P(U ≤ min(U, U')), capped
///   at 1.
/// - **Normal approximation** otherwise (ties, or larger samples): z = (|U − mn/2| − 0.5) / σ
///   with continuity correction and the tie-corrected variance
///   σ² = mn/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))), N = m + n, t the size of each tie group.
///   When every value is tied (σ = 0) the p-value is 1.
///
/// - Complexity: O(N log N) for ranks; exact counting O(m · n · m · n) at worst, cached per
///   call (fine for replicate counts of tens).
public enum MannWhitney {
  /// The outcome of one test.
  public typealias Result = MannWhitneyResult

  /// Largest m·n for which the exact distribution is used.
  public static let exactLimit = 900

  /// Tests `x` against `y`; `nil` when either is empty or a value is not finite.
  public static func test(_ x: [Double], _ y: [Double]) -> Result? {
    let m = x.count
    let n = y.count
    guard m > 0, n > 0, (x + y).allSatisfy(\.isFinite) else { return nil }
    let ranked = ranks(x + y)
    let r1 = ranked.ranks[0..<m].reduce(0, +)
    let u = r1 - Double(m * (m + 1)) / 2
    let mn = Double(m * n)
    if !ranked.hasTies && m * n <= exactLimit {
      let small = Int(min(u, mn - u).rounded())
      let counts = exactCounts(m: m, n: n)
      let total = counts.reduce(0, +)
      let tail = counts[0...small].reduce(0, +)
      return Result(u: u, p: min(1, 2 * tail / total), method: "exact")
    }
    let bigN = Double(m + n)
    let tieTerm = ranked.tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) }
    let variance = mn / 12 * ((bigN + 1) - tieTerm / (bigN * (bigN - 1)))
    let method = "normal approximation (tie- and continuity-corrected)"
    guard variance > 0 else { return Result(u: u, p: 1, method: method) }
    let z = max(0, abs(u - mn / 2) - 0.5) / variance.squareRoot()
    return Result(u: u, p: min(1, 2 * normalUpperTail(z)), method: method)
  }

  /// Mid-ranks (1-based; tied values share the mean of their ranks) in input order, whether
  /// any ties occurred, and the size of every tie group larger than one.
  public static func ranks(_ values: [Double]) -> (
    ranks: [Double], hasTies: Bool, tieGroups: [Int]
  ) {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var result = [Double](repeating: 0, count: values.count)
    var groups: [Int] = []
    var i = 0
    while i < order.count {
      var j = i
      while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
      let mid = Double(i + j + 2) / 2
      for k in i...j { result[order[k]] = mid }
      if j > i { groups.append(j - i + 1) }
      i = j + 1
    }
    return (result, !groups.isEmpty, groups)
  }

  /// Number of arrangements giving each U = 0…m·n under the null hypothesis (as Doubles: for
  /// 30 + 30 the total C(60, 30) ≈ 1.2e17 nears UInt64's range, and only ratios matter).
  static func exactCounts(m: Int, n: Int) -> [Double] {
    // table[a][b] = distribution for sizes (a, b); built bottom-up.
    var table = [[[Double]]](repeating: [[Double]](repeating: [], count: n + 1), count: m + 1)
    for a in 0...m {
      for b in 0...n {
        if a == 0 || b == 0 {
          table[a][b] = [1]
          continue
        }
        var d = [Double](repeating: 0, count: a * b + 1)
        let left = table[a - 1][b]  // the largest value is in x: it beats all b of y
        for (u, c) in left.enumerated() { d[u + b] += c }
        let right = table[a][b - 1]  // the largest value is in y
        for (u, c) in right.enumerated() { d[u] += c }
        table[a][b] = d
      }
    }
    return table[m][n]
  }

  /// P(Z > z) for a standard normal Z, through the complementary error function.
  static func normalUpperTail(_ z: Double) -> Double {
    0.5 * erfc(z / 2.0.squareRoot())
  }
}
