import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchResults
import Testing

@Test func everyMetricIsDeclaredOnceWithItsWords() {
  let ids = QualityMetric.catalog.map(\.id)
  #expect(Set(ids).count == ids.count)
  for m in QualityMetric.catalog {
    #expect(m.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(m.id)")
    #expect(!m.name.isEmpty && !m.meaning.isEmpty && m.definition.count > 80, "\(m.id)")
    #expect(QualityMetric.named(m.id) == m)
  }
  for id in [
    "accuracy-mean", "accuracy-p95", "reverse-accuracy-p95", "end-gap", "start-gap", "turn-p95",
    "curvature-variation", "curvature-variation-away", "width-mean", "width-rate-ratio",
    "pressure-spearman",
    "ink-latency-mean", "ink-latency-ms-mean", "churn-mean", "fill-vertices-per-sample",
    "svg-bytes-per-sample",
  ] {
    #expect(QualityMetric.named(id) != nil, "\(id)")
  }
}

@Test func everyMetricReadsItsOwnFigure() throws {
  // The stored object is flat: the fixed properties and every metric's key side by side. Distinct
  // values under every key that holds a Double, so a metric that reads another's key, or a
  // key that shadows a fixed property, shows.
  let encoded = try JSONEncoder().encode(QualityFigures())
  var object = try JSONSerialization.jsonObject(with: encoded) as! [String: Any]
  let fixedDoubles = Mirror(reflecting: QualityFigures()).children.compactMap {
    child -> String? in type(of: child.value) == Double?.self ? child.label : nil
  }
  let keys = fixedDoubles + QualityMetric.catalog.map(\.key) + QualityFigures.counts.map(\.key)
  #expect(Set(keys).count == keys.count, "a metric's key repeats another stored name")
  for (i, key) in keys.enumerated() where !QualityFigures.counts.contains(where: { $0.key == key })
  {
    object[key] = Double(i + 1)
  }
  let f = try JSONDecoder().decode(
    QualityFigures.self, from: JSONSerialization.data(withJSONObject: object))
  let values = QualityMetric.catalog.compactMap { $0.value(in: f) }
  #expect(values.count == QualityMetric.catalog.count)
  #expect(Set(values).count == values.count, "two metrics read the same figure")
  let back = try JSONSerialization.jsonObject(with: JSONEncoder().encode(f)) as! [String: Any]
  #expect(Set(back.keys) == Set(object.keys), "written back under other keys")
}

@Test func bestValuesFollowEachDirection() {
  let lower = QualityMetric.named("end-gap")!
  #expect(lower.best(of: [3, nil, 1, 1, 2]) == [2, 3])
  let higher = QualityMetric.named("pressure-spearman")!
  #expect(higher.best(of: [0.2, 0.9, nil]) == [1])
  let ratio = QualityMetric.named("width-rate-ratio")!
  #expect(ratio.best(of: [1.3, 0.8, 1.1]) == [2])
  #expect(ratio.isBetter(0.5, than: 2.1) && !ratio.isBetter(2, than: 0.5))
  let neutral = QualityMetric.named("width-mean")!
  #expect(neutral.best(of: [1, 2]).isEmpty)
  #expect(lower.best(of: [nil, nil]).isEmpty)
}

@Test func aggregationWeightsByWhatEachFigureCounts() throws {
  let a = QualityFigures(
    drawings: 1, strokes: 1, samples: 10, accuracyPoints: 100, gapStrokes: 1,
    reference: .truth, inkLength: 10,
    [
      .accuracyMean: 1, .accuracyP95: 2, .accuracyMax: 3, .endGapMean: 4, .endGapMax: 4,
      .widthMean: 2, .widthSD: 0, .widthMin: 2, .widthMax: 2, .inkArea: 20,
      .latencyPushesMean: 1, .segmentsPerSample: 1,
    ])
  let b = QualityFigures(
    drawings: 1, strokes: 3, samples: 30, accuracyPoints: 300, gapStrokes: 3,
    timedSamples: 30, reference: .inputPolyline, inkLength: 30,
    [
      .accuracyMean: 3, .accuracyP95: 4, .accuracyMax: 5, .endGapMean: 0, .endGapMax: 0,
      .widthMean: 4, .widthSD: 0, .widthMin: 4, .widthMax: 4, .inkArea: 120,
      .latencyPushesMean: 0, .latencyMsMean: 8, .segmentsPerSample: 3,
    ])
  let c = QualityMeasure.aggregate([a, b])
  #expect(c.drawings == 2 && c.strokes == 4 && c.samples == 40 && c.accuracyPoints == 400)
  #expect(c.reference == .mixed)
  #expect(c[.accuracyMean] == 2.5)  // (1·100 + 3·300) / 400
  #expect(c[.accuracyP95] == 3.5)
  #expect(c[.accuracyMax] == 5)
  #expect(c[.endGapMean] == 1)  // (4·1 + 0·3) / 4 strokes
  #expect(c[.endGapMax] == 4)
  #expect(c.inkLength == 40)
  #expect(c[.widthMean] == 3.5)  // (2·10 + 4·30) / 40
  // Pooled exactly: widths 2 over 10 px and 4 over 30 px have variance 0.75.
  #expect(abs(try #require(c[.widthSD]) - 0.75.squareRoot()) < 1e-12)
  #expect(c[.widthMin] == 2 && c[.widthMax] == 4)
  #expect(c[.inkArea] == 70)
  #expect(c[.latencyPushesMean] == 0.25)
  #expect(c[.latencyMsMean] == 8)  // only b is timed
  #expect(c[.segmentsPerSample] == 2.5)  // 100 segments / 40 samples
  #expect(c[.svgBytesPerSample] == nil)
  #expect(c.pressure == nil)
}

@Test func figuresRoundTripThroughJSON() throws {
  let f = QualityMeasure.drawing(
    FixtureDrawings.signature(), strategy: configured(TentativeTailPolyline.self))
  let back = try JSONDecoder().decode(QualityFigures.self, from: JSONEncoder().encode(f))
  #expect(back == f)
}
