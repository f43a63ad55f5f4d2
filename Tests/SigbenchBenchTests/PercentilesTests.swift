import SigbenchBench
import SigbenchResults
import Testing

@Suite("percentiles")
struct PercentilesTests {
  @Test("nearest rank on known samples")
  func nearestRank() {
    let s = [1.0, 2, 3, 4]
    #expect(Percentiles.nearestRank(s, 50) == 2)
    #expect(Percentiles.nearestRank(s, 75) == 3)
    #expect(Percentiles.nearestRank(s, 76) == 4)
    #expect(Percentiles.nearestRank(s, 100) == 4)
    #expect(Percentiles.nearestRank(s, 1) == 1)
    #expect(Percentiles.nearestRank([], 50) == nil)
    let hundred = (1...100).map(Double.init)
    #expect(Percentiles.nearestRank(hundred, 99) == 99)
    #expect(Percentiles.nearestRank(hundred, 99.9) == 100)
  }

  @Test("summary figures and the thin-percentile warning")
  func summary() throws {
    let values = (1...1000).reversed().map(Double.init)
    let s = try #require(LatencySummary(values))
    #expect(s.count == 1000)
    #expect(s.p50 == 500)
    #expect(s.p90 == 900)
    #expect(s.p99 == 990)
    #expect(s.p999 == 999)
    #expect(s.max == 1000)
    #expect(s.mean == 500.5)
    #expect(s.thinPercentiles == ["p99.9"])
    #expect(LatencySummary((1...50).map(Double.init))!.thinPercentiles == ["p90", "p99", "p99.9"])
    #expect(LatencySummary([]) == nil)
    #expect(Percentiles.minimumCount(for: 99) == 1000)
  }

  @Test("timer calibration is measured, not assumed")
  func calibration() {
    let c = TimerCalibration.measure(rounds: 10_000)
    #expect(c.overheadNs > 0)
    #expect(c.overheadP99Ns >= c.overheadNs)
    #expect(c.resolutionNs >= 1)
  }
}
