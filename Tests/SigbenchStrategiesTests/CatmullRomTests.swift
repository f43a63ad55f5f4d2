import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Centripetal Catmull-Rom (Yuksel, Schaefer and Keyser, Computer-Aided Design 43, 2011).
@Suite struct CatmullRomTests {
  static let strategy = StrategyCatalog.defaults()[3]

  /// Samples after the strategy's duplicate removal (strict `<` 0.01 px to the last kept one).
  static func deduplicated(_ samples: [Sample], epsilon: Double = 0.01) -> [Point] {
    var kept: [Point] = []
    for s in samples where kept.last.map({ (s.point - $0).length >= epsilon }) ?? true {
      kept.append(s.point)
    }
    return kept
  }

  /// Barry–Goldman pyramid for the segment p1 → p2 at knot parameter t (the spline's direct
  /// evaluation, independent of the Bézier conversion under test).
  static func pyramid(_ p: [Point], alpha: Double, t: Double) -> Point {
    var k = [0.0]
    for i in 1..<4 { k.append(k[i - 1] + pow((p[i] - p[i - 1]).length, alpha)) }
    func lerp(_ a: Point, _ b: Point, _ ta: Double, _ tb: Double) -> Point {
      (a * (tb - t) + b * (t - ta)) / (tb - ta)
    }
    let a1 = lerp(p[0], p[1], k[0], k[1])
    let a2 = lerp(p[1], p[2], k[1], k[2])
    let a3 = lerp(p[2], p[3], k[2], k[3])
    let b1 = lerp(a1, a2, k[0], k[2])
    let b2 = lerp(a2, a3, k[1], k[3])
    return lerp(b1, b2, k[1], k[2])
  }

  /// The four control points of segment i of `pts`, with reflected phantoms at the ends.
  static func neighbourhood(_ pts: [Point], _ i: Int) -> [Point] {
    let before = i == 0 ? pts[0] + (pts[0] - pts[1]) : pts[i - 1]
    let after = i + 2 == pts.count ? pts[i + 1] + (pts[i + 1] - pts[i]) : pts[i + 2]
    return [before, pts[i], pts[i + 1], after]
  }

