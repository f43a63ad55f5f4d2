import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// perfect-freehand 1.2.2 ported whole-stroke (`perfect-freehand`) and incrementally
/// (`perfect-freehand-incremental`): worked values of the library, the equality of the two
/// ports, the incremental bounds, and the rate dependence of the library's width.
@Suite struct PerfectFreehandTests {
  static let defaults = PerfectFreehandOptions()

  /// Options with the pen's pressure used as is (radius 8 px at pressure 0.5).
  static let realPressure = PerfectFreehandOptions(simulatePressure: false)

  static func line(_ n: Int, spacing: Double, pressure: Double? = nil) -> [Sample] {
    (0..<n).map { Sample(x: Double($0) * spacing, y: 0, pressure: pressure) }
  }

  static func input(_ samples: [Sample]) -> [PerfectFreehandInput] {
    samples.map { PerfectFreehandInput($0, origin: samples[0].point) }
  }

  static func configured(_ spec: String) throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec.parse(spec))
  }

  @Test("options default to the code's values, not the README's")
  func defaultsOfTheCode() throws {
    let faithful = try StrategyCatalog.entry("perfect-freehand").descriptor
    let incremental = try StrategyCatalog.entry("perfect-freehand-incremental").descriptor
    let expected: [String: ParameterValue] = [
      "size": .number(16), "thinning": .number(0.5), "smoothing": .number(0.5),
      "streamline": .number(0.5), "simulate-pressure": .choice("true"),
      "start-taper": .number(0), "end-taper": .number(0), "start-cap": .choice("true"),
      "end-cap": .choice("true"), "last": .choice("false"), "last-at-finish": .choice("true"),
    ]
    for (name, value) in expected {
      #expect(faithful.parameter(named: name)?.defaultValue == value, "\(name)")
      #expect(incremental.parameter(named: name)?.defaultValue == value, "\(name)")
    }
    #expect(faithful.parameter(named: "live")?.defaultValue == .choice("true"))
    #expect(incremental.parameter(named: "live") == nil)
    #expect(faithful.cost == .wholeStrokePerPush && incremental.cost == .incremental)
    let c = try Self.configured("perfect-freehand-incremental").configuration
    #expect(try PerfectFreehandOptions(c) == Self.defaults)
    #expect(Self.defaults.pull == 0.575)
    #expect(Self.defaults.minDistanceSquared == 64)
    // The library's fans: 14 points per side at a corner, 13 on the start cap and the dot, 29
    // on the end cap (its t = 1/29, 2/29, … < 1 accumulates to just under 1 at the 29th).
    #expect(PerfectFreehandFans.cornerLeft.count == 14)
    #expect(PerfectFreehandFans.startCap.count == 13 && PerfectFreehandFans.dot.count == 13)
    #expect(PerfectFreehandFans.endCap.count == 29)
  }

  @Test("streamline pulls each point 0.575 of the way, and the gate drops points for 16 px")
  func streamlineAndGate() {
    let o = Self.defaults
    // (10, 0) streamlines to 5.75 (running length 5.75 < 16: dropped, the previous point stays
    // at the origin); (20, 0) to 11.5, running length 17.25, kept as the last point.
    var pts = PerfectFreehandStroke.points(Self.input(Self.line(3, spacing: 10)), o)
    #expect(pts.map(\.point) == [.zero, Point(x: 11.5, y: 0)])
    #expect(pts[1].runningLength == 17.25 && pts[1].distance == 11.5)
    #expect(pts[0].vector == Point(x: -1, y: 0) && pts[1].vector == Point(x: -1, y: 0))
    // A fourth sample: (20, 0) now opens the gate; (30, 0) streamlines from 11.5.
    pts = PerfectFreehandStroke.points(Self.input(Self.line(4, spacing: 10)), o)
    #expect(pts.count == 3)
    #expect(abs(pts[2].point.x - 22.1375) < 1e-12 && abs(pts[2].runningLength - 27.8875) < 1e-12)
    // `last`: the final sample is used as is.
    var withLast = o
    withLast.last = true
    pts = PerfectFreehandStroke.points(Self.input(Self.line(3, spacing: 10)), withLast)
    #expect(pts.last?.point == Point(x: 20, y: 0) && pts.last?.runningLength == 25.75)
    // One sample gets a second at (+1, +1), streamlined; two become five along the segment.
    pts = PerfectFreehandStroke.points(Self.input([Sample(x: 3, y: 4)]), o)
    #expect(pts.count == 2 && pts[1].point == Point(x: 0.575, y: 0.575))
    #expect(pts[0].pressure == 0.25 && pts[1].pressure == 0.5)
    pts = PerfectFreehandStroke.points(Self.input(Self.line(2, spacing: 8)), o)
    #expect(pts.count == 2 && abs(pts[1].point.x - 4.6) < 1e-12)
    #expect(abs(pts[1].runningLength - 11.5) < 1e-12)
  }

  @Test("radius from pressure and the simulated pressure step")
  func radiusAndPressure() {
    let o = Self.defaults
    #expect(o.radius(pressure: 0.5) == 8 && o.radius(pressure: 1) == 12)
    #expect(o.radius(pressure: 0) == 4)
    var negative = o
    negative.thinning = -0.5
    #expect(negative.radius(pressure: 1) == 4 && negative.radius(pressure: 0) == 12)
    // sp = 4/16, rp = 0.75: 0.25 + 0.5·0.25·0.275.
    #expect(abs(o.simulatedPressure(after: 0.25, distance: 4) - 0.284375) < 1e-15)
    // Faster than size per sample: the pressure falls by 27.5 %.
    #expect(abs(o.simulatedPressure(after: 0.5, distance: 40) - 0.3625) < 1e-15)
    // A straight line with pen pressure 1: offsets of 12 px on both sides.
    let outline = PerfectFreehand.outline(
      Self.line(40, spacing: 2, pressure: 1), options: Self.realPressure)
    #expect(outline.left.allSatisfy { abs($0.y + 12) < 1e-9 })
    #expect(outline.right.allSatisfy { abs($0.y - 12) < 1e-9 })
    #expect(outline.centre.allSatisfy { abs($0.width - 24) < 1e-9 })
  }

  @Test("outline of a straight line: 8 px offsets, 8 px spacing, round caps")
  func straightLineOutline() {
    let samples = Self.line(60, spacing: 2, pressure: 0.5)
    // As the library draws it while the pen moves (`last: false`): the streamlined end leaves
    // centre points within 3 px of it, the end noise checked below (used as is, the final
    // point is 3.5 px ahead of the one before, and no point is noise).
    var drawing = Self.realPressure
    drawing.lastAtFinish = false
    let o = PerfectFreehand.outline(samples, options: drawing)
    let centre = o.centre.map(\.point)
    // y down: the left side (point − perp(vector)·r) is above the line.
    #expect(
      o.left.allSatisfy { abs($0.y + 8) < 1e-9 } && o.right.allSatisfy { abs($0.y - 8) < 1e-9 })
    for side in [o.left, o.right] {
      for k in 2..<side.count - 1 { #expect(side[k].x - side[k - 1].x > 8) }
    }
    #expect(o.centre.allSatisfy { $0.width == 16 } && o.centre.count >= 10)
    #expect(o.startCap.count == 13 && o.endCap.count == 29 && o.dot.isEmpty)
    for p in o.startCap { #expect(abs(p.distance(to: centre[0]) - 8) < 1e-9) }
    for p in o.endCap { #expect(abs(p.distance(to: centre.last!) - 8) < 1e-9) }
    // The start cap turns the first right point by π + 0.0001: its last point lies just past
    // the first left point.
    let angle = atan2(o.startCap[12].y - centre[0].y, o.startCap[12].x - centre[0].x)
    #expect(abs(angle - (-Double.pi / 2 + 0.0001)) < 1e-12)
    // End noise: the centre points within 3 px of the end, but the last, carry no outline.
    let points = PerfectFreehandStroke.points(Self.input(samples), drawing)
    let total = points.last!.runningLength
    let noise = points.dropLast().filter { total - $0.runningLength < 3 }
    #expect(!noise.isEmpty && noise.allSatisfy { !centre.contains($0.point) })
    #expect(centre.count == points.count - noise.count)
    #expect(o.polygon.count == o.left.count + 29 + o.right.count + 13)
  }

  @Test("tapers scale the radius by t(2 − t) at the start and (t − 1)³ + 1 at the end")
  func tapers() {
    var o = Self.realPressure
    o.taperStart = 100
    o.taperEnd = 60
    let samples = Self.line(150, spacing: 2, pressure: 0.5)
    let points = PerfectFreehandStroke.points(Self.input(samples), o.atFinish)
    let total = points.last!.runningLength
    let outline = PerfectFreehand.outline(samples, options: o)
    var checked = 0
    for c in outline.centre {
      guard let p = points.first(where: { $0.point.x == c.point.x }) else {
        Issue.record("centre point \(c.point) is not a stroke point")
        continue
      }
      let t = p.runningLength
      let ts = t < 100 ? t / 100 * (2 - t / 100) : 1
      let u = (total - t) / 60 - 1
      let te = total - t < 60 ? u * u * u + 1 : 1
      #expect(abs(c.width - 2 * max(0.01, 8 * min(ts, te))) < 1e-9, "at \(t)")
      checked += 1
    }
    #expect(checked > 20)
    // Tapered ends have no caps: the end cap is the last point alone.
    #expect(outline.startCap.isEmpty && outline.endCap == [outline.centre.last!.point])
  }

  @Test("one sample, a dot, and the dot for what the library leaves invisible")
  func degenerateStrokes() throws {
    // One sample: two centre points, only the last drawn (the first is end noise).
    let one = PerfectFreehand.outline([Sample(x: 50, y: 50)], options: Self.defaults)
    #expect(one.left.count == 1 && one.right.count == 1 && one.centre.count == 1)
    #expect(one.polygon.count == 44)
    // Equal samples: one centre point, the library's dot, radius 6 (pressure 0.25 folded).
    let equal = [Sample(x: 5, y: 5), Sample(x: 5, y: 5)]
    let dot = PerfectFreehand.outline(equal, options: Self.defaults)
    #expect(dot.dot.count == 13 && dot.left.isEmpty && dot.centre.first?.width == 12)
    for p in dot.dot { #expect(abs(p.distance(to: Point(x: 5, y: 5)) - 6) < 1e-9) }
    // Tapered at both ends, the library leaves a 0.01 px sliver; here it is the dot.
    var tapered = Self.defaults
    tapered.taperStart = 20
    tapered.taperEnd = 20
    let tap = PerfectFreehand.outline([Sample(x: 50, y: 50)], options: tapered)
    #expect(tap.dot.count == 13 && tap.dot.allSatisfy { $0.distance(to: Point(x: 50, y: 50)) > 1 })
    let s = try Self.configured("perfect-freehand(start-taper=20,end-taper=20)")
    #expect(InkComparison.isVisible(s.smooth([Sample(x: 50, y: 50)])))
  }

  /// A random stroke: mostly the contract generator's (duplicates, hairpins, jumps), sometimes
  /// a long smooth one, with and without time and pressure.
  static func randomStroke(_ rng: inout SplitMix64) -> [Sample] {
    if rng.int(in: 0...2) > 0 {
      return StrokeGenerator.random(count: rng.int(in: 0...120), rng: &rng)
    }
    let n = rng.int(in: 100...500)
    let step = rng.double(in: 0.3...6)
    let timed = rng.int(in: 0...1) == 0
    let pressured = rng.int(in: 0...1) == 0
    var p = Point(x: rng.double(in: -200...200), y: rng.double(in: -200...200))
    var heading = rng.double(in: 0...6.28)
    var turn = 0.0
    var samples: [Sample] = []
    for i in 0..<n {
      turn = 0.9 * turn + rng.double(in: -0.08...0.08)
      heading += turn
      let d = step * (1 + sin(Double(i) / 9))
      p = p + Point(x: cos(heading) * d, y: sin(heading) * d)
      samples.append(
        Sample(
          x: p.x, y: p.y, time: timed ? Double(i) / 120 : nil,
          pressure: pressured ? 0.5 + 0.4 * sin(Double(i) / 13) : nil))
    }
    return samples
  }

  static func expectNear(_ a: [Point], _ b: [Point], _ what: String, _ note: String) -> Bool {
    guard a.count == b.count else {
      Issue.record("\(what): \(a.count) vs \(b.count) points, \(note)")
      return false
    }
    for (k, (p, q)) in zip(a, b).enumerated() {
      if let d = InkComparison.difference(p, q, tolerance: 0.01) {
        Issue.record("\(what)[\(k)]: \(d), \(note)")
        return false
      }
    }
    return true
  }

  /// Every point of `b` lies within 0.01 px of a point of `a` (a grid of 0.01 px cells).
  static func covers(_ a: [Point], _ b: [Point]) -> Bool {
    func cell(_ p: Point) -> [Int] { [Int((p.x / 0.01).rounded()), Int((p.y / 0.01).rounded())] }
    var cells: [[Int]: [Point]] = [:]
    for p in a { cells[cell(p), default: []].append(p) }
    return b.allSatisfy { p in
      let c = cell(p)
      for dx in -1...1 {
        for dy in -1...1
        where cells[[c[0] + dx, c[1] + dy]]?.contains(where: {
          $0.distance(to: p) <= 0.01
        }) == true {
          return true
        }
      }
      return false
    }
  }

  @Test("the incremental port draws the faithful port's outline points and caps")
  func incrementalEqualsFaithful() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    print("perfect-freehand-incremental vs perfect-freehand: seed \(seed)")
    let entry = try StrategyCatalog.entry("perfect-freehand-incremental")
    var withStable = 0
    for case_ in 0..<400 {
      let c =
        case_ < 100
        ? try entry.configure(StrategySpec(id: entry.descriptor.id))
        : StrategyContract.randomConfiguration(entry, rng: &rng)
      let o = try PerfectFreehandOptions(c.configuration)
      let samples = Self.randomStroke(&rng)
      let note = "seed \(seed) case \(case_) \(c.label) n=\(samples.count)"
      let a = PerfectFreehand.outline(samples, options: o)
      let b = PerfectFreehandIncremental.outline(samples, options: o)
      var ok = Self.expectNear(a.left, b.left, "left", note)
      ok = ok && Self.expectNear(a.right, b.right, "right", note)
      ok = ok && Self.expectNear(a.startCap, b.startCap, "start cap", note)
      ok = ok && Self.expectNear(a.endCap, b.endCap, "end cap", note)
      ok = ok && Self.expectNear(a.dot, b.dot, "dot", note)
      ok = ok && Self.expectNear(a.centre.map(\.point), b.centre.map(\.point), "centre", note)
      let widths = zip(a.centre, b.centre).allSatisfy { abs($0.width - $1.width) <= 0.01 }
      #expect(widths, "centre widths, \(note)")
      // The strategies' centrelines agree too, and every fill vertex of one is a vertex of
      // the other (the incremental cuts the same polygon into pieces).
      // The faithful port in batch mode (one computation; `batchMode` checks it equals live).
      let options =
        c.configuration.nonDefaultNames.map {
          StrategySpec.Option(name: $0, value: c.configuration.values[$0]!.description)
        } + [StrategySpec.Option(name: "live", value: "false")]
      let f = try StrategyCatalog.configure(StrategySpec(id: "perfect-freehand", options: options))
      let inkA = f.smooth(samples)
      let inkB = c.smooth(samples)
      let lines = InkComparison.difference(
        InkGeometry(centerline: inkA.centerline, outline: [], discs: []),
        InkGeometry(centerline: inkB.centerline, outline: [], discs: []), tolerance: 0.01)
      #expect(lines == nil, "centreline \(lines ?? ""), \(note)")
      let va = inkA.filledOutline.flatMap(InkComparison.points)
      let vb = inkB.filledOutline.flatMap(InkComparison.points)
      let covered = Self.covers(va, vb) && Self.covers(vb, va)
      #expect(covered, "fill vertices, \(note)")
      if inkB.filledOutline.filter({ $0 == .close }).count > 1 { withStable += 1 }
      if !(ok && widths && lines == nil && covered) { return }
    }
    #expect(withStable > 50, "strokes with stable pieces: \(withStable)")
  }

  @Test("incremental: stable ink comes early, and the tentative tail is bounded by the taper")
  func incrementalBounds() throws {
    // A long wavy line, 2,000 samples about 1.5 px apart.
    let samples = (0..<2000).map { (i: Int) -> Sample in
      Sample(x: Double(i) * 1.5, y: 20 * sin(Double(i) / 40))
    }
    for taper in [0.0, 50.0] {
      let s = try Self.configured("perfect-freehand-incremental(end-taper=\(taper))")
      var firstStable: Int?
      var tailLength = 0.0
      var early = 0
      var late = 0
      s.replay(samples, finish: false) { step, out in
        guard case .push(let i) = step else { return }
        if firstStable == nil && !out.stable.filledOutline.isEmpty { firstStable = i }
        guard i >= 100 else { return }
        let arc = out.tentative.centerline.reduce(0) { $0 + $1.start.distance(to: $1.end) }
        tailLength = max(tailLength, arc)
        if i < 300 { early = max(early, out.tentative.filledOutline.count) }
        if i >= 1800 { late = max(late, out.tentative.filledOutline.count) }
      }
      let window = max(3, taper)
      #expect((firstStable ?? .max) < 20 + Int(taper / 1.3), "taper \(taper): \(firstStable ?? -1)")
      // The window, plus the centre points whose outline waits for the next vector, plus the
      // newest sample (tentative until the next one, since the finish uses it as is).
      #expect(
        tailLength > window - 3 && tailLength <= window + 3 + 1.5,
        "taper \(taper): \(tailLength)")
      #expect(
        late <= early && early >= (taper == 0 ? 32 : 4),
        "taper \(taper): \(early) then \(late) elements")
      var stream = PerfectFreehandIncrementalEngine(
        options: PerfectFreehandOptions(taperEnd: taper))
      var most = 0
      for (i, sample) in samples.enumerated() {
        stream.push(PerfectFreehandInput(sample, origin: samples[0].point))
        if i >= 100 { most = max(most, stream.tailCount) }
      }
      print("taper \(taper): tail \(tailLength) px, \(most) points")
      #expect(most >= 2 && most <= Int(window / 1.3) + 3, "taper \(taper): \(most) points")
    }
  }

  @Test("the faithful port revises drawn ink as the stroke grows; the incremental one does not")
  func sawblading() throws {
    let samples = (0..<40).map { (i: Int) -> Sample in
      let t = Double(i)
      let x: Double = t * 4 + t * t * 0.1
      return Sample(x: x, y: 10 * sin(t / 5))
    }
    let faithful = try Self.configured("perfect-freehand")
    var starts: [Double] = []
    var stableBeforeFinish = false
    faithful.replay(samples) { step, out in
      guard case .push = step else { return }
      starts.append(out.tentative.centerline.first?.startWidth ?? .nan)
      stableBeforeFinish = stableBeforeFinish || !out.stable.isEmpty
    }
    #expect(!stableBeforeFinish)
    // The start pressure folds the first ten centre points: the start's width moves.
    #expect(abs(starts[6] - starts[14]) > 0.1, "start widths \(starts[6]) then \(starts[14])")
    let incremental = try Self.configured("perfect-freehand-incremental")
    var stableWidths: [Double] = []
    incremental.replay(samples) { _, out in
      stableWidths += out.stable.centerline.map(\.startWidth)
    }
    #expect(stableWidths.first == starts.last)
    // The finish moves the newest centre point to the pen-up point (`last-at-finish`), so the
    // tentative tail previews the stroke drawn so far, not the finish
    // (`PerfectFreehandFinishTests`).
    #expect(
      StrategyContract.check(
        incremental, samples, offset: Point(x: 17, y: -3), tentativePreviewsFinish: false) == [])
  }

  @Test("live=false writes nothing until finish, then the same ink as live")
  func batchMode() throws {
    let batch = try Self.configured("perfect-freehand(live=false)")
    let live = try Self.configured("perfect-freehand")
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for case_ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 0...24), rng: &rng)
      let offset = StrokeGenerator.randomOffset(range: 3000, rng: &rng)
      let t = StrategyContract.run(batch, samples)
      #expect(t.tentatives.allSatisfy { $0.isEmpty }, "seed \(seed) case \(case_)")
      #expect(t.stableChunks.dropLast().allSatisfy { $0.isEmpty }, "seed \(seed) case \(case_)")
      #expect(t.final == live.smooth(samples), "seed \(seed) case \(case_)")
      let failures = StrategyContract.check(
        batch, samples, offset: offset, tentativePreviewsFinish: false)
      #expect(failures == [], "seed \(seed) case \(case_)")
    }
    #expect(StrategyContract.checkSingle(batch, Sample(x: 3, y: 4)) == [])
  }

  /// The stroke of the peers' side-by-side measurement, recorded at 120 Hz: a signature-like
  /// curve (five loops, 448 px long) drawn in three bursts of speed, starting fast, with
  /// ±0.2 px of uniform jitter per coordinate: 200 samples about 0.02–6 px apart, mean 2.26 px
  /// (the peers' stroke: 0.12–9.8 px, mean 2.25 px).
  static func signatureMotion(rng: inout SplitMix64) -> [Sample] {
    let dense = 20_000
    var curve: [Point] = []
    var arc = [0.0]
    for k in 0...dense {
      let u = Double(k) / Double(dense)
      let phase: Double = 10 * Double.pi * u
      let drift: Double = 10 * sin(2.6 * Double.pi * u)
      let x: Double = 380 * u - 22 * sin(phase)
      curve.append(Point(x: x, y: 35 * cos(phase) + drift))
      if k > 0 { arc.append(arc[k - 1] + curve[k].distance(to: curve[k - 1])) }
    }
    let scale = 448 / arc[dense]
    // Cumulative speed: 0.02 + cos⁴(3πx) over the stroke's time x in [0, 1].
    var speed = [0.0]
    for k in 1...dense {
      let x = (Double(k) - 0.5) / Double(dense)
      let burst: Double = pow(cos(Double.pi * 3 * x), 4)
      speed.append(speed[k - 1] + 0.02 + burst)
    }
    var samples: [Sample] = []
    var j = 0
    for k in 0..<200 {
      let f = Double(k) / 199 * Double(dense)
      let i = min(dense - 1, Int(f))
      let s = (speed[i] + (speed[i + 1] - speed[i]) * (f - Double(i))) / speed[dense] * arc[dense]
      while j < dense - 1 && arc[j + 1] < s { j += 1 }
      let t = arc[j + 1] > arc[j] ? (s - arc[j]) / (arc[j + 1] - arc[j]) : 0
      let p = curve[j].lerp(curve[j + 1], min(1, max(0, t))) * scale
      samples.append(
        Sample(
          x: p.x + rng.double(in: -0.2...0.2), y: p.y + rng.double(in: -0.2...0.2),
          time: Double(k) / 120))
    }
    return samples
  }

  /// The same motion at another rate: every other sample (60 Hz), or the midpoint of every
  /// pair inserted (240 Hz, linear interpolation as `sigbench resample` does).
  static func atRate(_ s: [Sample], _ rate: Double) -> [Sample] {
    if rate == 120 { return s }
    if rate == 60 { return stride(from: 0, to: s.count, by: 2).map { s[$0] } }
    var out: [Sample] = []
    for (a, b) in zip(s, s.dropFirst()) {
      out.append(a)
      out.append(Sample(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, time: (a.time! + b.time!) / 2))
    }
    out.append(s[s.count - 1])
    return out
  }

  @Test("mean width (polygon area / length) grows with the rate: 17.4, 23.9, 27.7 px ± 25 %")
  func widthAgainstRate() {
    // The jitter decides how many turn fans the library draws, so one recording is noisy:
    // the figure is the mean over 16 recordings (fixed seeds 1–16, a measurement, not a
    // property sweep).
    var widths: [Double: [Double]] = [:]
    var centreWidths: [Double: [Double]] = [:]
    for seed in UInt64(1)...16 {
      var rng = SplitMix64(seed: seed)
      let recording = Self.signatureMotion(rng: &rng)
      let gaps = zip(recording, recording.dropFirst()).map { $0.0.point.distance(to: $0.1.point) }
      #expect(abs(gaps.reduce(0, +) / Double(gaps.count) - 2.25) < 0.1)
      for rate in [60.0, 120, 240] {
        let o = PerfectFreehand.outline(Self.atRate(recording, rate), options: Self.defaults)
        // The library's polygon: its shoelace area counts overlaps and fans again, so the
        // figure can exceed the 24 px greatest diameter.
        let area = InkComparison.polygonArea(o.polygon)
        var length = 0.0
        var swept = 0.0
        for (a, b) in zip(o.centre, o.centre.dropFirst()) {
          let l = a.point.distance(to: b.point)
          length += l
          swept += l * (a.width + b.width) / 2
        }
        widths[rate, default: []].append(area / length)
        centreWidths[rate, default: []].append(swept / length)
      }
    }
    var figures: [String] = []
    for (rate, measured) in [(60.0, 17.4), (120, 23.9), (240, 27.7)] {
      let w = widths[rate]!
      let mean = w.reduce(0, +) / Double(w.count)
      let centre = centreWidths[rate]!.reduce(0, +) / Double(w.count)
      figures.append(
        "\(Int(rate)) Hz: \(mean) px (recordings \(w.min()!)–\(w.max()!); centreline \(centre) px)")
      #expect(abs(mean - measured) <= 0.25 * measured, "\(figures.last!) vs \(measured)")
    }
    print("perfect-freehand mean width:", figures.joined(separator: "; "))
  }
}
