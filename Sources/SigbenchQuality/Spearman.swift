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
    guard x.count == y.count, x.count >= 3, x.allSatisfy({ $0.isFinite }),
      y.allSatisfy({ $0.isFinite })
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
  ///
  /// Sorts (value, index) pairs, so a comparison reads the pair itself rather than the values
  /// through an index; equal values may end in any order, and they share one rank anyway.
  public static func ranks(_ values: [Double]) -> [Double] {
    let n = values.count
    var order = [(value: Double, index: Int)](unsafeUninitializedCapacity: n) { out, count in
      values.withUnsafeBufferPointer { v in
        for i in 0..<n { out[i] = (v[i], i) }
      }
      count = n
    }
    order.sort { $0.value < $1.value }
    return [Double](unsafeUninitializedCapacity: n) { result, count in
      order.withUnsafeBufferPointer { o in
        var i = 0
        while i < n {
          var j = i
          while j + 1 < n, o[j + 1].value == o[i].value { j += 1 }
          let rank = Double(i + j) / 2 + 1
          for k in i...j { result[o[k].index] = rank }
          i = j + 1
        }
      }
      count = n
    }
  }
}
