import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ramer–Douglas–Peucker (Ramer 1972; Douglas and Peucker 1973): kept indices computed by hand,
/// the ε rule (a sample exactly ε from the line is dropped), the strategy's ink and its offline
/// output.
@Suite struct RamerDouglasPeuckerTests {
  static func points(_ xy: [(Double, Double)]) -> [Point] { xy.map { Point(x: $0.0, y: $0.1) } }

  static func strategy(_ spec: String) throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec.parse(spec))
  }

  /// The polyline's vertices: the first segment's start, then every segment's end.
  static func vertices(_ ink: InkGeometry) -> [Point] {
    ink.centerline.isEmpty ? [] : [ink.centerline[0].start] + ink.centerline.map(\.end)
  }

  /// Textbook recursive RDP, written independently of the iterative implementation.
  static func recursive(_ p: [Point], _ epsilon: Double) -> [Int] {
    guard p.count > 2 else { return Array(p.indices) }
    func split(_ lo: Int, _ hi: Int) -> [Int] {
      var best = -1
      var dmax = 0.0
      for i in (lo + 1)..<hi {
        let l = (p[hi] - p[lo]).length
        let d = l > 0 ? abs((p[hi] - p[lo]).cross(p[i] - p[lo])) / l : (p[i] - p[lo]).length
        if d > dmax {
          dmax = d
          best = i
        }
      }
      guard best >= 0, dmax > epsilon else { return [lo, hi] }
      return split(lo, best).dropLast() + split(best, hi)
    }
    return split(0, p.count - 1)
  }

  @Test("a zigzag keeps the hand-computed corners")
  func zigzag() throws {
    // Chord 0→6: |y| is 0.5, 0.5, 3, 0, 0.2, so 3 is kept. Chord 0→3: (2,−0.5) is 7.5/√18 ≈
    // 1.77 away (kept), (1,0.5) 0.35; chord 0→2: (1,0.5) is 1.5/√4.25 ≈ 0.73 (dropped). Chord
    // 3→6: (4,0) is 6/√18 ≈ 1.41 (kept), (5,0.2) 0.57; chord 4→6: (5,0.2) is 0.2 (dropped).
    let p = Self.points([(0, 0), (1, 0.5), (2, -0.5), (3, 3), (4, 0), (5, 0.2), (6, 0)])
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 1) == [0, 2, 3, 4, 6])
    let ink = try Self.strategy("rdp").smooth(p.map { Sample(x: $0.x, y: $0.y) })
    #expect(Self.vertices(ink) == [0, 2, 3, 4, 6].map { p[$0] })
    #expect(ink.centerline.allSatisfy { $0.startWidth == 2 && $0.endWidth == 2 })
  }

  @Test("ε boundary: a sample exactly ε from the line is dropped (strict >), closer ε keeps it")
  func epsilonBoundary() throws {
    let p = Self.points([(0, 0), (5, 2), (10, 0)])  // (5,2) is exactly 2 from the chord
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 2) == [0, 2])
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 1.999) == [0, 1, 2])
    let samples = p.map { Sample(x: $0.x, y: $0.y) }
    #expect(Self.vertices(try Self.strategy("rdp(epsilon=2)").smooth(samples)) == [p[0], p[2]])
    #expect(Self.vertices(try Self.strategy("rdp(epsilon=1.999)").smooth(samples)) == p)
  }

  @Test("collinear samples are dropped, whatever their spacing")
  func collinear() throws {
    #expect(
      RamerDouglasPeucker.keptIndices(Fixtures.line10.map(\.point), epsilon: 0.001) == [0, 12])
    let uneven = Self.points([(0, 0), (0.5, 1), (0.5, 1), (2, 4), (2.25, 4.5), (5, 10)])
    #expect(RamerDouglasPeucker.keptIndices(uneven, epsilon: 1e-9) == [0, 5])
    let ink = try Self.strategy("rdp").smooth(Fixtures.line10)
    #expect(Self.vertices(ink) == [Point(x: 0, y: 0), Point(x: 120, y: 0)])
  }

  @Test("a spike larger than ε is kept: a simplifier, not a smoother")
  func spikeKept() throws {
    // Chord 0→6 keeps the spike (3,5); chord 0→3: (2,0) is 10/√34 ≈ 1.71 (kept), (1,0) 0.86;
    // chord 3→6: (4,0) ≈ 1.71 (kept), (5,0) 0.86.
    let p = Self.points([(0, 0), (1, 0), (2, 0), (3, 5), (4, 0), (5, 0), (6, 0)])
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 1) == [0, 2, 3, 4, 6])
    // A spike of 1.5 px on a 1 px tolerance survives; at a 1.5 px tolerance it is gone.
    let small = Self.points([(0, 0), (5, 0), (10, 1.5), (15, 0), (20, 0)])
    #expect(RamerDouglasPeucker.keptIndices(small, epsilon: 1).contains(2))
    #expect(RamerDouglasPeucker.keptIndices(small, epsilon: 1.5) == [0, 4])
  }

  @Test("distance is to the line: an overshoot along the chord is dropped; closed spans")
  func lineDistance() {
    // (20,0) lies on the line through (0,0) and (10,0), beyond the chord's end.
    #expect(
      RamerDouglasPeucker.keptIndices(Self.points([(0, 0), (20, 0), (10, 0)]), epsilon: 1)
        == [0, 2])
    // Ends at the same point: distance from the start, so (3,0) is kept; then (0,0.5) is 0.5
    // from the line through (3,0) and (0,0) and is dropped.
    #expect(
      RamerDouglasPeucker.keptIndices(Self.points([(0, 0), (3, 0), (0, 0.5), (0, 0)]), epsilon: 1)
        == [0, 1, 3])
  }

  @Test("of equally far samples the first is kept")
  func firstOfEquals() {
    // (1,3) and (2,3) are both 3 from chord 0→3. Keeping (1,3) leaves (2,3) 3/√13 ≈ 0.83 from
    // chord 1→3 (dropped); keeping the last instead would give [0, 2, 3].
    let p = Self.points([(0, 0), (1, 3), (2, 3), (3, 0)])
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 1) == [0, 1, 3])
  }

  @Test("the iterative pass equals textbook recursion on random strokes")
  func matchesRecursion() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let p = StrokeGenerator.random(count: rng.int(in: 0...200), rng: &rng).map(\.point)
      let epsilon = rng.double(in: 0.05...20)
      #expect(
        RamerDouglasPeucker.keptIndices(p, epsilon: epsilon) == Self.recursive(p, epsilon),
        "seed \(seed)")
    }
  }

  @Test("the worst case, one sample peeled off per split, runs without recursion")
  func worstCaseDepth() {
    // A spiral turning 100° per sample and shrinking towards its centre, the last sample: from
    // any sample k the next one is the farthest from the line k → centre (|sin 100°| is the
    // largest |sin(j·100°)|, and later samples lie closer in), so every span splits next to
    // its start, n − 2 splits deep. The radius stays above 6 px, so every sample is kept.
    let n = 10_000
    let turn = 100 * Double.pi / 180
    var p = (0..<(n - 1)).map { i in
      let r = 1000 * pow(0.9995, Double(i))
      return Point(x: r * cos(Double(i) * turn), y: r * sin(Double(i) * turn))
    }
    p.append(.zero)
    #expect(RamerDouglasPeucker.keptIndices(p, epsilon: 1) == Array(0..<n))
  }

  @Test("one or two samples are kept as they are; one is a dot")
  func tiny() throws {
    #expect(RamerDouglasPeucker.keptIndices([], epsilon: 1) == [])
    #expect(RamerDouglasPeucker.keptIndices(Self.points([(1, 1)]), epsilon: 1) == [0])
    #expect(RamerDouglasPeucker.keptIndices(Self.points([(1, 1), (1, 1)]), epsilon: 1) == [0, 1])
    let ink = try Self.strategy("rdp").smooth([Sample(x: 3, y: 4)])
    #expect(ink.centerline.isEmpty && ink.discs == [Disc(center: Point(x: 3, y: 4), radius: 1)])
  }

  @Test("offline: nothing is stable before finish; each push previews the simplification")
  func offline() throws {
    let s = try Self.strategy("rdp")
    #expect(s.cost == .offline)
    #expect(!StrategyCatalog.defaults().map(\.id).contains("rdp"))
    let t = StrategyContract.run(s, Fixtures.loop)
    #expect(t.stableChunks.dropLast().allSatisfy { $0.isEmpty })
    #expect(t.stableChunks.last == t.tentatives.last)
    // The preview after sample i is the simplification of samples 0…i.
    for i in Fixtures.loop.indices.dropFirst() {
      let prefix = Fixtures.loop[0...i].map(\.point)
      let kept = RamerDouglasPeucker.keptIndices(prefix, epsilon: 1).map { prefix[$0] }
      #expect(Self.vertices(t.tentatives[i]) == kept, "after sample \(i)")
    }
  }
}
