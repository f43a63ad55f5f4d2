import SigbenchBench
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Known answers for the gate's statistics. Oracles: hand counts and scipy 1.17
/// `mannwhitneyu` (exact, and asymptotic with continuity correction and tie correction).
@Suite("statistics")
struct StatisticsTests {
  @Test("Mann–Whitney exact: fully separated samples and textbook values")
  func exactU() throws {
    let a = try #require(MannWhitney.test([1, 2, 3], [4, 5, 6]))
    #expect(a.u == 0)
    #expect(abs(a.p - 0.1) < 1e-12)  // 2 × 1 / C(6, 3)
    #expect(a.method == "exact")
    let b = try #require(
      MannWhitney.test((0..<10).map(Double.init), (10..<20).map(Double.init)))
    #expect(abs(b.p - 1.082508822446903e-05) < 1e-15)  // 2 / C(20, 10)
    let c = try #require(MannWhitney.test([19, 22, 16, 29, 24], [20, 11, 17, 12]))
    #expect(c.u == 17)
    #expect(abs(c.p - 0.1111111111111111) < 1e-12)
    let d = try #require(
      MannWhitney.test(
        [1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8], [2.5, 3.5, 9.1, 10.2, 11.3, 12.4, 13.5]))
    #expect(d.u == 11)
    #expect(abs(d.p - 0.054079254079254076) < 1e-12)
  }

  @Test("Mann–Whitney with ties: normal approximation, tie and continuity corrected")
  func tiedU() throws {
    let r = try #require(
      MannWhitney.test([1, 2, 2, 3, 4, 5, 5, 5, 6], [3, 4, 4, 6, 7, 7, 8, 9, 9, 10]))
    #expect(r.u == 15)
    #expect(abs(r.p - 0.015413399675980257) < 1e-9)
    #expect(r.method.hasPrefix("normal"))
    // Every value tied: no evidence at all.
    #expect(MannWhitney.test([3, 3, 3], [3, 3])?.p == 1)
    #expect(MannWhitney.test([], [1]) == nil)
    #expect(MannWhitney.test([1, .nan], [1]) == nil)
  }

  @Test("Mann–Whitney properties on random samples: U + U' = m·n, symmetric p in [0, 1]")
  func randomU() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let m = rng.int(in: 1...15)
      let n = rng.int(in: 1...15)
      let x = (0..<m).map { _ in (rng.double(in: 0...10) * 4).rounded() / 4 }
      let y = (0..<n).map { _ in (rng.double(in: 0...10) * 4).rounded() / 4 }
      let a = try #require(MannWhitney.test(x, y))
      let b = try #require(MannWhitney.test(y, x))
      #expect(abs(a.u + b.u - Double(m * n)) < 1e-9, "seed \(seed)")
      #expect(abs(a.p - b.p) < 1e-12, "seed \(seed)")
      #expect(a.p >= 0 && a.p <= 1, "seed \(seed)")
    }
  }

  @Test("Benjamini–Hochberg and Holm on a textbook list")
  func corrections() {
    let p = [0.01, 0.04, 0.03, 0.005]
    let bh = MultipleComparisons.benjaminiHochberg.adjust(p)
    for (got, want) in zip(bh, [0.02, 0.04, 0.04, 0.02]) { #expect(abs(got - want) < 1e-12) }
    let holm = MultipleComparisons.holm.adjust(p)
    for (got, want) in zip(holm, [0.03, 0.06, 0.06, 0.02]) { #expect(abs(got - want) < 1e-12) }
    #expect(MultipleComparisons.holm.adjust([0.9, 0.8]) == [1, 1])
    #expect(MultipleComparisons.benjaminiHochberg.adjust([]) == [])
  }

  @Test("bootstrap interval: deterministic per seed, brackets the estimate, exact when constant")
  func bootstrap() throws {
    let head = [110.0, 112, 108, 111, 109, 113, 110, 112, 111, 109]
    let base = [100.0, 101, 99, 100, 102, 98, 100, 101, 99, 100]
    let a = try #require(Bootstrap.medianRatio(head: head, base: base, resamples: 5000, seed: 7))
    let b = try #require(Bootstrap.medianRatio(head: head, base: base, resamples: 5000, seed: 7))
    #expect(a == b)
    #expect(abs(a.estimate - 110.5 / 100) < 1e-12)
    #expect(a.lower <= a.estimate && a.estimate <= a.upper)
    #expect(a.lower > 1.05 && a.upper < 1.16)
    let c = try #require(Bootstrap.medianRatio(head: [2, 2, 2], base: [1, 1], resamples: 100))
    #expect(c.lower == 2 && c.upper == 2)
    #expect(Bootstrap.medianRatio(head: [1], base: [0]) == nil)
    #expect(Bootstrap.median([4, 1, 3, 2]) == 2.5)
  }

  @Test("timing rule: significance AND the whole interval beyond the threshold")
  func rule() {
    #expect(
      TimingRule.decide(pAdjusted: 0.001, alpha: 0.01, lower: 1.06, upper: 1.10, t: 0.05)
        == .regressed)
    // Significant but the interval reaches below the threshold: cannot confirm.
    #expect(
      TimingRule.decide(pAdjusted: 0.001, alpha: 0.01, lower: 1.03, upper: 1.08, t: 0.05)
        == .inconclusive)
    // Interval beyond the threshold but not significant after correction.
    #expect(
      TimingRule.decide(pAdjusted: 0.02, alpha: 0.01, lower: 1.06, upper: 1.10, t: 0.05)
        == .inconclusive)
    #expect(
      TimingRule.decide(pAdjusted: 0.001, alpha: 0.01, lower: 0.80, upper: 0.90, t: 0.05)
        == .improved)
    #expect(
      TimingRule.decide(pAdjusted: 0.5, alpha: 0.01, lower: 0.98, upper: 1.03, t: 0.05) == .noChange
    )
    // Significant but small: inside the band is no change.
    #expect(
      TimingRule.decide(pAdjusted: 0.001, alpha: 0.01, lower: 1.01, upper: 1.02, t: 0.05)
        == .noChange)
    let th = MetricThreshold(relative: 0.02, absoluteNs: 5, source: "default")
    #expect(TimingRule.effective(th, baseMedian: 100) == 0.05)
    #expect(TimingRule.effective(th, baseMedian: 1000) == 0.02)
  }

  @Test("gate comparisons on fixed synthetic replicates")
  func gateTiming() {
    let base = (0..<10).map { 100 + Double($0 % 5) * 0.2 }
    let slower = base.map { $0 * 1.10 }
    let same = base.reversed().map { $0 }
    var settings = GateSettings.standard
    settings.resamples = 2000
    let head = [
      ReplicateSet(strategy: "a", lane: .smooth, metric: .batchP50, values: slower),
      ReplicateSet(strategy: "b", lane: .smooth, metric: .batchP50, values: same),
    ]
    let baseSets = [
      ReplicateSet(strategy: "a", lane: .smooth, metric: .batchP50, values: base),
      ReplicateSet(strategy: "b", lane: .smooth, metric: .batchP50, values: base),
    ]
    let r = GateEvaluator.compareTiming(head: head, base: baseSets, settings: settings)
    #expect(r.count == 2)
    #expect(r[0].verdict == .regressed)
    #expect(r[0].comparisons == 2)
    #expect((r[0].pAdjusted ?? 1) < 0.01)
    #expect(r[1].verdict == .noChange)
    #expect(r[1].pValue == 1)
  }

  @Test("counter verdicts: ±1 % band, new steady allocations, unavailable is never 0")
  func gateCounters() {
    func c(_ s: String, _ ipp: Double?, _ steady: Int?) -> CounterFigures {
      var f = CounterFigures(
        strategy: s, strategyID: s, lane: .smooth, points: 100, steadyPoints: 92, strokes: 1,
        injectedSpins: 0)
      f.instructionsPerPoint = ipp
      f.steadyAllocations = steady
      return f
    }
    let base = [c("up", 1000, 0), c("down", 1000, 3), c("flat", 1000, 0), c("gone", 1000, 0)]
    let head = [c("up", 1010.5, 1), c("down", 985, 1), c("flat", 1009.9, 0), c("gone", nil, nil)]
    let r = GateEvaluator.compareCounters(head: head, base: base, tolerance: 0.01)
    func v(_ s: String, _ m: CounterMetric) -> Verdict? {
      r.first { $0.strategy == s && $0.metric == m }?.verdict
    }
    #expect(v("up", .instructionsPerPoint) == .regressed)
    #expect(v("up", .steadyAllocations) == .regressed)
    #expect(v("down", .instructionsPerPoint) == .improved)
    #expect(r.first { $0.strategy == "down" && $0.metric == .instructionsPerPoint }?.hint != nil)
    #expect(v("down", .steadyAllocations) == .improved)
    #expect(v("flat", .instructionsPerPoint) == .noChange)
    #expect(v("gone", .instructionsPerPoint) == .unavailable)
    #expect(v("gone", .steadyAllocations) == .unavailable)
  }

  @Test("threshold option parsing")
  func thresholds() throws {
    var s = GateSettings.standard
    try s.applyThresholds("p99=15%/50ns;batch-p50=3%")
    #expect(
      s.thresholds[.p99] == MetricThreshold(relative: 0.15, absoluteNs: 50, source: "--thresholds")
    )
    #expect(s.thresholds[.batchP50]?.relative == 0.03)
    #expect(s.thresholds[.batchP50]?.absoluteNs == 0.5)
    #expect(throws: BenchError.self) { try s.applyThresholds("p42=5%") }
    #expect(throws: BenchError.self) { try s.applyThresholds("p50=5") }
    #expect(throws: BenchError.self) { try s.applyThresholds("p50=5%/x") }
  }
}
