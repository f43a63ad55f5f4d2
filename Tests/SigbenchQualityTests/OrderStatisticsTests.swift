import SigbenchTestSupport
import Testing

@testable import SigbenchQuality

/// Every quality summary's percentiles are nearest-rank values of the sorted list: selection
/// (the median found among the values below the 95th percentile's position; without a
/// median, the top 5 % kept in a heap) gives exactly those, with many repeated values too.
@Test func orderStatisticsEqualSortedNearestRank() throws {
  let seed = propertySeed()
  print("orderStatisticsEqualSortedNearestRank: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  for round in 0..<2_000 {
    // Every 100th round a long list (the heap that keeps the top 5 % several levels deep).
    let n = round % 100 == 99 ? rng.int(in: 1_000...20_000) : rng.int(in: 1...300)
    let distinct = [2, 10, 1_000_000][round % 3]
    let values = (0..<n).map { _ in Double(rng.int(in: 0...distinct)) / 7 }
    let s = try #require(OrderStatistics(values, withMedian: true))
    #expect(OrderStatistics(values)?.p50 == nil)
    #expect(OrderStatistics(values)?.p95 == s.p95)
    let sorted = values.sorted()
    #expect(s.p95 == sorted[OrderStatistics.rank(95, of: n) - 1], "round \(round)")
    #expect(s.p50 == sorted[OrderStatistics.rank(50, of: n) - 1], "round \(round)")
    #expect(s.max == sorted[n - 1])
    #expect(s.count == n)
  }
}
