import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

enum IAMOnDBFixtures {
  /// A line file in the IAM-OnDB shape, values ours: ISO-8859-1 with an
  /// accented comment, a repeated time (10 ms resolution), a one-point stroke.
  static let line = """
    <?xml version="1.0" encoding="ISO-8859-1"?>
    <WhiteboardCaptureSession>
      <!-- écrit à la main -->
      <WhiteboardDescription>
        <SensorLocation corner="top_left"/>
        <DiagonallyOppositeCoords x="6512" y="1376"/>
        <VerticallyOppositeCoords x="966" y="1376"/>
        <HorizontallyOppositeCoords x="6512" y="787"/>
      </WhiteboardDescription>
      <StrokeSet>
        <Stroke colour="black" start_time="14978711.86" end_time="14978711.90">
          <Point x="1073" y="1058" time="14978711.86"/>
          <Point x="1072" y="1085" time="14978711.88"/>
          <Point x="1076" y="1108" time="14978711.88"/>
        </Stroke>
        <Stroke colour="black" start_time="14978712.81" end_time="14978712.81">
          <Point x="1200" y="1000" time="14978712.81"/>
        </Stroke>
      </StrokeSet>
    </WhiteboardCaptureSession>
    """

  static var lineData: Data { line.data(using: .isoLatin1)! }
}

@Suite("IAM-OnDB XML")
struct IAMOnDBTests {
  @Test("strokes, times from the first point, repeated times repaired, nominal scale")
  func decode() throws {
    let r = try IAMOnDBFormat().decode(
      IAMOnDBFixtures.lineData, file: "a01-000u-01.xml", options: DecodeOptions())
    let d = try #require(r.drawings.first)
    #expect(d.strokes.map(\.samples.count) == [3, 1])
    #expect(d.hover.isEmpty)
    #expect(d.strokes[0].attributes == ["colour": "black"])
    let times = d.strokes.flatMap(\.samples).map { $0.time! }
    #expect(near(times[0], 0) && near(times[1], 0.02, 1e-6))
    #expect(near(times[2], times[1] + SampleRules.repairStep, 1e-9))
    #expect(near(times[3], 0.95, 1e-6))
    #expect(r.warnings.contains { $0.message.contains("repaired") })
    #expect(d.metadata.nominalScale)
    let factor = 500.0 / (1200 - 1072)
    #expect(near(d.strokes[0].samples[0].x, 1073 * factor))
    #expect(near(d.strokes[1].samples[0].y, 1000 * factor))
    #expect(d.metadata.notes.contains { $0.contains("DiagonallyOppositeCoords x=6512") })
  }

  @Test("sniff and catalog choose IAM for .xml whiteboard sessions")
  func sniff() {
    #expect(IAMOnDBFormat().sniff(IAMOnDBFixtures.lineData))
    #expect(!IAMOnDBFormat().sniff(Data(InkMLFixtures.crohme.utf8)))
    #expect(
      FormatCatalog.reader(forFileName: "x.xml", data: IAMOnDBFixtures.lineData)?.descriptor.id
        == "iam-ondb")
  }

  @Test(
    "bad files are errors naming file, line, field and value",
    arguments: [
      (
        "<WhiteboardCaptureSession><StrokeSet><Stroke><Point x=\"1\" y=\"2\"/></Stroke>"
          + "</StrokeSet></WhiteboardCaptureSession>", "Point.time"
      ),
      (
        "<WhiteboardCaptureSession><StrokeSet><Stroke><Point x=\"a\" y=\"2\" time=\"1\"/>"
          + "</Stroke></StrokeSet></WhiteboardCaptureSession>", "Point.x"
      ),
      (
        "<WhiteboardCaptureSession><Point x=\"1\" y=\"2\" time=\"1\"/>"
          + "</WhiteboardCaptureSession>", "Point"
      ),
      ("<Other/>", "root element"),
      ("<WhiteboardCaptureSession><StrokeSet>", "XML"),
    ])
  func errors(text: String, field: String) {
    do {
      _ = try IAMOnDBFormat().decode(Data(text.utf8), file: "bad.xml", options: DecodeOptions())
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.field == field, "\(error)")
      #expect(error.description.hasPrefix("bad.xml: line "), "\(error)")
    }
  }

  @Test("limits: strokes per file and samples per stroke")
  func limits() {
    var options = DecodeOptions()
    options.maxSamplesPerStroke = 2
    #expect(throws: FormatError.self) {
      _ = try IAMOnDBFormat().decode(IAMOnDBFixtures.lineData, file: "f", options: options)
    }
    options = DecodeOptions()
    options.maxStrokesPerFile = 1
    #expect(throws: FormatError.self) {
      _ = try IAMOnDBFormat().decode(IAMOnDBFixtures.lineData, file: "f", options: options)
    }
  }
}

@Suite("IAM-OnDB decoding of mutated bytes never traps")
struct IAMOnDBMutationTests {
  @Test("the line fixture, 500 seeded mutations")
  func mutations() {
    checkMutations(
      IAMOnDBFormat(), name: "line.xml", original: IAMOnDBFixtures.lineData, count: 500,
      seed: propertySeed(), positioned: hasLine)
  }
}
