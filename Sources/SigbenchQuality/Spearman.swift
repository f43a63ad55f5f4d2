/// Spearman's rank correlation: the Pearson correlation of the ranks of two paired samples,
/// with tied values given the mean of the ranks they span (Spearman 1904; the usual "average"
/// tie rule, as in SciPy 1.11 `scipy.stats.spearmanr`).
///
/// 1 when one value rises whenever the other does, −1 when it falls, about 0 without a
/// monotone relation.
public enum Spearman {
  /// ρ in [−1, 1] of the pairs (x[i], y[i]); `nil` with fewer than 3 pairs, different counts,
  /// a non-finite value, or a side whose values are all equal (no ranking to correlate).
  ///
  /// - Complexity: O(n log n).
  public static func correlation(_ x: [Double], _ y: [Double]) -> Double? {
    guard x.count == y.count, x.count >= 3, x.allSatisfy(\.isFinite), y.allSatisfy(\.isFinite)
    else { return nil }
    let rx = ranks(x)
    let ry = ranks(y)
    let mean = Double(x.count + 1) / 2
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for i in rx.indices {
      let a = rx[i] - mean
      let b = ry[i] - mean
      sxy += a * b
      sxx += a * a
      syy += b * b
    }
    guard sxx > 0, syy > 0 else { return nil }
    return min(1, max(-1, sxy / (sxx * syy).squareRoot()))
  }

  /// 1-based ranks of `values`, ties sharing the mean of their ranks.
  public static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var result = [Double](repeating: 0, count: values.count)
    var i = 0
    while i < order.count {
      var j = i
      while j + 1 < order.count, values[order[j + 1]] == values[order[i]] { j += 1 }
      let rank = Double(i + j) / 2 + 1
      for k in i...j { result[order[k]] = rank }
      i = j + 1
    }
    return result
  }
}
