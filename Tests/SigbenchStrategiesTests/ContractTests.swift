import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// The contract suite over every catalog entry (empty input, a single sample, finite output,
/// determinism, batch = streaming, stable ink never revised, …): defaults, then seeded
/// random options and strokes. Replay a failure with `SIGBENCH_SEED=<seed>`.
@Suite struct ContractTests {
  static let entries = StrategyCatalog.all.map(\.descriptor.id)

  /// False for a batch form that by design shows nothing before finish
  /// (`perfect-freehand(live=false)`), for `ink-modeler`, whose tail is a prediction of the
  /// pen while its finish is the catch-up towards the last sample, for
  /// `sigbench-smooth(tail=cubic)`, whose tail is one cubic standing in for the segments the
  /// finish draws, and for the perfect-freehand ports finishing with the library's `last: true`
  /// while drawing with `last: false` (`last-at-finish=true`, `last=false`: the newest centre
  /// point moves to the pen-up point at finish; `PerfectFreehandFinishTests` checks both
  /// halves against the library's two calls); every other configuration previews its finish.
  static func previews(_ s: ConfiguredStrategy) -> Bool {
    let v = s.configuration.values
    let finishOnlyLast = v["last-at-finish"] == .choice("true") && v["last"] == .choice("false")
    return v["live"] != .choice("false") && s.id != InkModeler.descriptor.id
      && v["tail"] != .choice("cubic") && !finishOnlyLast
  }

  @Test("an empty stroke gives no ink", arguments: entries)
  func emptyStroke(id: String) throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: id))
    #expect(StrategyContract.checkEmpty(s) == [])
  }

  @Test("a single sample gives visible finite ink", arguments: entries)
  func singleSample(id: String) throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: id))
    #expect(StrategyContract.checkSingle(s, Sample(x: 12.5, y: -3)) == [])
    #expect(StrategyContract.checkSingle(s, Sample(x: 1e6, y: 1e6, pressure: 0)) == [])
  }

  @Test("named fixtures meet the contract with default options", arguments: entries)
  func fixtures(id: String) throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: id))
    for (name, samples) in Fixtures.all {
      let failures = StrategyContract.check(
        s, samples, offset: Point(x: 1234.5, y: -987.25), tentativePreviewsFinish: Self.previews(s))
      #expect(failures == [], "fixture \(name)")
    }
  }

  @Test("random strokes meet the contract with default options", arguments: entries)
  func randomStrokesDefaults(id: String) throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: id))
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for case_ in 0..<250 {
      let samples = StrokeGenerator.random(count: rng.int(in: 0...24), rng: &rng)
      let offset = StrokeGenerator.randomOffset(range: 3000, rng: &rng)
      let failures = StrategyContract.check(
        s, samples, offset: offset, tentativePreviewsFinish: Self.previews(s))
      #expect(failures == [], "seed \(seed) case \(case_): \(failures)")
      if !failures.isEmpty { return }
    }
  }

  @Test("random strokes meet the contract with random valid options", arguments: entries)
  func randomStrokesRandomOptions(id: String) throws {
    let entry = try StrategyCatalog.entry(id)
    let seed = propertySeed() &+ 1
    var rng = SplitMix64(seed: seed)
    for case_ in 0..<250 {
      let s = StrategyContract.randomConfiguration(entry, rng: &rng)
      let samples = StrokeGenerator.random(count: rng.int(in: 1...24), rng: &rng)
      let offset = StrokeGenerator.randomOffset(range: 3000, rng: &rng)
      var failures = StrategyContract.check(
        s, samples, offset: offset, tentativePreviewsFinish: Self.previews(s))
      failures += StrategyContract.checkSingle(s, samples[0])
      #expect(failures == [], "seed \(seed) case \(case_) \(s.label): \(failures)")
      if !failures.isEmpty { return }
    }
  }

  @Test(
    "incremental strategies: no allocation and bounded output per push in steady state",
    arguments: entries)
  func steadyState(id: String) throws {
    let entry = try StrategyCatalog.entry(id)
    guard entry.descriptor.cost.isIncremental else { return }
    #expect(SteadyStateContract.canCountAllocations, "the allocation counter is not in effect")
    let seed = propertySeed() &+ 2
    let stroke = SteadyStateContract.longStroke(seed: seed)
    var specs = [StrategySpec(id: id)]
    if entry.descriptor.parameter(named: "filter") != nil {
      specs.append(try StrategySpec.parse("\(id)(filter=one-euro)"))
    }
    for spec in specs {
      let s = try StrategyCatalog.configure(spec)
      let failures = SteadyStateContract.check(s, stroke)
      #expect(failures == [], "seed \(seed): \(failures)")
    }
  }

  @Test("strategies declared non-incremental are so: the steady-state check fails them")
  func declaredCostIsHonest() throws {
    let stroke = SteadyStateContract.longStroke(seed: 7)
    for entry in StrategyCatalog.all where !entry.descriptor.cost.isIncremental {
      let s = try StrategyCatalog.configure(StrategySpec(id: entry.descriptor.id))
      #expect(!SteadyStateContract.check(s, stroke).isEmpty, "\(s.label) passes as incremental")
    }
  }

  @Test("the steady-state check catches a strategy that allocates or grows its output")
  func steadyStateCanFail() {
    let stroke = SteadyStateContract.longStroke(seed: 3)
    let growing = ConfiguredStrategy(
      configuration: try! StrategyConfiguration(descriptor: Hoarder.descriptor, options: [])
    ) { Hoarder(settings: ()) }
    let failures = SteadyStateContract.check(growing, stroke)
    #expect(failures.contains { $0.contains("heap allocations") }, "\(failures)")
    #expect(failures.contains { $0.contains("grows with the stroke") }, "\(failures)")
  }

  @Test("the reference strategy returns its input vertices")
  func referenceVertices() throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID))
    var rng = SplitMix64(seed: propertySeed())
    for (_, samples) in Fixtures.all {
      #expect(StrategyContract.checkReferenceVertices(s, samples) == [])
    }
    for _ in 0..<100 {
      let samples = StrokeGenerator.random(count: rng.int(in: 0...30), rng: &rng)
      #expect(StrategyContract.checkReferenceVertices(s, samples) == [])
    }
    // And it can fail: Catmull-Rom drops near-duplicates, so its vertices differ.
    let cr = try StrategyCatalog.configure(StrategySpec(id: "catmull-rom"))
    #expect(StrategyContract.checkReferenceVertices(cr, Fixtures.duplicates) != [])
  }

  @Test("the contract suite detects a broken strategy")
  func suiteCanFail() throws {
    // A strategy that revises what it called stable, emits NaN for a far sample and is not
    // translation-equivariant: the suite must report each problem.
    let entry = StrategyEntry.of(Broken.self)
    let s = try entry.configure(StrategySpec(id: "broken"))
    let samples = StrokeGenerator.samples([(0, 0), (10, 0), (20, 5)])
    let failures = StrategyContract.check(s, samples, offset: Point(x: 5, y: 5))
    #expect(failures.contains { $0.contains("revised") || $0.contains("differ from finishing") })
    #expect(failures.contains { $0.contains("translation") })
    #expect(StrategyContract.checkEmpty(s) != [])
  }
}

