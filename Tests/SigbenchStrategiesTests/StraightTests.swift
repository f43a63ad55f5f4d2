import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@Suite struct StraightTests {
  static let strategy = StrategyCatalog.defaults()[0]

  @Test("the centreline vertices are exactly the input samples")
  func verticesAreSamples() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let samples = StrokeGenerator.random(count: rng.int(in: 2...40), rng: &rng)
      let ink = Self.strategy.smooth(samples)
      let vertices = [ink.centerline[0].start] + ink.centerline.map(\.end)
      #expect(vertices == samples.map(\.point), "seed \(seed)")
      #expect(ink.centerline.allSatisfy { $0.startWidth == 2 && $0.endWidth == 2 })
      // One round cap or join per sample, except where a sample repeats the previous one (the
      // cap already drawn covers it).
      var distinct: [Point] = []
      for p in samples.map(\.point) where distinct.last != p { distinct.append(p) }
      #expect(ink.discs.map(\.center) == distinct, "seed \(seed)")
      #expect(ink.discs.allSatisfy { $0.radius == 1 })
    }
  }

  @Test("nothing is ever tentative: zero look-ahead")
  func noLookAhead() {
    let t = StrategyContract.run(Self.strategy, Fixtures.loop)
    #expect(t.tentatives.allSatisfy { $0.isEmpty })
    for chunk in t.stableChunks.dropLast() { #expect(!chunk.isEmpty) }
  }

  @Test("each move is a rectangle of the full width around the segment")
  func rectangle() {
    let ink = Self.strategy.smooth(StrokeGenerator.samples([(0, 0), (10, 0)]))
    #expect(
      ink.filledOutline == [
        .move(Point(x: 0, y: 1)), .line(Point(x: 10, y: 1)), .line(Point(x: 10, y: -1)),
        .line(Point(x: 0, y: -1)), .close,
      ])
  }
}
