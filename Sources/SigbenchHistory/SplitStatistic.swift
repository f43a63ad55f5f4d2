/// E-divisive's split statistic Q̂(τ) (exponent α = 1) for every split of one segment, in any
/// order of its values: the segment's values and ranks are prepared once, and each order (the
/// observed one, then every shuffle of the permutation test) costs O(n log n).
///
/// Moving the point at position t from the right part to the left changes the within-left sum
/// by rₗ = Σ_{i<t} |xₜ − xᵢ|, the within-right sum by −rᵣ (its distances to the points after
/// it) and the between sum by rᵣ − rₗ. rₗ comes from a Fenwick tree over value ranks (count
/// and sum of the earlier values below xₜ), and rᵣ = (xₜ's distances to all points) − rₗ, where
/// the distances to all points come from prefix sums of the sorted values.
struct SplitStatistic {
  let values: [Double]
  let ranks: [Int]
  /// Σⱼ |xᵢ − xⱼ| over the whole segment, per point.
  let rowTotals: [Double]
  /// Σ_{i<j} |xᵢ − xⱼ|.
  let total: Double

  /// - Complexity: O(n log n).
  init(_ x: [Double]) {
    let n = x.count
    let order = x.indices.sorted { x[$0] < x[$1] }
    var ranks = [Int](repeating: 0, count: n)
    var prefix = [Double](repeating: 0, count: n + 1)
    for (r, i) in order.enumerated() {
      ranks[i] = r
      prefix[r + 1] = prefix[r] + x[i]
    }
    var rows = [Double](repeating: 0, count: n)
    var sum = 0.0
    for i in 0..<n {
      let r = ranks[i]
      let v = x[i]
      let below = Double(r) * v - prefix[r]
      let above = (prefix[n] - prefix[r + 1]) - Double(n - r - 1) * v
      rows[i] = below + above
      sum += rows[i]
    }
    values = x
    self.ranks = ranks
    rowTotals = rows
    total = sum / 2
  }

  /// The split with the largest Q̂ when the values are taken in `order` (indices into the
  /// segment); `nil` when fewer than 2 · `minimumSize` values.
  ///
  /// - Complexity: O(n log n).
  func best(_ order: [Int], minimumSize: Int) -> (tau: Int, q: Double)? {
    let n = values.count
    guard n >= 2 * minimumSize else { return nil }
    var count = [Int](repeating: 0, count: n + 1)
    var sums = [Double](repeating: 0, count: n + 1)
    var left = 0.0
    var right = total
    var between = 0.0
    var inserted = 0.0
    var bestTau = -1
    var bestQ = -Double.infinity
    count.withUnsafeMutableBufferPointer { cnt in
      sums.withUnsafeMutableBufferPointer { sm in
        values.withUnsafeBufferPointer { v in
          ranks.withUnsafeBufferPointer { rk in
            rowTotals.withUnsafeBufferPointer { rows in
              order.withUnsafeBufferPointer { o in
                var t = 0
                while t < n - 1 {
                  let i = o[t]
                  let a = v[i]
                  let r = rk[i]
                  // Earlier values of lower rank: count and sum (Fenwick prefix query).
                  var c = 0
                  var s = 0.0
                  var k = r
                  while k > 0 {
                    c += cnt[k]
                    s += sm[k]
                    k -= k & -k
                  }
                  let ca = Double(c)
                  let rl = ca * a - s + (inserted - s) - (Double(t) - ca) * a
                  let rr = rows[i] - rl
                  k = r + 1
                  while k <= n {
                    cnt[k] += 1
                    sm[k] += a
                    k += k & -k
                  }
                  inserted += a
                  left += rl
                  right -= rr
                  between += rr - rl
                  let tau = t + 1
                  if tau >= minimumSize && n - tau >= minimumSize {
                    let m = Double(tau)
                    let q2 = Double(n - tau)
                    let e =
                      2 * between / (m * q2) - left / (m * (m - 1) / 2) - right
                      / (q2 * (q2 - 1) / 2)
                    let q = m * q2 / (m + q2) * e
                    if q > bestQ {
                      bestQ = q
                      bestTau = tau
                    }
                  }
                  t += 1
                }
              }
            }
          }
        }
      }
    }
    return bestTau < 0 ? nil : (bestTau, bestQ)
  }
}
