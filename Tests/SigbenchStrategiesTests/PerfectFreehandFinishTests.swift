import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// `last-at-finish`: both perfect-freehand ports draw, while the pen moves, the library's
/// `getStroke(points, { last })` (last false by default) and finish with
/// `getStroke(points, { last: true })`, as the library's users call it for a completed stroke.
@Suite struct PerfectFreehandFinishTests {
  static func configured(_ spec: String) throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec.parse(spec))
  }

  @Test("the finished stroke ends at the pen-up point; last-at-finish=false ends short of it")
  func endsAtPenUp() throws {
    // The library's worked line (see `streamlineAndGate`): (0,0), (10,0), (20,0). Streamlined,
    // the final point lands at 11.5 (running length 17.25); used as is, at 20 (25.75).
    let samples = [Sample(x: 0, y: 0), Sample(x: 10, y: 0), Sample(x: 20, y: 0)]
    let finished = PerfectFreehandOptions()
    #expect(finished.lastAtFinish && !finished.last)
    #expect(
      PerfectFreehand.outline(samples, options: finished).centre.last?.point == Point(x: 20, y: 0))
    #expect(
      PerfectFreehandIncremental.outline(samples, options: finished).centre.last?.point
        == Point(x: 20, y: 0))
    var short = finished
    short.lastAtFinish = false
    #expect(
      PerfectFreehand.outline(samples, options: short).centre.last?.point == Point(x: 11.5, y: 0))
    #expect(
      PerfectFreehandIncremental.outline(samples, options: short).centre.last?.point
        == Point(x: 11.5, y: 0))
    // What the strategies draw: the centreline ends at the pen-up point.
    for id in ["perfect-freehand", "perfect-freehand-incremental"] {
      let ink = try Self.configured(id).smooth(samples)
      #expect(ink.centerline.last?.end == Point(x: 20, y: 0), "\(id)")
      let old = try Self.configured("\(id)(last-at-finish=false)").smooth(samples)
      #expect(old.centerline.last?.end == Point(x: 11.5, y: 0), "\(id)")
    }
  }

  @Test("perfect-freehand: each push draws getStroke(last false), the finish getStroke(last true)")
  func faithfulPortCallsTheLibraryTwoWays() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    print("perfect-freehand last-at-finish: seed \(seed)")
    let strategy = try Self.configured("perfect-freehand")
    let drawing = try Self.configured("perfect-freehand(last-at-finish=false)")
    let complete = try Self.configured("perfect-freehand(last=true)")
    var moved = 0
    for case_ in 0..<60 {
      let samples = StrokeGenerator.random(count: rng.int(in: 1...40), rng: &rng)
      let note = "seed \(seed) case \(case_) n=\(samples.count)"
      let t = StrategyContract.run(strategy, samples)
      // While drawing: nothing stable, and the whole stroke is what the library draws for
      // the prefix with last false (what its users see).
      for i in samples.indices {
        let expected = drawing.smooth(Array(samples[0...i]))
        #expect(t.stableChunks[i].isEmpty && t.tentatives[i] == expected, "push \(i), \(note)")
        if t.tentatives[i] != expected { return }
      }
      // Finished: the library with last true.
      #expect(t.final == complete.smooth(samples), "\(note)")
      if t.final != drawing.smooth(samples) { moved += 1 }
    }
    #expect(moved > 30, "strokes whose finish moved the end: \(moved) of 60")
  }

  @Test("perfect-freehand-incremental: the same two calls, and final ink still never moves")
  func incrementalPortCallsTheLibraryTwoWays() throws {
    let seed = propertySeed() &+ 1
    var rng = SplitMix64(seed: seed)
    print("perfect-freehand-incremental last-at-finish: seed \(seed)")
    let strategy = try Self.configured("perfect-freehand-incremental")
    let drawing = try Self.configured("perfect-freehand-incremental(last-at-finish=false)")
    let complete = try Self.configured("perfect-freehand-incremental(last=true)")
    for case_ in 0..<60 {
      let samples = PerfectFreehandTests.randomStroke(&rng)
      let note = "seed \(seed) case \(case_) n=\(samples.count)"
      let t = StrategyContract.run(strategy, samples)
      // Finished: exactly the engine path of last=true (same final pieces, same tail).
      #expect(t.final == complete.smooth(samples), "\(note)")
      // While drawing: stable so far + tentative has the centreline and the fill vertices of
      // the prefix finished with last false (the pieces are cut differently: the newest
      // centre point stays tentative one sample longer).
      for i in samples.indices where i % 7 == 0 || i == samples.count - 1 {
        var shown = InkGeometry()
        for k in 0...i { shown.append(contentsOf: t.stableChunks[k]) }
        shown.append(contentsOf: t.tentatives[i])
        let expected = drawing.smooth(Array(samples[0...i]))
        let lines = InkComparison.difference(
          InkGeometry(centerline: shown.centerline, outline: [], discs: []),
          InkGeometry(centerline: expected.centerline, outline: [], discs: []), tolerance: 1e-9)
        let va = shown.filledOutline.flatMap(InkComparison.points)
        let vb = expected.filledOutline.flatMap(InkComparison.points)
        let covered = PerfectFreehandTests.covers(va, vb) && PerfectFreehandTests.covers(vb, va)
        #expect(lines == nil && covered, "push \(i): \(lines ?? "fill vertices"), \(note)")
        if !(lines == nil && covered) { return }
      }
      // Stable ink is never revised, the finish included (on the shorter strokes: the check
      // replays every prefix).
      guard samples.count <= 80 else { continue }
      let failures = StrategyContract.check(
        strategy, samples, offset: Point(x: 31.5, y: -7), tentativePreviewsFinish: false)
      #expect(failures == [], "\(note)")
      if !failures.isEmpty { return }
    }
  }
}
