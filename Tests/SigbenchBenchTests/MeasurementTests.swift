import SigbenchBench
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@Suite("per-point benchmark")
struct MeasurementTests {
  static let timer = TimerCalibration.measure(rounds: 2_000)

  static func quickOptions() -> BenchOptions {
    var o = BenchOptions()
    o.syntheticLengths = [10, 100]
    o.warmup = WarmupPolicy(
      discardedPasses: 1, tolerance: 0.01, maxCheckedPasses: 3, maxSeconds: 0.2)
    return o
  }

  @Test("every point timed once per lane; start, steady and finish apart; deciles and synthetic")
  func figures() throws {
    let workload = BenchWorkload(strokes: [SampleFactory.line(40), SampleFactory.line(5)])
    let strategy = try StraightFactory.make()
    let (figures, raw, floor) = try PointBenchmark(options: Self.quickOptions(), timer: Self.timer)
      .measure([strategy], workload: workload, referenceID: "straight")
    #expect(figures.map(\.lane) == [.smooth, .smoothRaster])
    #expect(raw.isEmpty)
    for f in figures {
      #expect(f.all?.count == 45)
      #expect(f.start?.count == 8 + 5)  // first 8 of the long stroke, all 5 of the short one
      #expect(f.steady?.count == 32)
      #expect(f.finish?.count == 2)
      // Each stroke's finish over its own sample count (40 and 5).
      let fin = try #require(f.finish)
      let perPoint = try #require(f.finishPerPoint)
      #expect(perPoint.count == 2)
      let divided = [fin.p50, fin.max].flatMap { [$0 / 40, $0 / 5] }
      #expect(divided.contains(perPoint.p50) && divided.contains(perPoint.max), "\(perPoint)")
      #expect(f.batched?.count == 2)  // 40 / 16 = 2 full batches; the 5-point stroke has none
      #expect(f.deciles.count == 10 && f.deciles.allSatisfy { $0 != nil })
      #expect(f.synthetic.map(\.length) == [10, 100])
      #expect(f.warmup.discardedPasses == 1 && !f.warmup.passMedians.isEmpty)
      #expect(f.ratioToReference["p50"] == 1)  // the reference against itself
      #expect(f.injectedSpins == 0)
      #expect((f.throughputPointsPerSecond ?? 0) > 0)
      #expect(f.budget != nil)
      #expect(f.gateMetrics.keys.sorted() == GateMetric.allCases)
      #expect(f.gateMetrics[.batchP50Ratio] == 1)
      #expect(f.build == BuildConfiguration.current)
    }
    // The floor: the null smoother in the smooth lane, kept apart from the strategies' rows.
    let nothing = try #require(floor)
    #expect(nothing.singleP50Ns > 0 && nothing.singleP99Ns >= nothing.singleP50Ns)
    #expect(nothing.batchedP50Ns > 0)
    // Straight does real work in the same brackets (in a debug build many times the floor's).
    let straightSteady = try #require(figures[0].steady)
    #expect(nothing.singleP50Ns < straightSteady.p50)
  }

  @Test("no floor without the smooth lane")
  func floorOnlyWithSmoothLane() throws {
    var o = Self.quickOptions()
    o.lanes = [.smoothRaster]
    o.syntheticLengths = []
    let (figures, _, floor) = try PointBenchmark(options: o, timer: Self.timer)
      .measure(
        [try StraightFactory.make()], workload: BenchWorkload(strokes: [SampleFactory.line(40)]),
        referenceID: "straight")
    #expect(figures.map(\.lane) == [.smoothRaster])
    #expect(floor == nil)
  }

  @Test("raw series feed the CSV: one row per timed figure")
  func csv() throws {
    var o = Self.quickOptions()
    o.keepRaw = true
    o.syntheticLengths = []
    o.lanes = [.smooth]
    let workload = BenchWorkload(strokes: [SampleFactory.line(20)])
    let (_, raw, _) = try PointBenchmark(options: o, timer: Self.timer)
      .measure([try StraightFactory.make()], workload: workload, referenceID: "straight")
    let lines = RawSamplesCSV.render(raw).split(separator: "\n")
    #expect(lines.first == Substring(RawSamplesCSV.header))
    #expect(lines.filter { $0.hasPrefix("straight,smooth,0,single,") }.count == 20)
    #expect(lines.filter { $0.hasPrefix("straight,smooth,0,finish,") }.count == 1)
    #expect(lines.filter { $0.hasPrefix("straight,smooth,0,batched,") }.count == 1)
    #expect(RawSamplesCSV.quote("a(b=1,c=2)") == "\"a(b=1,c=2)\"")
  }

