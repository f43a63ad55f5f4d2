import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// `perfect-freehand`'s ink against the library's outline: the whole-stroke write counts and
/// writes its elements in place, and must write exactly what `PerfectFreehandStroke.writeTail`
/// writes from `PerfectFreehandStroke.outline`.
@Suite struct PerfectFreehandInkTests {
  @Test("the strategy's ink is the library's outline written whole, element for element")
  func strategyInkIsTheOutline() throws {
    // `PerfectFreehandStroke.write` skips building the outline (it counts and writes the
    // elements in place); it must write exactly what `writeTail` writes from `outline`.
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    print("perfect-freehand ink vs writeTail(outline): seed \(seed)")
    let entry = try StrategyCatalog.entry("perfect-freehand")
    for case_ in 0..<300 {
      let c =
        case_ < 50
        ? try entry.configure(StrategySpec(id: entry.descriptor.id))
        : StrategyContract.randomConfiguration(entry, rng: &rng)
      // The outline options only: the input filter would move the samples first.
      let options = c.configuration.nonDefaultNames
        .filter { !$0.hasPrefix("filter") && $0 != "min-distance" && $0 != "live" }
        .map { StrategySpec.Option(name: $0, value: c.configuration.values[$0]!.description) }
      let spec = StrategySpec(
        id: "perfect-freehand",
        options: options + [StrategySpec.Option(name: "live", value: "false")])
      let f = try StrategyCatalog.configure(spec)
      // The finished stroke: the library called with `last: true` under `last-at-finish`.
      let o = try PerfectFreehandOptions(f.configuration).atFinish
      let samples = PerfectFreehandTests.randomStroke(&rng)
      let note = "seed \(seed) case \(case_) \(f.label) n=\(samples.count)"
      var expected = InkGeometry()
      let valid = samples.filter(\.point.isFinite)  // the strategy ignores the others
      if let origin = valid.first?.point {
        let points = PerfectFreehandStroke.points(
          valid.map { PerfectFreehandInput($0, origin: origin) }, o)
        PerfectFreehandStroke.writeTail(
          PerfectFreehandStroke.outline(points, o), stableLeft: nil, stableRight: nil,
          stableCentre: nil, origin: origin, into: &expected)
      }
      let ink = f.smooth(samples)
      // Compared as Bools: a failure names the case and the counts, not every element.
      let sameOutline = ink.outline == expected.outline
      let sameCentreline = ink.centerline == expected.centerline
      #expect(
        sameOutline, "outline: \(ink.outline.count) vs \(expected.outline.count), \(note)")
      #expect(
        sameCentreline,
        "centreline: \(ink.centerline.count) vs \(expected.centerline.count), \(note)")
      if !(sameOutline && sameCentreline) { return }
    }
  }
}
