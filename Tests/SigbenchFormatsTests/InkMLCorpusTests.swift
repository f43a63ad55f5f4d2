import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// The shared corpus holds no InkML, IAM-OnDB or signature_pad file (only SVC2004, Quick Draw,
/// Wacom UIM and BDALab recordings), so real ink reaches these writers and readers through the
/// Quick Draw raw drawings: parsed here with a few lines of test code, written, read back and
/// compared.
@Suite("XML/JSON formats on the shared corpus", .enabled(if: sharedCorpusURL() != nil))
struct InkMLCorpusTests {
  static let myFormats: Set<String> = ["inkml", "iam-ondb", "signature-pad"]

  /// Quick Draw raw drawings of one ndjson file: x, y in px; t ms from the drawing's start.
  /// Repeated times are repaired by `SampleRules`, as any reader does, so the drawings are what
  /// a reader would hand to a writer.
  static func quickDraw(_ name: String) throws -> [Drawing] {
    let url = sharedCorpusURL()!.appendingPathComponent("quickdraw/" + name)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    return try lines.enumerated().map { i, line in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let strokes = try #require(object["drawing"] as? [[[Double]]])
      var rules = SampleRules(file: name, options: DecodeOptions())
      var result: [Stroke] = []
      for (j, s) in strokes.enumerated() {
        var stroke = Stroke(
          samples: (0..<s[0].count).map {
            Sample(x: s[0][$0], y: s[1][$0], time: s[2][$0] / 1000)
          })
        try rules.check(&stroke, strokeIndex: j) { _ in .line(i + 1) }
        result.append(stroke)
      }
      return Drawing(name: "\(name)#\(i + 1)", strokes: result)
    }
  }

  @Test("every corpus file one of these readers claims decodes without error")
  func claimedFiles() throws {
    let root = try #require(sharedCorpusURL())
    for rel in try CorpusLoader.listFiles(under: root) where !rel.hasSuffix(".md") {
      let data = try Data(contentsOf: root.appendingPathComponent(rel))
      guard let reader = FormatCatalog.reader(forFileName: rel, data: data),
        Self.myFormats.contains(reader.descriptor.id)
      else { continue }
      #expect(throws: Never.self, "\(rel)") {
        _ = try reader.decode(data, file: rel, options: DecodeOptions())
      }
    }
  }

  @Test(
    "Quick Draw raw ink through InkML and signature_pad: counts, bounds, quanta, idempotence",
    arguments: [
      ("raw_airplane.ndjson", 11_334, 8.659...1776.0, -37.0...869.0, 18.930),
      ("raw_alarm_clock.ndjson", 11_012, 33.926...2128.0, -16.0...1313.0, 18.277),
    ])
  func quickDrawRoundTrip(
    file: String, points: Int, xs: ClosedRange<Double>, ys: ClosedRange<Double>, lastTime: Double
  ) throws {
    let drawings = try Self.quickDraw(file)
    #expect(drawings.count == 50)
    #expect(drawings.reduce(0) { $0 + $1.sampleCount } == points)
    let formats: [(any StrokeFormat, Double, Double)] = [
      (InkMLFormat(), InkMLRoundTripTests.halfPositionQuantum, InkMLRoundTripTests.halfTimeQuantum),
      (
        InkMLFormat(valueEncoding: .firstDifferences), InkMLRoundTripTests.halfPositionQuantum,
        InkMLRoundTripTests.halfTimeQuantum
      ),
      (
        SignaturePadFormat(), SignaturePadFormat.positionQuantum / 2,
        SignaturePadFormat.timeQuantumMilliseconds / 2000
      ),
    ]
    for (format, position, time) in formats {
      var maxTime = 0.0
      for x in drawings {
        let text = try format.encode(x)
        let d1 = try format.decode(text, file: x.name, options: DecodeOptions()).drawings[0]
        #expect(d1.sampleCount == x.sampleCount, "\(x.name)")
        // SOURCE.md's ranges, widened by the format's half quantum.
        let b = try #require(d1.bounds)
        let wx = (xs.lowerBound - position)...(xs.upperBound + position)
        let wy = (ys.lowerBound - position)...(ys.upperBound + position)
        #expect(wx.contains(b.minX) && wx.contains(b.maxX), "\(x.name)")
        #expect(wy.contains(b.minY) && wy.contains(b.maxY), "\(x.name)")
        maxTime = max(maxTime, d1.strokes.last?.samples.last?.time ?? 0)
        if x.strokes[0].samples[0].time == 0 {
          expectClose(
            x.strokes, d1.strokes, position: position + 1e-9, time: time + 1e-12, pressure: 0,
            angle: 0, seed: 0)
        }
        let d2 = try format.decode(try format.encode(d1), file: x.name, options: .init())
        if format is SignaturePadFormat {
          // The format has no metadata: only the ink must repeat exactly.
          #expect(d2.drawings[0].strokes == d1.strokes, "\(x.name)")
        } else {
          #expect(d2.drawings == [d1], "\(x.name) \(format.descriptor.id)")
        }
      }
      #expect(maxTime <= lastTime + 1e-6)
    }
  }
}
