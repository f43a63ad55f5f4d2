import SigbenchStrategies
import Testing

/// The `smooth` lane's speed-tuned curve models over the same corpora and checks as
/// `SignaturePadStreamTests`: every push's tentative tail is what pen-up then would add, and
/// with `SIGBENCH_STREAM_DIGEST=PATH` the digest of the whole output stream is written per
/// configuration and file, so a speed change can be shown to leave the ink bit-identical
/// (`cmp` the files before and after).
@Suite struct SmoothStreamTests {
  /// Defaults, and each with the other outline stage.
  static let specs = [
    "uber-weighted", "catmull-rom", "uber-weighted(outline=round)", "catmull-rom(outline=rungs)",
  ]

  @Test("every push's tentative tail is bit for bit what pen-up then would add", arguments: specs)
  func tentativeIsPenUpNow(spec: String) throws {
    try SignaturePadStreamTests.checkStream(spec: spec)
  }
}