/// Deliberately wrong: emits ink on finish even when empty, stable output that depends on the
/// number of samples seen at finish, and absolute positions.
private struct Broken: SmoothingStrategy {
  struct Settings: Sendable {}
  static let descriptor = StrategyDescriptor(
    id: "broken", summary: "", details: "", parameters: [])
  static func settings(from configuration: StrategyConfiguration) throws -> Settings { Settings() }
  var count = 0
  init(settings: Settings) {}
  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    count += 1
    output.stable.append(Disc(center: Point(x: Double(count), y: 0), radius: 1))
  }
  mutating func complete(into output: inout StrokeOutput) {
    output.stable.append(Disc(center: .zero, radius: Double(count)))
  }
}

@Suite struct NonFiniteInputTests {
  @Test(
    "samples with a non-finite position are ignored: same ink as without them",
    arguments: StrategyCatalog.all.map(\.descriptor.id))
  func ignored(id: String) throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: id))
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let bad: [Double] = [.nan, .infinity, -.infinity]
    for _ in 0..<100 {
      let clean = StrokeGenerator.random(count: rng.int(in: 0...20), rng: &rng)
      var dirty: [Sample] = []
      for sample in clean {
        if rng.int(in: 0...3) == 0 {
          let v = bad[rng.int(in: 0...2)]
          dirty.append(rng.int(in: 0...1) == 0 ? Sample(x: v, y: 1) : Sample(x: 1, y: v))
        }
        dirty.append(sample)
      }
      let t = StrategyContract.run(s, dirty)
      #expect(t.final == s.smooth(clean), "seed \(seed)")
      #expect(t.tentatives.allSatisfy { $0.isFinite }, "seed \(seed)")
    }
  }
}

/// Keeps every sample in a growing array and redraws them all on every push: allocates and
/// grows, so the steady-state check must fail it.
private struct Hoarder: SmoothingStrategy {
  static let descriptor = StrategyDescriptor(
    id: "hoarder", summary: "test", details: "test", parameters: [])
  static func settings(from configuration: StrategyConfiguration) throws {}
  private var points: [Point] = []
  init(settings: ()) {}
  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    points.append(sample.point)
    for (a, b) in zip(points, points.dropFirst()) {
      output.tentative.append(CenterlineSegment.line(a, b, startWidth: 1, endWidth: 1))
    }
  }
  mutating func complete(into output: inout StrokeOutput) {}
}
