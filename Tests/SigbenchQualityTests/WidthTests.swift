import SigbenchCore
import SigbenchQuality
import SigbenchResults
import SigbenchStrategies
import Testing

private let straight = try! StrategyCatalog.configure(StrategySpec(id: "straight"))

/// The line from (0, 0) to (length, 0) sampled at `rate` Hz at 100 px/s, with pressure.
private func motion(rate: Double, length: Double = 100) -> Drawing {
  let n = Int(length / 100 * rate)
  let samples = (0...n).map { i in
    let u = Double(i) / Double(n)
    return Sample(x: length * u, y: 0, time: u * length / 100, pressure: 0.2 + 0.6 * u)
  }
  return Drawing(name: "line@\(rate)", strokes: [Stroke(samples: samples)])
}

@Test func constantWidthInkHasExactWidthFiguresAndArea() throws {
  let f = QualityMeasure.drawing(motion(rate: 120), strategy: straight)
  #expect(try #require(f[.widthMean]) == 2)
  #expect(try #require(f[.widthSD]) == 0)
  #expect(try #require(f[.widthMin]) == 2)
  #expect(try #require(f[.widthMax]) == 2)
  #expect(abs(try #require(f[.inkArea]) - 200) < 1e-9)
  #expect(abs(try #require(f.inkLength) - 100) < 1e-9)
}

@Test func identicalWidthsAcrossRatesGiveARateRatioOfExactlyOne() throws {
  let samples = [60.0, 120, 240].map { rate in
    QualityMeasure.RateSample(
      motion: "line", rate: rate,
      figures: QualityMeasure.drawing(motion(rate: rate), strategy: straight))
  }
  let stability = QualityMeasure.rateStability(samples)
  #expect(stability.count == 1)
  let line = try #require(stability.first)
  #expect(line.rates.map(\.rate) == [60, 120, 240])
  #expect(line.widthRatio == 1)
  #expect(line.areaRatio == 1)
  let corpus = QualityMeasure.aggregate(samples.map(\.figures), rateStability: stability)
  #expect(corpus[.rateWidthRatio] == 1)
  #expect(corpus[.rateAreaRatio] == 1)
}

@Test func rateRatioIsHighestRateOverLowest() throws {
  func figures(_ width: Double, _ area: Double) -> QualityFigures {
    QualityFigures(drawings: 1, [.widthMean: width, .inkArea: area])
  }
  let stability = QualityMeasure.rateStability([
    .init(motion: "m", rate: 240, figures: figures(3, 300)),
    .init(motion: "m", rate: 60, figures: figures(2, 200)),
    .init(motion: "m", rate: 120, figures: figures(2.5, 250)),
    .init(motion: "single", rate: 60, figures: figures(2, 200)),
  ])
  #expect(stability.map(\.motion) == ["m", "single"])
  #expect(stability[0].widthRatio == 1.5)
  #expect(stability[0].areaRatio == 1.5)
  #expect(stability[1].widthRatio == nil)
  // Geometric mean: ratios 1.5 and 1 / 1.5 average to 1.
  let mirrored = RateStability(motion: "n", rates: [], widthRatio: 1 / 1.5, areaRatio: nil)
  let g = try #require(RateStability.geometricMean([stability[0].widthRatio, mirrored.widthRatio]))
  #expect(abs(g - 1) < 1e-12)
}

@Test func spearmanOnAKnownRanking() throws {
  #expect(Spearman.correlation([1, 2, 3, 4, 5], [10, 20, 30, 40, 50]) == 1)
  #expect(Spearman.correlation([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]) == -1)
  // Ranks of y: 2, 1, 4, 3, 5; Σd² = 4, so ρ = 1 − 6·4 / (5·24) = 0.8.
  let rho = try #require(Spearman.correlation([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]))
  #expect(abs(rho - 0.8) < 1e-12)
  // Monotone but not linear: still 1.
  #expect(Spearman.correlation([1, 2, 3, 4], [1, 8, 27, 1000]) == 1)
  #expect(Spearman.ranks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4])
  #expect(Spearman.correlation([1, 2, 3], [4, 4, 4]) == nil)
  #expect(Spearman.correlation([1, 2], [1, 2]) == nil)
}

@Test func widthFollowingCrediblePressureCorrelatesFully() throws {
  let d = motion(rate: 120)
  let f = QualityMeasure.drawing(d, strategy: configured(PressureWidthPolyline.self))
  #expect(f.pressure?.isCredible == true)
  #expect(f.pressureCredibleDrawings == 1)
  #expect(abs(try #require(f[.pressureWidthSpearman]) - 1) < 1e-12)
  // Width 4p with p rising linearly from 0.2 to 0.8 along the line: mean 2, min 0.8, max 3.2.
  #expect(abs(try #require(f[.widthMean]) - 2) < 1e-9)
  #expect(abs(try #require(f[.widthMin]) - 0.8) < 1e-9)
  #expect(abs(try #require(f[.widthMax]) - 3.2) < 1e-9)
  // A constant-width strategy has no ranking to correlate: n/a, not 0.
  #expect(QualityMeasure.drawing(d, strategy: straight)[.pressureWidthSpearman] == nil)
}
