import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// The straight strategy (centreline exactly the input polyline).
private let straight = try! StrategyCatalog.configure(StrategySpec(id: "straight"))

@Test func inkOnItsReferenceIsAtDistanceZeroBothWays() {
  let samples = FixtureDrawings.corner()
  let ink = straight.smooth(samples)
  let d = CurveAccuracy.distances(ink: ink, reference: samples.map(\.point))
  #expect(!d.inkToReference.isEmpty && !d.referenceToInk.isEmpty)
  #expect(d.inkToReference.max()! < 1e-9)
  #expect(d.referenceToInk.max()! < 1e-9)
}

@Test func reverseAccuracyCatchesAMissingFinalSegment() {
  // Truth: 0 → 100 → (100, 50). The ink draws only the first leg: every ink point lies on
  // the truth, but the truth's second leg is up to 50 px from any ink.
  let truth = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 50)]
  let ink = InkGeometry(
    centerline: [.line(truth[0], truth[1], startWidth: 2, endWidth: 2)], outline: [], discs: [])
  let d = CurveAccuracy.distances(ink: ink, reference: truth)
  #expect(d.inkToReference.max()! < 1e-12)
  #expect(abs(d.referenceToInk.max()! - 50) < 1e-9)
  // 151 reference points every 1 px; the second leg's 50 points are 1, 2, … 50 px away.
  #expect(d.referenceToInk.count == 151)
  let mean = d.referenceToInk.reduce(0, +) / Double(d.referenceToInk.count)
  #expect(abs(mean - Double(50 * 51 / 2) / 151) < 1e-9)
}

@Test func gridDistancesEqualBruteForceOnSeededRandomCurves() throws {
  let seed = propertySeed()
  print("gridDistancesEqualBruteForceOnSeededRandomCurves: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  let strategies = StrategyCatalog.defaults()
  for round in 0..<16 {
    // Random strokes (duplicates, hairpins, 0.0001 to 120 px steps) shrunk 5× around their
    // start, so brute force stays quick; a jagged reference over the same region.
    let raw = StrokeGenerator.random(count: rng.int(in: 1...100), rng: &rng)
    let samples = raw.map { $0.translated(by: ($0.point - raw[0].point) * -0.8) }
    let truth = StrokeGenerator.random(count: rng.int(in: 1...120), rng: &rng).map {
      $0.point * 0.05 + samples[0].point + Point(x: rng.double(in: -30...30), y: 0)
    }
    let strategy = strategies[round % strategies.count]
    let ink = strategy.smooth(samples)
    let fast = CurveAccuracy.distances(ink: ink, reference: truth)
    let inkPoints = CurveAccuracy.inkPoints(ink)
    let polyline = CurveAccuracy.inkPolyline(ink)
    let refPoints = CurveAccuracy.referencePoints(truth)
    let forward = inkPoints.map { InkMetrics.distance($0, toPolyline: truth) }
    let backward = refPoints.map { InkMetrics.distance($0, toPolyline: polyline) }
    try #require(fast.inkToReference.count == forward.count, "seed \(seed) round \(round)")
    try #require(fast.referenceToInk.count == backward.count, "seed \(seed) round \(round)")
    for (a, b) in zip(fast.inkToReference, forward) {
      #expect(abs(a - b) <= 1e-9 * max(1, b), "seed \(seed) round \(round) \(strategy.label)")
    }
    for (a, b) in zip(fast.referenceToInk, backward) {
      #expect(abs(a - b) <= 1e-9 * max(1, b), "seed \(seed) round \(round) \(strategy.label)")
    }
  }
}

@Test func catmullRomFollowsTheLoopTruthClosely() throws {
  let loop = FixtureDrawings.loop()
  let catmull = try StrategyCatalog.configure(StrategySpec(id: "catmull-rom"))
  let f = QualityMeasure.drawing(loop, strategy: catmull)
  #expect(f.reference == .truth)
  // Samples lie on the truth about 6 px apart; the spline between them stays within a
  // fraction of a pixel, and covers the whole truth.
  let mean = try #require(f[.accuracyMean])
  let worst = try #require(f[.accuracyMax])
  let coverage = try #require(f[.reverseAccuracyMax])
  #expect(mean < 0.1)
  #expect(worst < 0.5)
  #expect(coverage < 0.5)
  let straightFigures = QualityMeasure.drawing(loop, strategy: straight)
  #expect(mean < straightFigures[.accuracyMean]!)
}

@Test func farInkAndLongReferenceEdgesStillFindTheNearestPoint() {
  // A sparse zig-zag reference with 300 px diagonal edges, and ink 700 px away from most of
  // it: the grid search must widen ring by ring and still agree with brute force.
  let reference = (0..<6).map { Point(x: Double($0) * 200, y: $0 % 2 == 0 ? 0 : 220) }
  let ink = InkGeometry(
    centerline: [
      .line(Point(x: -400, y: 900), Point(x: 1500, y: -600), startWidth: 2, endWidth: 2)
    ], outline: [], discs: [])
  let fast = CurveAccuracy.distances(ink: ink, reference: reference)
  let forward = CurveAccuracy.inkPoints(ink).map {
    InkMetrics.distance($0, toPolyline: reference)
  }
  let backward = CurveAccuracy.referencePoints(reference).map {
    InkMetrics.distance($0, toPolyline: CurveAccuracy.inkPolyline(ink))
  }
  #expect(fast.inkToReference.count == forward.count)
  #expect(zip(fast.inkToReference, forward).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, $1) })
  #expect(zip(fast.referenceToInk, backward).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, $1) })
  #expect(forward.max()! > 500)
}

@Test func gridDistancesEqualBruteForceOnALongSelfCrossingCoil() throws {
  // A coil like metrics-bench's, short enough for brute force: loops that cross each other,
  // thousands of cell crossings, and measurement points at every position within a cell.
  func coil(_ u: Double) -> Point {
    let angle = 2 * Double.pi * u / 48
    return Point(x: 55.3 + 0.4 * u + 15.3 * cos(angle), y: 55.3 + 15.3 * sin(angle))
  }
  let samples = (0..<600).map { i in
    let p = coil(Double(i))
    let u = Double(i)
    return Sample(
      x: p.x + 0.15 * sin(7.1 * u), y: p.y + 0.15 * cos(3.3 * u), time: u / 120, pressure: 0.5)
  }
  let truth = (0...(5 * 599)).map { coil(Double($0) / 5) }
  for id in ["straight", "catmull-rom"] {
    let ink = try StrategyCatalog.configure(StrategySpec(id: id)).smooth(samples)
    for reference in [samples.map(\.point), truth] {
      let fast = CurveAccuracy.distances(ink: ink, reference: reference)
      let polyline = CurveAccuracy.inkPolyline(ink)
      let forward = CurveAccuracy.inkPoints(ink).map {
        InkMetrics.distance($0, toPolyline: reference)
      }
      let backward = CurveAccuracy.referencePoints(reference).map {
        InkMetrics.distance($0, toPolyline: polyline)
      }
      try #require(fast.inkToReference.count == forward.count)
      try #require(fast.referenceToInk.count == backward.count)
      #expect(zip(fast.inkToReference, forward).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, $1) })
      #expect(zip(fast.referenceToInk, backward).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, $1) })
    }
  }
}
