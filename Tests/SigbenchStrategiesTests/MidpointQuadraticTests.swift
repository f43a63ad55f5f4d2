import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// The classic iOS midpoint-quadratic signature view ("iOS smooth signature capture example
/// using quadratic bezier curve"): quadratic Béziers between midpoints, width 3, round caps,
/// tap dot.
@Suite struct MidpointQuadraticTests {
  static let strategy = StrategyCatalog.defaults()[1]

  static func q(_ a: (Double, Double), _ c: (Double, Double), _ b: (Double, Double))
    -> CenterlineSegment
  {
    .quadratic(
      Point(x: a.0, y: a.1), control: Point(x: c.0, y: c.1), Point(x: b.0, y: b.1), startWidth: 3,
      endWidth: 3)
  }

  @Test("reproduces the original view's segment sequence, starting with start = control")
  func segmentSequence() {
    let samples = StrokeGenerator.samples([(0, 0), (10, 0), (20, 10), (30, 10), (40, 0)])
    let ink = Self.strategy.smooth(samples)
    let expected = [
      Self.q((0, 0), (0, 0), (5, 0)),  // both last contact points are the first sample
      Self.q((5, 0), (10, 0), (15, 5)),
      Self.q((15, 5), (20, 10), (25, 10)),
      Self.q((25, 10), (30, 10), (35, 5)),
    ]
    var want = InkGeometry()
    want.centerline = InkArray(expected)
    var got = InkGeometry()
    got.centerline = ink.centerline
    #expect(InkComparison.difference(got, want, tolerance: 1e-12) == nil)
    // The final half-segment (35, 5) → (40, 0) is never drawn, as in the original view.
    #expect(ink.centerline.last?.end == Point(x: 35, y: 5))
    // Round caps: a disc of radius 1.5 at the first start and at every segment end.
    #expect(
      ink.discs.map(\.center) == [
        Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 15, y: 5), Point(x: 25, y: 10),
        Point(x: 35, y: 5),
      ])
    #expect(ink.discs.allSatisfy { $0.radius == 1.5 })
  }

  @Test("each move is stable at once; only the tap dot is ever tentative")
  func latency() {
    let samples = StrokeGenerator.samples([(0, 0), (10, 0), (20, 10)])
    let t = StrategyContract.run(Self.strategy, samples)
    #expect(t.tentatives[0].discs == [Disc(center: .zero, radius: 1.5)])
    #expect(t.stableChunks[0].isEmpty)
    #expect(t.tentatives[1].isEmpty && t.tentatives[2].isEmpty)
    #expect(t.stableChunks[1].centerline.count == 1 && t.stableChunks[2].centerline.count == 1)
    #expect(t.stableChunks[3].isEmpty)
  }

  @Test("a stroke that never moves draws a dot of diameter 3")
  func tapDot() {
    let ink = Self.strategy.smooth([Sample(x: 4, y: 7)])
    #expect(ink.discs == [Disc(center: Point(x: 4, y: 7), radius: 1.5)])
    #expect(ink.filledOutline.isEmpty && ink.centerline.isEmpty)
    // A move to the same place is a zero-length round-capped curve: still exactly the dot.
    let still = Self.strategy.smooth(StrokeGenerator.samples([(4, 7), (4, 7)]))
    #expect(still.filledOutline.isEmpty)
    #expect(Set(still.discs) == [Disc(center: Point(x: 4, y: 7), radius: 1.5)])
  }

  @Test("midpoint-quadratic(width=pressure): midpoint widths average their samples")
  func pressureWidth() throws {
    let s = try StrategyCatalog.configure(StrategySpec.parse("midpoint-quadratic(width=pressure)"))
    let samples = [
      Sample(x: 0, y: 0, pressure: 0), Sample(x: 10, y: 0, pressure: 0.5),
      Sample(x: 20, y: 0, pressure: 1),
    ]
    let ink = s.smooth(samples)
    // min-width 1, max-width 5: widths 1, 3, 5; midpoints 2 and 4.
    #expect(ink.centerline.map(\.startWidth) == [1, 2])
    #expect(ink.centerline.map(\.endWidth) == [2, 4])
  }
}
