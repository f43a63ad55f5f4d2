import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchStrategies
import Testing

private let straight = try! StrategyCatalog.configure(StrategySpec(id: "straight"))

private func drawing(_ points: [(Double, Double)], truth: [Point]? = nil) -> Drawing {
  Drawing(
    name: "constructed",
    strokes: [Stroke(samples: points.map { Sample(x: $0.0, y: $0.1) })],
    groundTruth: truth.map { GroundTruth(strokes: [$0]) })
}

@Test func inkThatStopsFivePixelsShortHasAnEndGapOfFive() throws {
  let d = drawing([(0, 0), (20, 0), (40, 10), (60, 10)])
  let f = QualityMeasure.drawing(d, strategy: configured(ShortEndPolyline.self))
  #expect(abs(try #require(f[.endGapMax]) - 5) < 1e-12)
  #expect(abs(try #require(f[.endGapMean]) - 5) < 1e-12)
  #expect(try #require(f[.startGapMax]) == 0)
  // The missing 5 px show on the reverse side only.
  #expect(abs(try #require(f[.reverseAccuracyMax]) - 5) < 1e-9)
  #expect(try #require(f[.accuracyMax]) < 1e-9)
}

@Test func gapsOfAStrategyThatReachesBothEndsAreZero() throws {
  let f = QualityMeasure.drawing(drawing([(0, 0), (30, 5), (60, 0)]), strategy: straight)
  #expect(try #require(f[.startGapMax]) == 0)
  #expect(try #require(f[.endGapMax]) == 0)
  #expect(f.gapStrokes == 1)
}

@Test func aStraightLineHasZeroTurnAndNoCorner() throws {
  let points = (0..<20).map { (Double($0) * 7, Double($0) * 3) }
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  #expect(f.joins == 18)
  #expect(f.cornerJoins == 0)
  #expect(try #require(f[.turnMax]) < 1e-6)
  #expect(try #require(f[.curvatureVariation]) < 1e-12)
  #expect(f[.cornerTurnMax] == nil)
}

@Test func aNinetyDegreeCornerIsReportedAtTheCorner() throws {
  // Right along y = 0, then down: the polyline turns 90° at (50, 0).
  let points = (0...5).map { (Double($0) * 10, 0.0) } + (1...5).map { (50.0, Double($0) * 10) }
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  #expect(f.cornerJoins == 1)
  #expect(abs(try #require(f[.cornerTurnMax]) - 90) < 1e-9)
  #expect(abs(try #require(f[.cornerTurnP50]) - 90) < 1e-9)
  #expect(f.joins == 8)
  #expect(try #require(f[.turnMax]) < 1e-9)
}

@Test func aRoundedCornerOfTheTruthIsStillACornerWithinTwoPixels() throws {
  // The truth turns 90° over 1.5 px of arc (three 30° steps of 0.5 px); the ink is the
  // sharp polyline, whose one join lies within 2 px of that turn.
  var truth = (0...40).map { Point(x: Double($0), y: 0) }
  truth += [Point(x: 40.43, y: 0.25), Point(x: 40.68, y: 0.68), Point(x: 40.75, y: 1.18)]
  truth += (2...40).map { Point(x: 40.75, y: Double($0)) }
  let f = QualityMeasure.drawing(
    drawing([(0, 0), (20, 0), (40.75, 0), (40.75, 20), (40.75, 40)], truth: truth),
    strategy: straight)
  #expect(f.reference == .truth)
  #expect(f.cornerJoins == 1)
  #expect(f.joins == 2)
  #expect(abs(try #require(f[.cornerTurnMax]) - 90) < 1e-9)
}

@Test func smallTurnsBelowThirtyDegreesAreNoCorner() throws {
  // Each vertex turns 20°, more than 2 px apart: no run of 2 px turns more than 30°.
  let points = twentyDegreeKinks()
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  #expect(f.cornerJoins == 0)
  #expect(f.joins == 5)
  #expect(abs(try #require(f[.turnMax]) - 20) < 1e-9)
}

@Test func curvatureVariationAtARealCornerIsSetApartFromTheRest() throws {
  // A 90° corner of the reference drawn sharp: all of its energy lies within 2 px of the
  // corner, so the part away from corners is 0 (up to rounding in the resampling) while the
  // whole is large.
  let points = (0...5).map { (Double($0) * 10, 0.0) } + (1...5).map { (50.0, Double($0) * 10) }
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  let whole = try #require(f[.curvatureVariation])
  #expect(whole > 0.01)
  let away = try #require(f[.curvatureVariationAway])
  #expect(away < 1e-9 * whole, "away \(away), whole \(whole)")
}

@Test func curvatureVariationAwayFromCornersCountsKinksThatAreNoCorner() throws {
  // The input turns 20° per vertex (no true corner): every kink is away from corners, so
  // the part away equals the whole.
  let points = twentyDegreeKinks()
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  let whole = try #require(f[.curvatureVariation])
  #expect(whole > 0.001)
  #expect(try #require(f[.curvatureVariationAway]) == whole)
}

@Test func curvatureVariationPartsAddUpWhenACornerAndKinksMeet() throws {
  // A sharp 90° corner plus 20° kinks far from it: the part away is the kinks' share only.
  let points: [(Double, Double)] =
    [(0, 0), (10, 0), (20, 0), (30, 0), (40, 0), (40, 10), (40, 20), (40, 30)]
    + [(43.42, 39.40), (46.84, 48.80)]
  let f = QualityMeasure.drawing(drawing(points), strategy: straight)
  let whole = try #require(f[.curvatureVariation])
  let away = try #require(f[.curvatureVariationAway])
  #expect(away > 0 && away < whole)
}

/// Seven vertices 10 px apart, each turning 20° from the last: kinks, but no true corner (no
/// run of 2 px of arc turns more than 30°).
private func twentyDegreeKinks() -> [(Double, Double)] {
  var points: [(Double, Double)] = [(0, 0)]
  var heading = 0.0
  for _ in 0..<6 {
    let last = points[points.count - 1]
    points.append((last.0 + 10 * cos(heading), last.1 + 10 * sin(heading)))
    heading += 20 * Double.pi / 180
  }
  return points
}