  @Test("the curve passes through every deduplicated sample, in order")
  func interpolates() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let samples = StrokeGenerator.random(count: rng.int(in: 2...40), rng: &rng)
      let kept = Self.deduplicated(samples)
      let ink = Self.strategy.smooth(samples)
      guard kept.count >= 2 else {
        #expect(ink.centerline.isEmpty && ink.discs.count == 1, "seed \(seed)")
        continue
      }
      let vertices = [ink.centerline[0].start] + ink.centerline.map(\.end)
      #expect(vertices.count == kept.count, "seed \(seed)")
      for (v, k) in zip(vertices, kept) {
        #expect(InkComparison.difference(v, k, tolerance: 1e-9) == nil, "seed \(seed)")
      }
    }
  }

  @Test("the Bézier form equals the centripetal pyramid to 1e-9, phantoms included")
  func bezierEqualsPyramid() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    var worst = 0.0
    for _ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 2...20), rng: &rng)
      let kept = Self.deduplicated(samples)
      let ink = Self.strategy.smooth(samples)
      for (i, seg) in ink.centerline.enumerated() {
        let p = Self.neighbourhood(kept, i)
        let t1 = (p[1] - p[0]).length.squareRoot()
        let t2 = t1 + (p[2] - p[1]).length.squareRoot()
        for j in 0...40 {
          let s = Double(j) / 40
          let d = (seg.point(at: s) - Self.pyramid(p, alpha: 0.5, t: t1 + s * (t2 - t1))).length
          worst = max(worst, d)
        }
      }
    }
    #expect(worst < 1e-9, "seed \(seed): worst \(worst)")
  }

  @Test("the phantom-end controls equal the general controls with the reflected phantom, any alpha")
  func phantomControlsReduce() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let a = WeightedPoint(
        Point(x: rng.double(in: -500...500), y: rng.double(in: -500...500)),
        width: rng.double(in: 0.5...8))
      let b = WeightedPoint(
        Point(x: rng.double(in: -500...500), y: rng.double(in: -500...500)),
        width: rng.double(in: 0.5...8))
      for alpha in [0, 0.3, 0.5, 1] {
        let d = CatmullRomSegment.knotStep(b.point - a.point, alpha)
        let after = CatmullRomSegment.phantom(beyond: b.point, from: a.point)
        let before = CatmullRomSegment.phantom(beyond: a.point, from: b.point)
        let end = CatmullRomSegment.endControl(
          a, b, after, knots: (d, CatmullRomSegment.knotStep(after - b.point, alpha)))
        let start = CatmullRomSegment.startControl(
          before, a, b, knots: (CatmullRomSegment.knotStep(a.point - before, alpha), d))
        let closedEnd = CatmullRomSegment.endControlBeforePhantom(a, b)
        let closedStart = CatmullRomSegment.startControlAfterPhantom(a, b)
        #expect((closedEnd.point - end.point).length < 1e-9, "seed \(seed), alpha \(alpha)")
        #expect((closedStart.point - start.point).length < 1e-9, "seed \(seed), alpha \(alpha)")
        #expect(closedEnd.width == end.width && closedStart.width == start.width)
      }
    }
  }

  @Test("the newest segment is tentative (one sample of lag) and finish bakes it unchanged")
  func lagIsTentative() {
    let samples = Fixtures.loop
    let t = StrategyContract.run(Self.strategy, samples)
    var stableSegments = 0
    for k in 1...samples.count {
      stableSegments += t.stableChunks[k - 1].centerline.count
      #expect(stableSegments == max(0, k - 2), "k = \(k)")
      let tail = t.tentatives[k - 1]
      if k == 1 {
        #expect(tail.discs == [Disc(center: samples[0].point, radius: 1)])
      } else {
        #expect(tail.centerline.count == 1 && tail.centerline[0].end == samples[k - 1].point)
      }
    }
    #expect(t.stableChunks.last?.centerline == t.tentatives.last?.centerline)
  }

  /// True when the segment crosses itself (flattened into `n` chords) or has a cusp (its speed
  /// drops below 1e-6 of its chord).
  static func loopsOrCusps(_ s: CenterlineSegment, n: Int = 400) -> Bool {
    let pts = (0...n).map { s.point(at: Double($0) / Double(n)) }
    let chord = max((s.end - s.start).length, 1e-12)
    for i in 1..<n {
      let v = (pts[i + 1] - pts[i - 1]) * (Double(n) / 2)
      if v.length < 1e-6 * chord { return true }
    }
    for i in 0..<(n - 2) {
      for j in (i + 2)..<n {
        if segmentsCross(pts[i], pts[i + 1], pts[j], pts[j + 1]) { return true }
      }
    }
    return false
  }

  /// True when chords a–b and c–d cross transversally (near-parallel chords, which a loop
  /// never needs, are ignored so rounding on a straight run cannot fake a crossing).
  static func segmentsCross(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    let r = b - a
    let q = d - c
    let denom = r.cross(q)
    guard abs(denom) > 1e-9 * r.length * q.length else { return false }
    let s = (c - a).cross(q) / denom
    let u = (c - a).cross(r) / denom
    return s > 1e-9 && s < 1 - 1e-9 && u > 1e-9 && u < 1 - 1e-9
  }

  @Test(
    "centripetal: no cusp or self-loop on the uneven-spacing, sharp-corner and loop fixtures",
    arguments: ["uneven-spacing", "sharp-corner", "loop", "hairpin"])
  func centripetalNoLoops(fixture: String) {
    let samples = Fixtures.all.first { $0.0 == fixture }!.1
    let ink = Self.strategy.smooth(samples)
    #expect(ink.centerline.count == samples.count - 1)
    for (i, seg) in ink.centerline.enumerated() {
      #expect(!Self.loopsOrCusps(seg), "\(fixture) segment \(i)")
    }
  }

  @Test(
    "uniform Catmull-Rom (alpha=0) loops on the same fixtures, at the short chord",
    arguments: [("uneven-spacing", 1), ("sharp-corner", 2), ("loop", 3)])
  func uniformLoops(fixture: String, segment: Int) throws {
    let samples = Fixtures.all.first { $0.0 == fixture }!.1
    let uniform = try StrategyCatalog.configure(StrategySpec.parse("catmull-rom(alpha=0)"))
    // The short chord between two long ones folds back on itself with uniform knots…
    #expect(Self.loopsOrCusps(uniform.smooth(samples).centerline[segment]))
    // …and not with centripetal knots.
    #expect(!Self.loopsOrCusps(Self.strategy.smooth(samples).centerline[segment]))
  }

  @Test("centripetal segments never loop on random strokes (Yuksel et al. guarantee)")
  func centripetalRandom() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    var bad: [String] = []
    for c in 0..<60 {
      let samples = StrokeGenerator.random(count: rng.int(in: 3...12), rng: &rng)
      for (i, seg) in Self.strategy.smooth(samples).centerline.enumerated()
      where Self.loopsOrCusps(seg, n: 120) {
        bad.append("case \(c) segment \(i)")
      }
    }
    #expect(bad.isEmpty, "seed \(seed): \(bad.prefix(5))")
  }

  @Test("catmull-rom(width=uber-distance) carries Uber's weights at the samples")
  func uberWidthsOnCatmullRom() throws {
    let s = try StrategyCatalog.configure(StrategySpec.parse("catmull-rom(width=uber-distance)"))
    let ink = s.smooth(StrokeGenerator.samples([(0, 0), (10, 0), (10, 30), (70, 30)]))
    #expect(ink.centerline.map(\.startWidth) == [3, 6, 4])
    #expect(ink.centerline.map(\.endWidth) == [6, 4, 2])
  }

  @Test("catmull-rom(width=pressure) follows pressure and falls back to size without it")
  func pressureWidths() throws {
    let s = try StrategyCatalog.configure(StrategySpec.parse("catmull-rom(width=pressure)"))
    let ink = s.smooth(Fixtures.pressureSpiral)
    for (seg, sample) in zip(ink.centerline, Fixtures.pressureSpiral) {
      #expect(abs(seg.startWidth - (1 + 4 * sample.pressure!)) < 1e-12)
    }
    let none = s.smooth(Fixtures.loop)
    #expect(none.centerline.allSatisfy { $0.startWidth == 2 && $0.endWidth == 2 })
  }
}
