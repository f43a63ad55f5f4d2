import Foundation
import SigbenchCore
import Testing

@testable import SigbenchExternal

/// The examples in `scripts/external/` (the Python one the README shows, and the same
/// algorithm for Node), driven through the protocol: their ink is what they say they draw.
@Test(arguments: ["moving-average", "js-moving-average"])
func theExamplesDrawTheMeanOfTheLastSamples(manifestName: String) throws {
  let manifest = try exampleManifest(manifestName)
  let session = try ExternalSession(manifest)
  defer { session.process.stop() }
  let samples = (0..<12).map { i in
    Sample(x: Double(i) * 3, y: Double(i % 3) * 2, time: Double(i) / 120)
  }
  for window in ["1", "4"] {
    try session.configure(
      try StrategyConfiguration(descriptor: manifest.descriptor, options: [("window", window)]))
    try session.begin()
    var output = StrokeOutput()
    var ink: [CenterlineSegment] = []
    for (k, s) in samples.enumerated() {
      _ = try session.push(s, into: &output)
      ink.append(contentsOf: output.stable.centerline)
      // The tail runs from the end of the stable ink to the pen (a dot at the first sample;
      // nothing when the mean is at the pen, as it always is with a window of 1).
      if k == 0 {
        #expect(output.tentative.discs.array == [Disc(center: s.point, radius: 1)])
      } else if ink.last?.end == s.point {
        #expect(output.tentative.isEmpty)
      } else {
        #expect(output.tentative.centerline.last?.end == s.point)
        #expect(output.tentative.centerline.first?.start == ink.last?.end)
      }
    }
    _ = try session.finish(into: &output)
    ink.append(contentsOf: output.stable.centerline)
    #expect(output.tentative.isEmpty)
    #expect(ink.last?.end == samples.last?.point)
    for (a, b) in zip(ink, ink.dropFirst()) { #expect(a.end == b.start) }
    if window == "1" {
      // Window 1: the mean is the sample, so the ink is the chords between samples.
      #expect(ink.map(\.end) == samples.dropFirst().map(\.point))
    } else {
      // Window 4, fourth sample: the mean of the first four.
      let mean = Point(x: (0 + 3 + 6 + 9) / 4.0, y: (0 + 2 + 4 + 0) / 4.0)
      #expect(ink[2].end == mean)
    }
  }
}

/// The example manifest `scripts/external/NAME.sigbench-strategy.json`.
func exampleManifest(_ name: String) throws -> ExternalManifest {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return try ExternalManifest.read(
    at: root.appendingPathComponent("scripts/external/\(name).sigbench-strategy.json").path)
}

/// The two examples are one algorithm in two languages: the same replies, to the bit, on a
/// stroke with fractional coordinates.
@Test func thePythonAndNodeExamplesGiveTheSameInk() throws {
  let sessions = try ["moving-average", "js-moving-average"].map {
    try ExternalSession(try exampleManifest($0))
  }
  defer { sessions.forEach { $0.process.stop() } }
  var rng = SplitMix64(seed: 0x5EED)  // a fixed stroke: any seed would do
  let samples = (0..<40).map { i in
    Sample(x: rng.double(in: 0...500), y: Double(i) * 0.7, time: Double(i) / 200)
  }
  var inks: [[StrokeOutput]] = []
  for session in sessions {
    try session.configure(
      try StrategyConfiguration(
        descriptor: session.process.manifest.descriptor, options: [("window", "3")]))
    try session.begin()
    var replies: [StrokeOutput] = []
    var output = StrokeOutput()
    for s in samples {
      _ = try session.push(s, into: &output)
      replies.append(output)
    }
    _ = try session.finish(into: &output)
    replies.append(output)
    inks.append(replies)
  }
  for (a, b) in zip(inks[0], inks[1]) {
    #expect(a.stable == b.stable && a.tentative == b.tentative)
  }
}
