import SigbenchCore
import SigbenchQuality
import SigbenchResults
import SigbenchStrategies
import Testing

@Test(arguments: StrategyCatalog.defaults().map(\.label))
func everyStrategyHasSaneFiguresOnEveryFixture(label: String) throws {
  let strategy = try StrategyCatalog.configureList(label)[0]
  var perDrawing: [QualityFigures] = []
  for d in FixtureDrawings.all() {
    let traces = StrokeTrace.record(d, through: strategy)
    for (trace, stroke) in zip(traces, d.strokes) {
      #expect(trace.ink == strategy.smooth(stroke.samples), "\(d.name)")
    }
    let f = QualityMeasure.drawing(d, traces: traces)
    perDrawing.append(f)
    #expect(f.isFinite, "\(label) on \(d.name)")
    #expect(f.strokesWithoutInk == 0, "\(label) on \(d.name)")
    #expect(f.samples == d.sampleCount)
    // Every figure that exists for every drawing with ink.
    for figure in [f[.accuracyMean], f[.reverseAccuracyMean], f[.endGapMax], f[.startGapMax]] {
      #expect(figure != nil && figure! >= 0, "\(label) on \(d.name)")
    }
    #expect(f[.latencyPushesMean] != nil && f[.latencyMsMean] != nil, "\(label) on \(d.name)")
    #expect(f[.widthMean] != nil && f[.widthMean]! > 0, "\(label) on \(d.name)")
    #expect((f[.fillElementsPerSample] ?? 0) > 0, "\(label) on \(d.name)")
    // Loose bounds: no ink strays as far as the fixtures' longest step (100 px), and no
    // sample waits longer than its stroke (uber-weighted's 2 px filter and three-sample
    // cubics make it wait 41 pushes at the slow start of the spiral).
    #expect(f[.accuracyMax]! < 100, "\(label) on \(d.name)")
    #expect(f[.latencyPushesMax]! <= Double(d.strokes.map(\.samples.count).max()!))
    #expect(f.churnMax! < 100, "\(label) on \(d.name)")
    if let rho = f[.pressureWidthSpearman] { #expect(abs(rho) <= 1) }
    #expect(f.reference == (d.groundTruth == nil ? .inputPolyline : .truth))
  }
  let corpus = QualityMeasure.aggregate(perDrawing)
  #expect(corpus.isFinite)
  #expect(corpus.drawings == perDrawing.count)
  #expect(corpus.reference == .mixed)
  #expect(corpus.pressureCredibleDrawings == 2)  // the spiral and the signature
}

@Test func fixturePressureFindings() {
  let findings = Dictionary(
    uniqueKeysWithValues: FixtureDrawings.all().map {
      ($0.name, PressureCredibility.assess($0).finding)
    })
  #expect(findings["tap"] == .tooFewSamples)
  #expect(findings["straight-line"] == .constant)
  #expect(findings["long-stroke-2000"] == .credible)
  #expect(findings["signature-120hz"] == .credible)
}
