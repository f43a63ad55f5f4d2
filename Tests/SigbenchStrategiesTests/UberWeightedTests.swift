import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Test oracles for UberSignature's algorithm (uber/UberSignature 1.0.3, Objective-C), all on
/// geometry without a rasterizer: weights, counts of final cubics, worked examples, rung
/// invariants, continuity between segments, and the stroke lifecycle.
@Suite struct UberWeightedTests {
  /// One streaming run with per-push outputs.
  struct Run {
    var stable: [InkGeometry] = []
    var tentative: [InkGeometry] = []
    var final = InkGeometry()
  }

  static func run(_ points: [(Double, Double)], spec: String = "uber-weighted") throws -> Run {
    let s = try StrategyCatalog.configure(StrategySpec.parse(spec))
    let t = StrategyContract.run(s, StrokeGenerator.samples(points))
    return Run(
      stable: Array(t.stableChunks.dropLast()), tentative: t.tentatives, final: t.final)
  }

  static func expectElements(
    _ actual: [PathElement], _ expected: [PathElement], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var a = InkGeometry()
    var b = InkGeometry()
    a.outline = InkArray(actual)
    b.outline = InkArray(expected)
    let d = InkComparison.difference(a, b, tolerance: 1e-9)
    #expect(d == nil, "\(what): \(d ?? "")", sourceLocation: sourceLocation)
  }

  static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  // MARK: Oracle: weights

  @Test("weight function gives 7, 6.8, 6, 2.1 and 2 at d = 0, 2, 10, 49 and ≥ 50")
  func weightValues() {
    let cases: [(Double, Double)] = [(0, 7), (2, 6.8), (10, 6), (49, 2.1), (50, 2), (80, 2)]
    for (d, w) in cases {
      #expect(abs(UberConstants.weight(distance: d) - w) < 1e-12, "d = \(d)")
    }
  }

