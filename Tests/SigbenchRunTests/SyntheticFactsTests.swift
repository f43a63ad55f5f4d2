import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchRun
import SigbenchStrategies
import Testing

/// Known facts about the four strategies, asserted on the committed synthetic corpus
/// (`Corpus/synthetic/`: the same sigma-lognormal motions at 60, 120 and 240 Hz).
@Suite("known facts on the synthetic corpus")
struct SyntheticFactsTests {
  static let corpus = RunPipelineTests.repo.appendingPathComponent("Corpus/synthetic").path

  static func drawings() throws -> [Drawing] {
    try CorpusInput.load(corpus, policy: .everyFile).drawings
  }

  /// Every rate of the first `count` motions (sorted by motion id).
  static func motions(_ count: Int) throws -> [Drawing] {
    let all = try drawings()
    let keys = all.compactMap {
      MotionKey.read(notes: $0.metadata.notes, sampleRate: $0.metadata.sampleRate)?.motion
    }
    let chosen = Set(Array(Set(keys)).sorted().prefix(count))
    return all.filter {
      MotionKey.read(notes: $0.metadata.notes, sampleRate: $0.metadata.sampleRate).map {
        chosen.contains($0.motion)
      } ?? false
    }
  }

  static func strategy(_ id: String) throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec(id: id))
  }

  @Test("Catmull-Rom passes through every sample (its segments join at the samples)")
  func catmullRomInterpolates() throws {
    let s = try Self.strategy("catmull-rom")
    var worst = 0.0
    var checked = 0
    for d in try Self.drawings().prefix(12) {
      for stroke in d.strokes where stroke.samples.count >= 2 {
        let ink = s.smooth(stroke.samples)
        let knots = ink.centerline.map(\.start) + ink.centerline.suffix(1).map(\.end)
        for p in stroke.samples.map(\.point) {
          worst = max(worst, knots.map { $0.distance(to: p) }.min() ?? .infinity)
          checked += 1
        }
      }
    }
    #expect(checked > 1000)
    #expect(worst < 1e-6, "a sample lies \(worst) px from every segment end")
  }

  @Test("midpoint-quadratic ends about half the last step short of the last sample")
  func midpointEndGap() throws {
    let s = try Self.strategy("midpoint-quadratic")
    var ratios: [Double] = []
    for d in try Self.motions(12) {
      for stroke in d.strokes where stroke.samples.count >= 3 {
        let pts = stroke.samples.map(\.point)
        let step = pts[pts.count - 1].distance(to: pts[pts.count - 2])
        guard step > 0.5, let end = s.smooth(stroke.samples).centerline.last?.end else {
          continue
        }
        ratios.append(pts[pts.count - 1].distance(to: end) / step)
      }
    }
    #expect(ratios.count > 20)
    let sorted = ratios.sorted()
    let median = sorted[sorted.count / 2]
    #expect(abs(median - 0.5) < 0.05, "median end gap / last step = \(median)")
  }

  /// Every rate of the motions whose id starts with `prefix`.
  static func motions(prefix: String) throws -> [Drawing] {
    try drawings().filter {
      MotionKey.read(notes: $0.metadata.notes, sampleRate: $0.metadata.sampleRate)?.motion
        .hasPrefix(prefix) ?? false
    }
  }

  /// Uber's width is 0.1 · max(0, 50 − d) + 2 px for the distance d to the previous accepted
  /// sample, so denser sampling draws wider ink: on the signatures (which move at real
  /// signature speeds, 162–695 px/s median) the 240 Hz ink is at least 10 % wider than the
  /// 60 Hz ink (geometric mean over motions). On slow handwriting its 2 px input filter keeps
  /// accepted samples 2 px or more apart at every rate, so the effect nearly vanishes there.
  @Test("Uber's mean width at 240 Hz is ≥ 10 % above 60 Hz on signatures; straight's is equal")
  func uberWidthGrowsWithRate() throws {
    let s = try Self.strategy("uber-weighted")
    let signatures = try Self.motions(prefix: "signature-")
    #expect(signatures.count == 72, "24 signatures × 3 rates")
    let figures = try QualityRun.measure(
      signatures, strategies: [s, try Self.strategy("straight")])
    let ratio = try #require(figures[s.label]?[.rateWidthRatio])
    #expect(ratio >= 1.10, "width 240 Hz / 60 Hz = \(ratio)")
    // The reference strategy draws a constant width: exactly 1.
    #expect(figures["straight"]?[.rateWidthRatio] == 1)
    // Slow handwriting: wider still, but by far less.
    let lines = try QualityRun.measure(try Self.motions(prefix: "line-"), strategies: [s])
    let slow = try #require(lines[s.label]?[.rateWidthRatio])
    #expect(slow >= 1 && slow < ratio, "handwriting: \(slow), signatures: \(ratio)")
  }
}
