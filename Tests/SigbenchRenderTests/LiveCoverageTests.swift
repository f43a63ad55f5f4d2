import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// The live canvas keeps each coverage array equal to the downsample of its mask at every
/// pixel, not only inside the rectangles it redraws: its downsample widens a rectangle to
/// whole vector steps and relies on this.
@Suite("live canvas coverage")
struct LiveCoverageTests {
  /// Every pixel's count of set cells in `mask`.
  static func fullDownsample(_ mask: CoverageMask) -> [UInt8] {
    (0..<mask.height).flatMap { y in (0..<mask.width).map { UInt8(mask.count(x: $0, y: y)) } }
  }

  @Test(
    "coverage equals the downsample of its mask after every update",
    arguments: ["straight", "midpoint-quadratic", "uber-weighted", "catmull-rom", "signature-pad"])
  func coverageMatchesMask(spec: String) throws {
    let seed = propertySeed()
    print("live coverage: seed \(seed) (SIGBENCH_SEED replays it)")
    var rng = SplitMix64(seed: seed)
    let strokes = (0..<6).map { _ in StrokeGenerator.random(count: 40, rng: &rng) }
    let first = Rect(origin: strokes[0][0].point, size: .zero)
    let bounds = strokes.joined().reduce(first) { $0.including($1.point) }
    var renderSpec = RenderSpec()
    renderSpec.width = 61
    renderSpec.height = 37
    let t = Transform.fit(bounds, width: 61, height: 37, margin: 0)
    let strategy = try StrategyCatalog.configure(StrategySpec.parse(spec))
    var live = IncrementalCanvas(spec: renderSpec, transform: t)
    var output = StrokeOutput()
    var updates = 0
    var mismatched = 0
    func check() {
      updates += 1
      if live.stableCoverage != Self.fullDownsample(live.stableMask)
        || live.tentativeCoverage != Self.fullDownsample(live.tentativeMask)
      {
        mismatched += 1
      }
    }
    for stroke in strokes {
      var s = strategy.makeInstance()
      for sample in stroke {
        s.push(sample, into: &output)
        live.apply(output)
        check()
      }
      s.finish(into: &output)
      live.apply(output)
      check()
      live.endStroke()
      check()
    }
    #expect(mismatched == 0, "\(spec): \(mismatched) of \(updates) updates")
    #expect(updates > 200)
  }
}
