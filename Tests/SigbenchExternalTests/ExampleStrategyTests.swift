import Foundation
import SigbenchCore
import Testing

@testable import SigbenchExternal

/// The Python example the README shows (`scripts/external/moving_average.py`), driven through
/// the protocol: its ink is what it says it draws.
@Test func thePythonExampleDrawsTheMeanOfTheLastSamples() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let manifest = try ExternalManifest.read(
    at: root.appendingPathComponent("scripts/external/moving-average.sigbench-strategy.json")
      .path)
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
