import SigbenchBench
import SigbenchResults
import Testing

@Suite("counter layouts")
struct CounterLayoutsTests {
  static func figures(_ strategy: String, _ ipp: Double, allocs: Int = 0) -> CounterFigures {
    var f = CounterFigures(
      strategy: strategy, strategyID: strategy, lane: .smooth, points: 100, steadyPoints: 90,
      strokes: 2, injectedSpins: 0)
    f.instructionsPerPoint = ipp
    f.steadyInstructionsPerPoint = ipp - 1
    f.steadyAllocations = allocs
    return f
  }

  @Test("the mean over layouts, the spread beside it, the largest allocation count")
  func mean() throws {
    let layouts = [936.19, 948.18, 936.19, 948.18].map { [Self.figures("s", $0)] }
    let m = try #require(CounterLayouts.mean(layouts).first)
    #expect(abs(m.instructionsPerPoint! - 942.185) < 1e-9)
    #expect(abs(m.steadyInstructionsPerPoint! - 941.185) < 1e-9)
    #expect(abs(m.layoutSpread! - (948.18 - 936.19) / 942.185) < 1e-12)
    let allocs = CounterLayouts.mean([
      [Self.figures("s", 1, allocs: 0)], [Self.figures("s", 1, allocs: 2)],
    ])
    #expect(allocs.first?.steadyAllocations == 2)
    #expect(CounterLayouts.mean([[Self.figures("s", 5)]]).first?.layoutSpread == nil)
  }

  @Test("the layout spread widens the counter tolerance: A/A exact, +2 % still flagged")
  func tolerance() {
    var h = Self.figures("s", 942.185)
    var b = Self.figures("s", 942.185)
    h.layoutSpread = 0.0127
    b.layoutSpread = 0.0127
    #expect(GateEvaluator.effectiveTolerance(0.01, h, b) == 0.01)
    h.layoutSpread = 0.03
    #expect(GateEvaluator.effectiveTolerance(0.01, h, b) == 0.015)
    // A/A: identical means, no verdict.
    let aa = GateEvaluator.compareCounters(head: [b], base: [b], tolerance: 0.01)
    #expect(aa.first?.verdict == .noChange)
    // +2 % on a spread of 1.27 %: flagged.
    var up = b
    up.instructionsPerPoint = 942.185 * 1.02
    let c = GateEvaluator.compareCounters(head: [up], base: [b], tolerance: 0.01)
    #expect(c.first?.verdict == .regressed)
    // The same +2 % with a spread of 5 % on the head side is within its tolerance.
    up.layoutSpread = 0.05
    let wide = GateEvaluator.compareCounters(head: [up], base: [b], tolerance: 0.01)
    #expect(wide.first?.verdict == .noChange)
    #expect(wide.first?.tolerance == 0.025)
  }
}
