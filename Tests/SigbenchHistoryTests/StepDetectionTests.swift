import Foundation
import SigbenchCore
import Testing

@testable import SigbenchHistory

/// The step detector on synthetic histories shaped like real ones: each point is a run's
/// headline, the median of 10 processes whose figures scatter with σ ≈ 2 % around the level.
@Suite("step detection")
struct StepDetectionTests {
  /// One run's headline: the median of `processes` normal draws around `level` (σ = 2 %).
  static func headline(_ level: Double, _ rng: inout SplitMix64, processes: Int = 10) -> Double {
    var v = (0..<processes).map { _ in level * (1 + 0.02 * normal(&rng)) }
    v.sort()
    return (v[processes / 2 - 1] + v[processes / 2]) / 2
  }

  /// A standard normal draw (Box–Muller).
  static func normal(_ rng: inout SplitMix64) -> Double {
    let u = max(rng.double(in: 0...1), 1e-300)
    let w = rng.double(in: 0...1)
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * w)
  }

  static let seed: UInt64 = 20_141_018

  @Test("a +5 % step is found within ±1 commit in at least 95 % of 200 seeded trials")
  func findsStep() {
    var rng = SplitMix64(seed: Self.seed)
    print("step detection: +5 % step trials, seed \(Self.seed)")
    var hits = 0
    var extra = 0
    for trial in 0..<200 {
      let at = rng.int(in: 10...90)
      let values = (0..<100).map { Self.headline($0 < at ? 100 : 105, &rng) }
      let d = StepDetector(seed: Self.seed &+ UInt64(trial))
      let cps = d.changePoints(values)
      if cps.contains(where: { abs($0.index - at) <= 1 }) { hits += 1 }
      extra += cps.filter { abs($0.index - at) > 1 }.count
    }
    print("step detection: found \(hits)/200 within ±1 commit; \(extra) other steps raised")
    #expect(hits >= 190, "found \(hits)/200 (seed \(Self.seed))")
  }

  @Test("a flat 100-point series raises a step in at most 1 % of 1,000 seeded trials")
  func flatSeries() {
    var rng = SplitMix64(seed: Self.seed ^ 0xF1A7)
    print("step detection: flat trials, seed \(Self.seed ^ 0xF1A7)")
    var raised = 0
    for trial in 0..<1000 {
      let values = (0..<100).map { _ in Self.headline(100, &rng) }
      let d = StepDetector(seed: Self.seed &+ UInt64(trial))
      if !d.changePoints(values).isEmpty { raised += 1 }
    }
    print("step detection: \(raised)/1000 flat series raised a step")
    #expect(raised <= 10, "\(raised)/1000 flat series raised a step (seed \(Self.seed ^ 0xF1A7))")
  }

  @Test("a figure that never changed has no step, whatever its rounding noise")
  func constantSeries() {
    // A deterministic quality figure, the same in every run: Q̂ from prefix sums is about 1e-15
    // here, not 0, and the permutation test used to accept it as a step at p = 0.005.
    for value in [5.992472428453035, 0.35147, 1e-9, 10.658, 0] {
      let values = [Double](repeating: value, count: 20)
      #expect(StepDetector(seed: 1).changePoints(values).isEmpty, "constant \(value)")
    }
    // A step after a flat stretch is still found, and a flat segment left beside it stays whole.
    let values = [Double](repeating: 0.143, count: 10) + [Double](repeating: 0.2, count: 10)
    #expect(StepDetector(seed: 1).changePoints(values).map(\.index) == [10])
  }

  @Test("two steps are both found, and each step's sizes come from its neighbouring segments")
  func twoSteps() {
    var rng = SplitMix64(seed: 7)
    let values = (0..<60).map { Self.headline($0 < 20 ? 100 : ($0 < 40 ? 110 : 99), &rng) }
    let cps = StepDetector(seed: 7).changePoints(values)
    #expect(cps.map(\.index) == [20, 40])
  }

  @Test("the split statistic matches a direct evaluation of the paper's formula")
  func statisticMatchesFormula() {
    var rng = SplitMix64(seed: 3)
    let x = (0..<17).map { _ in rng.double(in: 0...10) }
    func direct(_ tau: Int) -> Double {
      let a = Array(x[..<tau])
      let b = Array(x[tau...])
      let m = Double(a.count)
      let k = Double(b.count)
      var between = 0.0
      for p in a { for q in b { between += abs(p - q) } }
      var wa = 0.0
      for i in 0..<a.count { for j in (i + 1)..<max(i + 1, a.count) { wa += abs(a[i] - a[j]) } }
      var wb = 0.0
      for i in 0..<b.count { for j in (i + 1)..<max(i + 1, b.count) { wb += abs(b[i] - b[j]) } }
      let e = 2 * between / (m * k) - wa / (m * (m - 1) / 2) - wb / (k * (k - 1) / 2)
      return m * k / (m + k) * e
    }
    let best = StepDetector.bestSplit(x, minimumSize: 2)!
    let expected = (2...15).max { direct($0) < direct($1) }!
    #expect(best.tau == expected)
    #expect(abs(best.q - direct(expected)) < 1e-9)
  }
}
