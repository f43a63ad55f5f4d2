import Foundation
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// `sigbench-smooth`'s finish resets its state in place (`SigbenchSmooth.reset()`) rather than
/// rebuilding the strategy: one instance reused stroke after stroke must write, push by push,
/// every number a fresh instance per stroke writes, at every setting of the stream tests.
@Suite struct SigbenchSmoothReuseTests {
  @Test(
    "an instance reused after finish writes what a fresh one does",
    arguments: SigbenchSmoothStreamTests.specs)
  func reuse(spec: String) throws {
    let configured = try StrategyCatalog.configure(StrategySpec.parse(spec))
    // The first drawings of each corpus: strokes of every length follow one another, so each
    // stroke starts from the state the previous one's finish left.
    let drawings = try SignaturePadStreamTests.drawings()
    let chosen = drawings.enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
    #expect(chosen.count > 10)
    var reused = configured.makeInstance()
    var strokes = 0
    var mismatches = 0
    for (_, drawing) in chosen {
      for stroke in drawing.strokes {
        var fresh = configured.makeInstance()
        var a = StrokeOutput()
        var b = StrokeOutput()
        var same = true
        for sample in stroke.samples {
          reused.push(sample, into: &a)
          fresh.push(sample, into: &b)
          same = same && Self.digest(a) == Self.digest(b)
        }
        reused.finish(into: &a)
        fresh.finish(into: &b)
        same = same && Self.digest(a) == Self.digest(b)
        strokes += 1
        if !same { mismatches += 1 }
      }
    }
    #expect(strokes > 100)
    #expect(mismatches == 0, "\(mismatches) of \(strokes) strokes")
  }

  static func digest(_ output: StrokeOutput) -> [UInt64] {
    [
      SignaturePadStreamTests.Digest.of(output.stable),
      SignaturePadStreamTests.Digest.of(output.tentative),
    ]
  }
}