  @Test("the injection knob: parsed strictly, applied only to its strategy, recorded")
  func injection() throws {
    #expect(
      try Injection.parse("straight:time=20") == Injection(strategy: "straight", timePercent: 20))
    #expect(try Injection.parse("straight(size=3):spin=12").spins == 12)
    #expect(try Injection.parse("straight(size=3):spin=12").strategy == "straight(size=3)")
    for bad in [
      "straight", "straight:", ":time=5", "straight:time=-1", "straight:spin=x", "s:foo=1",
    ] {
      #expect(throws: BenchError.self, "\(bad)") { try Injection.parse(bad) }
    }
    var o = Self.quickOptions()
    o.syntheticLengths = []
    o.lanes = [.smooth]
    o.injection = Injection(strategy: "straight", spins: 7)
    let thick = try StrategyCatalog.configure(
      StrategySpec(id: "straight", options: [.init(name: "size", value: "3")]))
    let workload = BenchWorkload(strokes: [SampleFactory.line(20)])
    let (figures, _, _) = try PointBenchmark(options: o, timer: Self.timer)
      .measure([thick], workload: workload, referenceID: "straight")
    #expect(figures[0].injectedSpins == 7)  // matched by id
    o.injection = Injection(strategy: "catmull-rom", spins: 7)
    let (untouched, _, _) = try PointBenchmark(options: o, timer: Self.timer)
      .measure([thick], workload: workload, referenceID: "straight")
    #expect(untouched[0].injectedSpins == 0)
    // time=P: a timed wait per batch-size window, set up and measured in the lane, recorded.
    o.injection = Injection(strategy: "straight", timePercent: 50)
    let (timed, _, _) = try PointBenchmark(options: o, timer: Self.timer)
      .measure(
        [thick], workload: BenchWorkload(strokes: [SampleFactory.line(400)]),
        referenceID: "straight")
    let calibration = try #require(timed[0].injection)
    #expect(calibration.targetPercent == 50 && calibration.window == o.batchSize)
    #expect(calibration.readTicks > 0 && calibration.pairs > 0)
    // Self-timed, so even a loaded machine or a debug build shows most of it.
    #expect(calibration.measuredPercent > 10, "\(calibration)")
    #expect(timed[0].injectedSpins == 0)
  }

  @Test("bad options and empty workloads throw instead of trapping")
  func invalid() throws {
    var o = BenchOptions()
    o.batchSize = 1
    #expect(throws: BenchError.self) {
      try PointBenchmark(options: o, timer: Self.timer).measure(
        [try StraightFactory.make()], workload: BenchWorkload(strokes: [SampleFactory.line(3)]),
        referenceID: "straight")
    }
    #expect(throws: BenchError.emptyWorkload) {
      try PointBenchmark(options: BenchOptions(), timer: Self.timer).measure(
        [try StraightFactory.make()], workload: BenchWorkload(strokes: []), referenceID: "straight")
    }
    #expect(throws: BenchError.self) { try BenchLane.parseList("smooth,paint") }
    #expect(try BenchLane.parseList("smooth+raster, smooth") == [.smoothRaster, .smooth])
  }

  @Test("workload subset: the first N points in order, the last stroke cut short")
  func prefix() {
    let w = BenchWorkload(strokes: [SampleFactory.line(30), SampleFactory.line(30)])
    #expect(w.prefix(points: 45).pointCount == 45)
    #expect(w.prefix(points: 45).strokeCount == 2)
    #expect(w.prefix(points: 10).strokeCount == 1)
    #expect(w.prefix(points: 1000).pointCount == 60)
    #expect(BenchWorkload.syntheticStroke(count: 10_000).count == 10_000)
  }

  @Test("MAD and the warm-up rule")
  func madAndWarmup() throws {
    let s = try #require(LatencySummary([1, 2, 3, 4, 100]))
    #expect(s.p50 == 3)
    #expect(s.mad == 1)  // |x − 3| = 2, 1, 0, 1, 97 → nearest-rank median 1
    let w = WarmupPolicy(tolerance: 0.01)
    #expect(!w.settled([100]))
    #expect(!w.settled([100, 90]))
    #expect(w.settled([100, 90, 90.5]))
  }

  @Test("ratios to the reference: every figure divided by the reference's, per lane")
  func ratios() throws {
    let ref = try #require(LatencySummary([10, 10, 10]))
    let twice = try #require(LatencySummary([20, 20, 20]))
    func fig(_ id: String, _ s: LatencySummary, _ lane: BenchLane) -> LaneFigures {
      LaneFigures(
        strategy: id, strategyID: id, lane: lane, build: "release", preferred: "batched",
        steady: s, start: nil, startPoints: 8, all: s, finish: nil, batched: s, batchSize: 16,
        throughputPointsPerSecond: nil, deciles: [], synthetic: [],
        warmup: WarmupReport(discardedPasses: 1, passMedians: [], converged: true, tolerance: 0.01),
        budget: nil, ratioToReference: [:], injectedSpins: 0)
    }
    let filled = RatioTable.fill(
      [fig("straight", ref, .smooth), fig("x", twice, .smooth), fig("x", ref, .smoothRaster)],
      referenceID: "straight")
    #expect(filled[1].ratioToReference["p50"] == 2)
    #expect(filled[1].ratioToReference["batch-p99"] == 2)
    #expect(filled[2].ratioToReference.isEmpty)  // no reference in that lane
  }
}