  @Test("stored weights lie in [2, 7] and the first is exactly 3")
  func weightRange() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let s = StrategyCatalog.defaults()[2]
    for _ in 0..<200 {
      let samples = StrokeGenerator.random(count: rng.int(in: 2...30), rng: &rng)
      let ink = s.smooth(samples)
      guard let first = ink.centerline.first else { continue }
      #expect(first.startWidth == 3, "seed \(seed)")
      for seg in ink.centerline {
        #expect((2...7).contains(seg.startWidth) && (2...7).contains(seg.endWidth), "seed \(seed)")
      }
    }
  }

  @Test("uniform spacing s gives every raw and join weight 2 + 0.1·max(0, 50 − s)")
  func uniformSpacing() throws {
    for s in [2.0, 5, 10, 33, 50, 70] {
      let pts = (0..<14).map { (Double($0) * s, 0.0) }
      let r = try Self.run(pts)
      let expected = 2 + 0.1 * max(0, 50 - s)
      for (i, seg) in r.final.centerline.enumerated() {
        if i > 0 { #expect(abs(seg.startWidth - expected) < 1e-9, "s = \(s)") }
        #expect(abs(seg.endWidth - expected) < 1e-9, "s = \(s)")
      }
      #expect(r.final.centerline.first?.startWidth == 3)
    }
  }

  // MARK: Oracle: counts of final cubics

  /// The shape of a temporary/finalized outline: "dot", "line", "quad" or "cubic".
  static func kind(_ ink: InkGeometry) -> String {
    if ink.filledOutline.isEmpty { return ink.discs.count == 1 ? "dot" : "none" }
    return InkComparison.kind(ink.filledOutline[1]) == "line"
      ? "line" : InkComparison.kind(ink.filledOutline[1])
  }

  @Test("after k accepted points max(0, ⌊(k−2)/3⌋) cubics are final; temporary kinds cycle")
  func counts() throws {
    let pts = (0..<17).map { i in (Double(i) * 6, 10 * Double(i % 3)) }
    let r = try Self.run(pts)
    var finalized = 0
    for k in 1...pts.count {
      finalized += r.stable[k - 1].filledOutline.filter { $0 == .close }.count
      #expect(finalized == max(0, (k - 2) / 3), "k = \(k)")
      let expected =
        k <= 4 ? ["dot", "line", "quad", "cubic"][k - 1] : ["line", "quad", "cubic"][(k - 5) % 3]
      #expect(Self.kind(r.tentative[k - 1]) == expected, "k = \(k)")
      for e in r.stable[k - 1].filledOutline where InkComparison.kind(e) == "quad" {
        Issue.record("finalized shapes are cubics, found \(e)")
      }
    }
  }

  @Test("a point closer than 2 px changes nothing; exactly 2 px is accepted")
  func jitterThreshold() throws {
    let r = try Self.run([(0, 0), (10, 0), (11.999, 0), (12, 0)])
    #expect(r.stable[2].isEmpty)
    #expect(r.tentative[2] == r.tentative[1])
    #expect(Self.kind(r.tentative[2]) == "line")
    #expect(Self.kind(r.tentative[3]) == "quad")
  }

  // MARK: Oracle: worked examples

  @Test("worked example: straight line to x = 40")
  func workedStraight() throws {
    let r = try Self.run([(0, 0), (10, 0), (20, 0), (30, 0), (40, 0)])
    let p = Self.p
    Self.expectElements(
      r.stable[4].filledOutline,
      [
        .move(p(0, -1.5)), .cubic(control1: p(10, -3), control2: p(20, -3), to: p(30, -3)),
        .line(p(30, 3)), .cubic(control1: p(20, 3), control2: p(10, 3), to: p(0, 1.5)), .close,
      ], "finalized cubic")
    Self.expectElements(
      r.tentative[4].filledOutline,
      [.move(p(30, -3)), .line(p(40, -3)), .line(p(40, 3)), .line(p(30, 3)), .close],
      "temporary line")
    #expect(r.stable[4].outlineStrokeWidth == 1)
    #expect(
      r.stable[4].centerline == [
        CenterlineSegment(
          start: p(0, 0), control1: p(10, 0), control2: p(20, 0), end: p(30, 0), startWidth: 3,
          endWidth: 6)
      ])
  }

  @Test("worked example: diagonal line, full quadrilateral not the Swift port's triangle")
  func workedDiagonal() throws {
    let r = try Self.run([(0, 0), (3, 4)])
    let p = Self.p
    Self.expectElements(
      r.tentative[1].filledOutline,
      [.move(p(1.2, -0.9)), .line(p(5.6, 2.05)), .line(p(0.4, 5.95)), .line(p(-1.2, 0.9)), .close],
      "diagonal line")
  }

  @Test("worked example: right-angle turn")
  func workedTurn() throws {
    let r = try Self.run([(0, 0), (10, 0), (10, 10)])
    let p = Self.p
    Self.expectElements(
      r.tentative[2].filledOutline,
      [
        .move(p(0, -1.5)), .quad(control: p(11.5, -1.5), to: p(13, 10)), .line(p(7, 10)),
        .quad(control: p(8.5, 1.5), to: p(0, 1.5)), .close,
      ], "turn")
  }

  @Test("worked examples hold anywhere on the canvas (translated by 1e4)")
  func workedTranslated() throws {
    let r = try Self.run([(10000, 10000), (10003, 10004)])
    let p = Self.p
    Self.expectElements(
      r.tentative[1].filledOutline,
      [
        .move(p(10001.2, 9999.1)), .line(p(10005.6, 10002.05)), .line(p(10000.4, 10005.95)),
        .line(p(9998.8, 10000.9)), .close,
      ], "diagonal line at 1e4")
  }

  // MARK: Oracle: rung invariants

  @Test("rungs: midpoint on the centreline, end rungs perpendicular of length w")
  func rungInvariants() {
    var rng = SplitMix64(seed: propertySeed())
    for _ in 0..<500 {
      let a = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let b = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let x = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let w = rng.double(in: 0.1...10)
      let r = RungOutline.rung(from: a, to: b, through: x, width: w)
      #expect(InkComparison.difference(r.start.midpoint(r.end), x, tolerance: 1e-9) == nil)
      #expect(abs((r.end - r.start).dot(b - a)) < 1e-9 * (b - a).length * w)
      #expect(abs((r.end - r.start).length - w) < 1e-9)
      // `start` is on the visual left of travel (y down): cross(dir, start − x) < 0.
      #expect((b - a).cross(r.start - x) < 0)
    }
    let zero = RungOutline.rung(
      from: Point.zero, to: Point.zero, through: Point(x: 1, y: 2), width: 5)
    #expect(zero.start == Point(x: 1, y: 2) && zero.end == Point(x: 1, y: 2))
  }

  @Test("averaged interior rungs have half-length (w/2)·cos(θ/2)")
  func averagedRungs() {
    var rng = SplitMix64(seed: propertySeed())
    for _ in 0..<500 {
      let x = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
      let w = rng.double(in: 0.5...8)
      let phi = rng.double(in: -3.1...3.1)
      let theta = rng.double(in: -3.1...3.1)
      let d1 = Point(x: cos(phi), y: sin(phi))
      let d2 = Point(x: cos(phi + theta), y: sin(phi + theta))
      let r1 = RungOutline.rung(from: x - d1, to: x, through: x, width: w)
      let r2 = RungOutline.rung(from: x, to: x + d2, through: x, width: w)
      let avg = r1.averaged(with: r2)
      #expect(InkComparison.difference(avg.start.midpoint(avg.end), x, tolerance: 1e-9) == nil)
      #expect(abs((avg.end - avg.start).length / 2 - w / 2 * abs(cos(theta / 2))) < 1e-9)
    }
  }

  @Test("every rung of every emitted shape is centred on its centreline point")
  func emittedRungsCentred() throws {
    var rng = SplitMix64(seed: propertySeed())
    let s = StrategyCatalog.defaults()[2]
    for _ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 5...30), rng: &rng)
      let ink = s.smooth(samples)
      let shapes = ink.filledOutline.split(separator: .close)
      #expect(shapes.count == ink.centerline.count)
      var failures = 0
      defer { #expect(failures == 0) }
      for (shape, seg) in zip(shapes, ink.centerline) where failures == 0 {
        let e = Array(shape)
        let near = { (a: Point, b: Point) in InkComparison.difference(a, b, tolerance: 1e-9) }
        // Start rung: move point and the end of the return side.
        let startEnd = InkComparison.points(e[3]).last!
        if near(InkComparison.points(e[0])[0].midpoint(startEnd), seg.start) != nil {
          failures += 1
        }
        // End rung: end of the forward side and the line after it.
        let endStart = InkComparison.points(e[1]).last!
        if near(endStart.midpoint(InkComparison.points(e[2])[0]), seg.end) != nil { failures += 1 }
        if case .cubic(let lbs, let lcs, _) = e[1], case .cubic(let lce, let lbe, _) = e[3] {
          if near(lbs.midpoint(lbe), seg.control1) != nil { failures += 1 }
          if near(lcs.midpoint(lce), seg.control2) != nil { failures += 1 }
        }
      }
    }
  }

  // MARK: Oracle: continuity between segments

  /// (start rung, end rung) of one closed rung shape.
  static func endRungs(_ e: [PathElement]) -> (start: (Point, Point), end: (Point, Point)) {
    (
      (InkComparison.points(e[0])[0], InkComparison.points(e[3]).last!),
      (InkComparison.points(e[1]).last!, InkComparison.points(e[2])[0])
    )
  }

  @Test("the end rung of each finalized segment equals the next segment's start rung")
  func continuity() throws {
    var rng = SplitMix64(seed: propertySeed())
    let s = StrategyCatalog.defaults()[2]
    var mismatches: [String] = []
    func same(_ a: (Point, Point), _ b: (Point, Point), _ what: String) {
      if let d = InkComparison.difference(a.0, b.0, tolerance: 1e-9)
        ?? InkComparison.difference(a.1, b.1, tolerance: 1e-9)
      {
        mismatches.append("\(what): \(d)")
      }
    }
    defer { #expect(mismatches.isEmpty, "\(mismatches.prefix(3))") }
    for _ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 8...40), rng: &rng)
      let t = StrategyContract.run(s, samples)
      var finalized: [[PathElement]] = []
      for (i, chunk) in t.stableChunks.dropLast().enumerated() {
        finalized += chunk.filledOutline.split(separator: .close).map(Array.init)
        guard let last = finalized.last, t.tentatives[i].filledOutline.count == 5 else { continue }
        // Finalized → temporary.
        same(
          Self.endRungs(last).end, Self.endRungs(t.tentatives[i].filledOutline).start,
          "to temporary")
      }
      for (x, y) in zip(finalized, finalized.dropFirst()) {
        same(Self.endRungs(x).end, Self.endRungs(y).start, "between finalized")
      }
    }
  }

  // MARK: Oracle: lifecycle, and the tap dot

  @Test("a tap is a dot of radius 3 with the 1 px stroke set, shown with radius 3.5")
  func tap() throws {
    let r = try Self.run([(7, 8)])
    #expect(r.final.discs == [Disc(center: Point(x: 7, y: 8), radius: 3)])
    #expect(r.final.outlineStrokeWidth == 1)
    #expect(r.final.filledOutline.isEmpty && r.final.centerline.isEmpty)
    // Moves under 2 px keep the dot.
    let jitter = try Self.run([(7, 8), (8, 8), (7, 9.5)])
    #expect(jitter.final == r.final)
  }

  @Test("finish bakes the temporary shape as is; a new point after it starts a fresh dot")
  func lifecycle() throws {
    var u = UberWeighted(
      settings: try UberWeighted.settings(
        from: StrategyConfiguration(
          descriptor: UberWeighted.descriptor, options: [])))
    var out = StrokeOutput()
    for x in [0.0, 10, 20] { u.push(Sample(x: x, y: 0), into: &out) }
    let temporary = out.tentative
    u.finish(into: &out)
    #expect(out.stable == temporary)
    #expect(out.tentative.isEmpty)
    u.push(Sample(x: 100, y: 50), into: &out)
    #expect(out.stable.isEmpty)
    #expect(out.tentative.discs == [Disc(center: Point(x: 100, y: 50), radius: 3)])
    #expect(out.tentative.filledOutline.isEmpty)
  }
}
