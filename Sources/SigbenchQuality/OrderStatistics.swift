/// Mean, nearest-rank percentiles and maximum of a set of values, the way every quality figure
/// summarises its distribution.
///
/// Percentiles use the nearest-rank definition, like the latency figures
/// (`Percentiles.nearestRank` in SigbenchResults): the p-th percentile of n values is the
/// value at rank ⌈p/100 · n⌉ (1-based) in ascending order, so it is always an observed value.
/// It is found by selection (Hoare's quickselect with a median-of-three pivot) instead of a
/// full sort.
struct OrderStatistics: Sendable, Equatable {
  var count: Int
  var mean: Double
  /// The median, when it was asked for (`withMedian`): the only figures that report one are
  /// the join turns, so the large distance lists skip a second selection.
  var p50: Double?
  var p95: Double
  var max: Double

  /// The summary of `values` (any order), the median only `withMedian`; `nil` when empty.
  ///
  /// - Complexity: O(n) expected.
  init?(_ values: [Double], withMedian: Bool = false) {
    guard !values.isEmpty else { return nil }
    var sum = 0.0
    var largest = -Double.infinity
    var ordered = true
    for v in values {
      sum += v
      largest = Swift.max(largest, v)
      // Neither NaN nor −0 (which equals +0, so a selection may return either).
      ordered = ordered && (v != 0 ? !v.isNaN : v.bitPattern == 0)
    }
    count = values.count
    mean = sum / Double(values.count)
    max = largest
    let rank95 = OrderStatistics.rank(95, of: values.count)
    if !withMedian && ordered {
      // Without NaN and −0 the values are totally ordered, so any correct selection gives the
      // same value, to the bit: the top 5 % kept in a heap costs less than a quickselect over
      // all of them.
      p95 = OrderStatistics.selectHigh(values, rank: rank95)
      p50 = nil
      return
    }
    var work = values
    p95 = OrderStatistics.select(&work, rank: rank95)
    // Selection leaves every smaller value before rank 95's (and every larger one after it),
    // so the median is found among those alone.
    p50 =
      withMedian
      ? OrderStatistics.select(
        &work, rank: OrderStatistics.rank(50, of: values.count), within: rank95) : nil
  }

  /// The 1-based nearest rank of the `p`-th percentile (0 < p ≤ 100) of `n` values.
  static func rank(_ p: Double, of n: Int) -> Int {
    // The small epsilon keeps p·n/100 from rounding up past an exact rank.
    Swift.min(n, Swift.max(1, Int((p * Double(n) / 100 - 1e-9).rounded(.up))))
  }

  /// The value of 1-based `rank` in ascending order of `values`, which hold no NaN: the
  /// n − rank + 1 largest values kept in a min-heap, whose least is the answer. For a rank
  /// near the top (the 95th percentile: k = n/20 kept) most values are compared with the
  /// heap's least once and dropped, a branch that is nearly always predicted, where a
  /// quickselect's partition branches at random on every value.
  ///
  /// - Complexity: O(n + k log k · log(n/k)) expected for k = n − rank + 1 (values in random
  ///   order); O(n log k) at worst.
  static func selectHigh(_ values: [Double], rank: Int) -> Double {
    let n = values.count
    let k = n - rank + 1
    precondition(rank >= 1 && k >= 1, "rank in 1...n")
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { heap in
      values.withUnsafeBufferPointer { v in
        for i in 0..<k { heap[i] = v[i] }
        var i = k / 2
        while i > 0 {
          i -= 1
          siftDown(heap, i, k)
        }
        for j in k..<n where v[j] > heap[0] {
          heap[0] = v[j]
          siftDown(heap, 0, k)
        }
      }
      return heap[0]
    }
  }

  /// Restores the min-heap order of `heap[0..<count]` below `i`.
  @inline(__always) private static func siftDown(
    _ heap: UnsafeMutableBufferPointer<Double>, _ i: Int, _ count: Int
  ) {
    var i = i
    let item = heap[i]
    while true {
      var c = 2 * i + 1
      guard c < count else { break }
      if c + 1 < count, heap[c + 1] < heap[c] { c += 1 }
      guard heap[c] < item else { break }
      heap[i] = heap[c]
      i = c
    }
    heap[i] = item
  }

  /// The value of 1-based `rank` in ascending order, looking at the first `count` values
  /// only (all by default); reorders them so that every value before the rank's position is
  /// no larger and every one after it no smaller.
  ///
  /// - Complexity: O(n) expected.
  static func select(_ values: inout [Double], rank: Int, within count: Int? = nil) -> Double {
    let k = rank - 1
    var lo = 0
    var hi = (count ?? values.count) - 1
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      // Median of three as the pivot.
      if values[mid] < values[lo] { values.swapAt(mid, lo) }
      if values[hi] < values[lo] { values.swapAt(hi, lo) }
      if values[hi] < values[mid] { values.swapAt(hi, mid) }
      let pivot = values[mid]
      var i = lo
      var j = hi
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        hi = j
      } else if k >= i {
        lo = i
      } else {
        return values[k]
      }
    }
    return values[k]
  }
}
