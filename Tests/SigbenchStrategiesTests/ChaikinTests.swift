import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// Chaikin corner cutting (Chaikin, Computer Graphics and Image Processing 3, 1974): cases
/// computed by hand, the point count per pass, the ends, the widths and the offline output.
@Suite struct ChaikinTests {
  static func strategy(_ spec: String) throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec.parse(spec))
  }

  /// The polyline's vertices: the first segment's start, then every segment's end.
  static func vertices(_ ink: InkGeometry) -> [Point] {
    ink.centerline.isEmpty ? [] : [ink.centerline[0].start] + ink.centerline.map(\.end)
  }

  static func points(_ xy: [(Double, Double)]) -> [Point] { xy.map { Point(x: $0.0, y: $0.1) } }

  @Test("one pass on a three-point corner: P₀, Q and R of each edge, P₂")
  func onePassCorner() throws {
    let corner = StrokeGenerator.samples([(0, 0), (8, 0), (8, 8)])
    let expected = Self.points([(0, 0), (2, 0), (6, 0), (8, 2), (8, 6), (8, 8)])
    let cut = Chaikin.subdivide(corner.map { WeightedPoint($0.point, width: 2) }, passes: 1)
    #expect(cut.map(\.point) == expected)
    let ink = try Self.strategy("chaikin(passes=1)").smooth(corner)
    #expect(Self.vertices(ink) == expected)
    // The corner sample itself is cut away: approximating, not interpolating.
    #expect(!Self.vertices(ink).contains(Point(x: 8, y: 0)))
  }

  @Test("two passes on a segment: quarters, then quarters of the quarters")
  func twoPassesOnASegment() throws {
    let ink = try Self.strategy("chaikin(passes=2)").smooth(
      StrokeGenerator.samples([(0, 0), (16, 0)]))
    // Pass 1: 0, 4, 12, 16. Pass 2: 0, then (1, 3), (6, 10), (13, 15), then 16.
    #expect(
      Self.vertices(ink)
        == Self.points([(0, 0), (1, 0), (3, 0), (6, 0), (10, 0), (13, 0), (15, 0), (16, 0)]))
  }

  @Test("the point count doubles with every pass", arguments: 1...6)
  func countDoubles(passes: Int) throws {
    let samples = Fixtures.loop  // 10 distinct samples
    let ink = try Self.strategy("chaikin(passes=\(passes))").smooth(samples)
    #expect(Self.vertices(ink).count == samples.count << passes)
    #expect(
      Chaikin.subdivide(samples.map { WeightedPoint($0.point, width: 1) }, passes: passes)
        .count == samples.count << passes)
  }

  @Test("the true endpoints of the stroke are kept, for any number of passes")
  func endpointsKept() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 2...20), rng: &rng)
      let passes = rng.int(in: 1...6)
      let v = Self.vertices(try Self.strategy("chaikin(passes=\(passes))").smooth(samples))
      #expect(v.first == samples.first?.point, "seed \(seed)")
      #expect(v.last == samples.last?.point, "seed \(seed)")
    }
  }

  @Test("widths are interpolated with the positions' weights (pressure model)")
  func widthInterpolation() throws {
    let s = try Self.strategy("chaikin(passes=1,width=pressure,min-width=1,max-width=5)")
    // Pressures 0, 1, 0.5 give widths 1, 5, 3; each edge's Q and R weigh them ¾/¼ and ¼/¾.
    let samples = [
      Sample(x: 0, y: 0, pressure: 0), Sample(x: 8, y: 0, pressure: 1),
      Sample(x: 8, y: 8, pressure: 0.5),
    ]
    let ink = s.smooth(samples)
    let widths = [ink.centerline[0].startWidth] + ink.centerline.map(\.endWidth)
    #expect(widths == [1, 2, 4, 4.5, 3.5, 3])
    // Every segment's width runs between its two vertices' widths.
    for (a, b) in zip(ink.centerline, ink.centerline.dropFirst()) {
      #expect(a.endWidth == b.startWidth)
    }
  }

  @Test("a single sample is a dot of the full width")
  func singleSample() throws {
    let ink = try Self.strategy("chaikin").smooth([Sample(x: 3, y: 4)])
    #expect(ink.centerline.isEmpty)
    #expect(ink.discs == [Disc(center: Point(x: 3, y: 4), radius: 1)])
  }

  @Test("offline: nothing is stable before finish; finish bakes the last tentative ink")
  func offline() throws {
    let s = try Self.strategy("chaikin")
    #expect(s.cost == .offline)
    #expect(!StrategyCatalog.defaults().map(\.id).contains("chaikin"))
    let t = StrategyContract.run(s, Fixtures.sharpCorner)
    #expect(t.stableChunks.dropLast().allSatisfy { $0.isEmpty })
    #expect(t.tentatives.allSatisfy { !$0.isEmpty })
    #expect(t.stableChunks.last == t.tentatives.last)
    #expect(t.final == s.smooth(Fixtures.sharpCorner))
  }

  @Test("the input filter runs in front: min-distance drops samples before the cut")
  func filterInFront() throws {
    let samples = StrokeGenerator.samples([(0, 0), (0.5, 0), (16, 0)])
    let filtered = try Self.strategy("chaikin(passes=1,min-distance=1)").smooth(samples)
    #expect(Self.vertices(filtered) == Self.points([(0, 0), (4, 0), (12, 0), (16, 0)]))
    let all = try Self.strategy("chaikin(passes=1)").smooth(samples)
    #expect(Self.vertices(all).count == 6)
  }
}
