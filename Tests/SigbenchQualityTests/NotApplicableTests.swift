import SigbenchCore
import SigbenchQuality
import SigbenchResults
import SigbenchStrategies
import Testing

private let straight = try! StrategyCatalog.configure(StrategySpec(id: "straight"))

private let untimed = Drawing(
  name: "untimed", strokes: [Stroke(samples: (0..<10).map { Sample(x: Double($0) * 5, y: 0) })])

@Test func withoutTruthAccuracyIsAgainstTheInputPolyline() {
  let f = QualityMeasure.drawing(untimed, strategy: straight)
  #expect(f.reference == .inputPolyline)
  #expect(f[.accuracyMax]! < 1e-12)
  #expect(f[.reverseAccuracyMax]! < 1e-12)
}

@Test func withoutPressureTheCorrelationIsNotApplicableAndTheFindingSaysWhy() {
  let f = QualityMeasure.drawing(untimed, strategy: configured(PressureWidthPolyline.self))
  #expect(f.pressure?.finding == .absent)
  #expect(f.pressureCredibleDrawings == 0)
  #expect(f[.pressureWidthSpearman] == nil)
}

@Test func fakeConstantPressureIsNotCorrelatedEither() {
  var d = untimed
  d.strokes[0].samples = d.strokes[0].samples.map {
    var s = $0
    s.pressure = 0.5
    return s
  }
  let f = QualityMeasure.drawing(d, strategy: configured(PressureWidthPolyline.self))
  #expect(f.pressure?.finding == .constant)
  #expect(f[.pressureWidthSpearman] == nil)
}

@Test func withoutTimeTheMillisecondFiguresAreNotApplicable() throws {
  let f = QualityMeasure.drawing(untimed, strategy: straight)
  #expect(f[.latencyMsMean] == nil && f[.latencyMsP95] == nil && f[.latencyMsMax] == nil)
  #expect(f.timedSamples == 0)
  #expect(try #require(f[.latencyPushesMean]) == 0)
}

@Test func anEmptyDrawingHasCountsButNoFigures() {
  let f = QualityMeasure.drawing(Drawing(name: "empty", strokes: []), traces: [])
  #expect(f.drawings == 1 && f.samples == 0)
  for metric in QualityMetric.catalog {
    #expect(metric.value(in: f) == nil, "\(metric.id)")
  }
}

@Test func aStrategyThatDrawsNothingIsCountedNotMeasured() {
  // The short-end test strategy draws nothing for a single sample.
  let d = Drawing(name: "tap", strokes: [Stroke(samples: [Sample(x: 1, y: 2)])])
  let f = QualityMeasure.drawing(d, strategy: configured(ShortEndPolyline.self))
  #expect(f.strokesWithoutInk == 1)
  #expect(f[.accuracyMean] == nil && f[.endGapMax] == nil && f[.latencyPushesMean] == nil)
  #expect(f[.segmentsPerSample] == 0)
}

@Test func svgBytesAreLeftToTheCaller() {
  #expect(QualityMeasure.drawing(untimed, strategy: straight)[.svgBytesPerSample] == nil)
}
