import Foundation
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// `sigbench-smooth`'s full output stream over the same corpora as `SignaturePadStreamTests`
/// (`Corpus/` and, when present, `../shared/corpus`), at its defaults and at option settings
/// that reach every path (both tails, every window, no knot thinning, both outline styles, the
/// 1€ filter, no distance rule, more and fewer corners). With `SIGBENCH_STREAM_DIGEST=PATH` one
/// line per (configuration, file) with the FNV-1a 64 digest of every number of every stable and
/// tentative element of every push and of the finish is written to `PATH.<label>`, so a speed
/// change can be shown to leave the ink bit-identical (`cmp` the files before and after); with
/// `tail=exact` every push's tentative tail is also checked against what pen-up then would add.
@Suite struct SigbenchSmoothStreamTests {
  static let specs = [
    "sigbench-smooth", "sigbench-smooth(tail=exact)", "sigbench-smooth(window=0)",
    "sigbench-smooth(window=1,tail=exact)", "sigbench-smooth(window=3)",
    "sigbench-smooth(window=4,span=3,tail=exact)", "sigbench-smooth(knot-spacing=0)",
    "sigbench-smooth(knot-spacing=0,tail=exact)", "sigbench-smooth(outline=rungs)",
    "sigbench-smooth(outline=rungs,tail=exact)", "sigbench-smooth(filter=one-euro)",
    "sigbench-smooth(min-distance=0.000001,knot-spacing=2.5)",
    "sigbench-smooth(corner-angle=60,corner-arm=0,tail=exact)",
    "sigbench-smooth(corner-angle=170,corner-arm=3,min-width=0.5,max-width=6)",
    "sigbench-smooth(speed-scale=300,step-scale=2,window=2,tail=exact)",
  ]

  @Test("the output stream's digest (and, with tail=exact, tail = pen-up now)", arguments: specs)
  func stream(spec: String) throws {
    try SignaturePadStreamTests.checkStream(spec: spec) {
      $0.configuration.values["tail"] == .choice("exact")
    }
  }
}
