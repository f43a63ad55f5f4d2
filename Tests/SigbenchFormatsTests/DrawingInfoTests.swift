import Foundation
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

struct DrawingInfoTests {
  /// `info-fixture`: two ink strokes sampled every 10 ms (one step of 30 ms), a hover trace
  /// after them, pressure on every ink sample, tilt on one.
  let drawing = Drawing(
    name: "info-fixture",
    strokes: [
      Stroke(samples: [
        Sample(x: 0, y: 0, time: 0, pressure: 0.5, tilt: 0.1),
        Sample(x: 10, y: 5, time: 0.01, pressure: 0.6),
        Sample(x: 20, y: -5, time: 0.02, pressure: 0.7),
      ]),
      Stroke(samples: [
        Sample(x: 30, y: 40, time: 0.1, pressure: 0.5),
        Sample(x: 35, y: 45, time: 0.13, pressure: 0.5),
        Sample(x: 40, y: 50, time: 0.14, pressure: 0.5),
      ]),
    ],
    hover: [Stroke(samples: [Sample(x: 100, y: 100, time: 0.5), Sample(x: 90, y: 90, time: 0.6)])],
    metadata: DrawingMetadata(sampleRate: 100, nativeUnits: "mm", nominalScale: true, notes: ["n1"])
  )

  @Test func summarisesCountsChannelsRateBoundsAndDuration() {
    let info = DrawingInfo(
      drawing: drawing, warnings: [FormatWarning(file: "f", location: .line(3), message: "w")])
    #expect(info.strokes == 2 && info.samples == 6)
    #expect(info.hoverStrokes == 1 && info.hoverSamples == 2)
    #expect(info.channels == ["x", "y", "t", "pressure", "tilt?"])
    #expect(info.nativeUnits == "mm" && info.nominalScale)
    // Steps 10, 10, 30, 10 ms: the median is 10 ms.
    #expect(abs(info.estimatedSampleRate! - 100) < 1e-9)
    #expect(info.statedSampleRate == 100)
    #expect(info.bounds == Rect(minX: 0, minY: -5, maxX: 40, maxY: 50))
    #expect(info.duration == 0.6)
    #expect(info.warnings == ["f: line 3: w"])
    #expect(ConsoleTables.drawingInfo(info).contains("hover: 1 (2 samples)"))
    #expect(ConsoleTables.drawingInfo(info).contains("estimated sample rate: 100.0 Hz"))
    #expect(ConsoleTables.drawingInfo(info).contains("warning: f: line 3: w"))
  }

  @Test func untimedAndEmptyDrawings() throws {
    let untimed = DrawingInfo(
      drawing: Drawing(
        name: "u", strokes: [Stroke(samples: [Sample(x: 1, y: 2), Sample(x: 3, y: 4)])]))
    #expect(untimed.estimatedSampleRate == nil && untimed.duration == nil)
    #expect(untimed.channels == ["x", "y"])
    let empty = DrawingInfo(drawing: Drawing(name: "e", strokes: []))
    #expect(empty.samples == 0 && empty.bounds == nil && empty.channels.isEmpty)
    let back = try JSONDecoder().decode(DrawingInfo.self, from: try JSONEncoder().encode(empty))
    #expect(back == empty)
  }

  @Test func rateIsTheInverseMedianStep() {
    #expect(DrawingInfo.rate(fromSteps: [0.004, 0.004, 0.1]) == 250)
    #expect(DrawingInfo.rate(fromSteps: [0.01, 0.02]) == 1 / 0.015)
    #expect(DrawingInfo.rate(fromSteps: [0, -1, .nan]) == nil)
  }
}
