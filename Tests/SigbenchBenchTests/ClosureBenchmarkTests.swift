import SigbenchResults
import Testing

@testable import SigbenchBench

/// The closure harness: how many times the work runs where (discarded, checked, timed), that
/// series callers can tell warm-up from timed passes, and that values never go below 0. Never
/// a timing threshold.
@Suite("closure harness")
struct ClosureBenchmarkTests {
  /// A timer calibration with a large read overhead, so subtracting it reaches 0 for cheap work.
  static func timer(overhead: Double) -> TimerCalibration {
    TimerCalibration(
      clock: "test", resolutionNs: 1, smallestStepNs: 1, overheadNs: overhead,
      overheadP99Ns: overhead)
  }

  @Test("measure: one discarded run, checked passes of runsPerCheck runs, then the timed runs")
  func measureCounts() {
    let harness = ClosureBenchmark(
      timer: Self.timer(overhead: 0), runs: 7, warmup: WarmupPolicy(maxCheckedPasses: 2),
      runsPerCheck: 3)
    var calls = 0
    let t = harness.measure("count") {
      calls += 1
      return calls
    }
    #expect(t.kind == "repeated" && t.name == "count")
    #expect(t.summary.count == 7 && t.timedPasses == 7)
    #expect(t.warmup.discardedPasses == 1 && t.warmup.passMedians.count == 2)
    #expect(calls == 1 + 2 * 3 + 7)
  }

  @Test("the read overhead is subtracted and a value never goes below 0")
  func overheadClamp() {
    let harness = ClosureBenchmark(timer: Self.timer(overhead: 1e12), runs: 5)
    let t = harness.measure("empty") { 0 }
    #expect(t.summary.max == 0 && t.summary.p50 == 0)
    #expect(t.warmup.passMedians.allSatisfy { $0 == 0 })
  }

  @Test("warm-up checks stop when two medians agree or at the cap, and say which")
  func settles() {
    // Checks stop at the first two agreeing medians, else at the cap of 8: the report says
    // which, and `converged` is exactly the policy's verdict on its medians.
    let harness = ClosureBenchmark(
      timer: Self.timer(overhead: 0), runs: 1,
      warmup: WarmupPolicy(maxCheckedPasses: 8, maxSeconds: 60), runsPerCheck: 1)
    var x = 0
    let t = harness.measure("work") {
      for i in 0..<20_000 { x &+= i &* i }
      return x
    }
    #expect(t.warmup.passMedians.count >= 2 && t.warmup.passMedians.count <= 8)
    #expect(t.warmup.converged == WarmupPolicy().settled(t.warmup.passMedians))
  }

  @Test("series: warm-up passes are marked untimed, then runs timed passes record every call")
  func seriesPasses() throws {
    let harness = ClosureBenchmark(
      timer: Self.timer(overhead: 0), runs: 3, warmup: WarmupPolicy(maxCheckedPasses: 2))
    var passes: [Bool] = []
    let t = try #require(
      harness.series("calls") { bracket in
        passes.append(bracket.isTimed)
        for i in 0..<10 {
          _ = bracket.time { i }
          _ = bracket.measure { i }  // a companion figure, not recorded
        }
      })
    #expect(passes == [false, false, false, true, true, true])
    #expect(t.kind == "series" && t.timedPasses == 3)
    #expect(t.summary.count == 30)
  }

  @Test("series: a timed pass without any call gives no timing")
  func emptySeries() {
    let harness = ClosureBenchmark(timer: Self.timer(overhead: 0), runs: 2)
    #expect(harness.series("nothing") { _ in } == nil)
  }

  @Test("closureTimer is the same harness")
  func closureTimer() {
    let harness = ClosureBenchmark(
      timer: Self.timer(overhead: 0), runs: 4, warmup: WarmupPolicy(maxCheckedPasses: 2))
    let t = harness.closureTimer("via timer") { 1 }
    #expect(t.name == "via timer" && t.summary.count == 4 && t.timedPasses == 4)
  }
}
