import SigbenchCore
import SigbenchQuality
import SigbenchStrategies
import Testing

private let straight = try! StrategyCatalog.configure(StrategySpec(id: "straight"))

/// A timed zig-zag at 100 Hz.
private func zigzag(_ n: Int = 30) -> Drawing {
  let samples = (0..<n).map { i in
    Sample(x: Double(i) * 4, y: i % 2 == 0 ? 0 : 3, time: Double(i) / 100)
  }
  return Drawing(name: "zigzag", strokes: [Stroke(samples: samples)])
}

@Test func everyPushStableAtOnceHasInkLatencyZero() throws {
  let f = QualityMeasure.drawing(zigzag(), strategy: straight)
  #expect(try #require(f[.latencyPushesMax]) == 0)
  #expect(try #require(f[.latencyPushesMean]) == 0)
  #expect(try #require(f[.latencyMsMax]) == 0)
  // Nothing is ever tentative, so nothing is revised.
  #expect(try #require(f.churnMax) == 0)
  #expect(f.updates == 30)
}

@Test func aOneSegmentTentativeTailHasInkLatencyOne() throws {
  let f = QualityMeasure.drawing(zigzag(), strategy: configured(TentativeTailPolyline.self))
  #expect(try #require(f[.latencyPushesMean]) == 1)
  #expect(try #require(f[.latencyPushesMax]) == 1)
  #expect(try #require(f[.latencyPushesP95]) == 1)
  // One push is 10 ms at 100 Hz; the last sample is final at pen-up, 0 ms later.
  #expect(abs(try #require(f[.latencyMsMax]) - 10) < 1e-9)
  #expect(abs(try #require(f[.latencyMsMean]) - 10 * 29 / 30) < 1e-9)
  // The tail is redrawn exactly where it was: no churn.
  #expect(try #require(f.churnMax) < 1e-12)
}

@Test func catmullRomWaitsOneSampleAndItsFirstSampleTwo() throws {
  let d = zigzag(12)
  let catmull = try StrategyCatalog.configure(StrategySpec(id: "catmull-rom"))
  let f = QualityMeasure.drawing(d, strategy: catmull)
  // Nothing is stable until the third sample: sample 0 waits 2 pushes, every other 1.
  #expect(try #require(f[.latencyPushesMax]) == 2)
  #expect(abs(try #require(f[.latencyPushesMean]) - 13.0 / 12) < 1e-12)
  // The tentative segment's phantom end differs from the final spline: it churns.
  #expect(try #require(f.churnMax) > 0.01)
}

@Test func churnMeasuresHowFarTheTailMoves() throws {
  // The prediction (20, 0) → (30, 0) made at the third sample is replaced when the pen turns
  // down to (20, 10): its far end is 10 px from the new picture. The finish drops the last
  // prediction (20, 10) → (20, 20), whose end is 10 px from the final ink.
  let samples = [(0.0, 0.0), (10, 0), (20, 0), (20, 10)].map { Sample(x: $0.0, y: $0.1) }
  let trace = StrokeTrace(replaying: samples, through: configured(PredictingPolyline.self))
  #expect(trace.calls == 5)
  #expect(trace.churn.count == 4)
  #expect(trace.churn.map { ($0 * 1e9).rounded() / 1e9 } == [0, 0, 10, 10])
  let f = QualityMeasure.drawing(
    Drawing(name: "turn", strokes: [Stroke(samples: samples)]), traces: [trace])
  #expect(try #require(f[.churnMean]) == 5)
  #expect(try #require(f.churnMax) == 10)
  #expect(f.updates == 4)
}

@Test func traceKeepsTheFinalInkAndStablePrefixes() throws {
  let d = zigzag(10)
  let catmull = try StrategyCatalog.configure(StrategySpec(id: "catmull-rom"))
  let trace = StrokeTrace(
    replaying: d.strokes[0].samples, through: catmull, keepingTentativeAfterPush: 5)
  #expect(trace.ink == catmull.smooth(d.strokes[0].samples))
  let mid = catmull.ink(after: Array(d.strokes[0].samples.prefix(6)), finish: false)
  #expect(trace.stable(afterCall: 5) == mid.stable)
  #expect(trace.snapshot?.tentative == mid.tentative)
  #expect(trace.stable(afterCall: 10) == trace.ink)
  #expect(trace.stableSegments == trace.stableSegments.sorted())
}
