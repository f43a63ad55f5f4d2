import Foundation
import SigbenchCore
import Testing

@testable import SigbenchFormats

/// CSS px per mm, written out independently of the reader's constant.
private let pxPerMM = 96.0 / 25.4

func decodeInkML(_ text: String, file: String = "fixture.inkml") throws -> (
  Drawing, [FormatWarning]
) {
  let result = try InkMLFormat().decode(Data(text.utf8), file: file, options: DecodeOptions())
  #expect(result.drawings.count == 1)
  return (result.drawings[0], result.warnings)
}

func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  guard let a else { return false }
  return abs(a - b) <= tolerance
}

/// Raw channel values of a trace payload, decoded by the grammar alone.
private func grammar(_ text: String, _ names: [String], intermittent: Set<String> = [])
  throws -> [[Double]]
{
  var g = InkMLTraceGrammar(
    channels: names.map {
      .init(name: $0, isIntermittent: intermittent.contains($0), defaultValue: nil)
    })
  let (data, _) = try g.decode(
    text, context: .init(file: "t", traceName: "trace", startLine: 1, maxPoints: 1000))
  return (0..<data.pointCount).map { p in (0..<names.count).map { data[p, $0] } }
}

@Suite("InkML trace grammar (W3C InkML 2011 trace syntax)")
struct InkMLGrammarTests {
  @Test("sticky per-channel second differences: glued X Y F worked example")
  func workedExample() throws {
    let rows = try grammar(#"100 200 5000,'3'-2'40,"1"0"-5,2 1-3,-1-1 0"#, ["X", "Y", "F"])
    #expect(
      rows == [
        [100, 200, 5000], [103, 198, 5040], [107, 196, 5075], [113, 195, 5107], [118, 193, 5139],
      ])
  }

  @Test("modes are sticky per channel, not per point: mixed-prefix example")
  func mixedModes() throws {
    let rows = try grammar(#"10 20,!12 '3,4 1,!5 "0"#, ["X", "Y"])
    #expect(rows == [[10, 20], [12, 23], [4, 24], [5, 25]])
  }

  @Test("glued values, exponents, fractions without digits on one side, hex")
  func numbers() throws {
    let rows = try grammar("41-60-923 0 0,1e3 2.5E-2 -.25 5. #1F", ["A", "B", "C", "D", "E"])
    #expect(rows[0] == [41, -60, -923, 0, 0])
    #expect(rows[1] == [1000, 0.025, -0.25, 5, 31])
  }

  @Test("Office's five glued first differences")
  func officeGlued() throws {
    let rows = try grammar("10 20 30 40 50,'-29'35'903'0'0", ["X", "Y", "F", "OA", "OE"])
    #expect(rows[1] == [-19, 55, 933, 40, 50])
  }

  @Test("T F * ? and intermittent channels keep their last value")
  func specials() throws {
    let rows = try grammar("1 2 T,* 3,? 4 F", ["X", "Y", "S"], intermittent: ["S"])
    #expect(rows[0] == [1, 2, 1])
    #expect(rows[1] == [1, 3, 1])
    #expect(rows[2][0].isNaN && rows[2][1] == 4 && rows[2][2] == 0)
  }

  @Test("whitespace and newlines anywhere, empty points skipped")
  func whitespace() throws {
    var g = InkMLTraceGrammar(
      channels: ["X", "Y"].map { .init(name: $0, isIntermittent: false, defaultValue: nil) })
    let (data, warnings) = try g.decode(
      "\n 1\n 2 ,, 3 - 4 ,\n",
      context: .init(file: "t", traceName: "tr", startLine: 7, maxPoints: 10))
    #expect(data.pointCount == 2)
    #expect(data[1, 1] == -4)
    #expect(data.pointLines == [8, 9])
    #expect(warnings.count == 1 && warnings[0].1.contains("2 empty point"))
  }

  @Test("a first difference without history is read as explicit, with a warning")
  func missingHistory() throws {
    var g = InkMLTraceGrammar(
      channels: ["X", "Y"].map { .init(name: $0, isIntermittent: false, defaultValue: nil) })
    let (data, warnings) = try g.decode(
      "'5 '6,1 1", context: .init(file: "t", traceName: "tr", startLine: 1, maxPoints: 10))
    #expect(data.values == [5, 6, 6, 7])
    #expect(warnings.count == 1)
  }

  @Test(
    "syntax errors name file, line, channel and value",
    arguments: [
      ("1 2,\n3 x", "line 2", "x"), ("1 2 3", "line 1", "at most 2 values"),
      ("1 2,\n\n5", "line 3", "regular channels"), ("1 2:T;", "line 1", ":T"),
      ("1 1e999", "line 1", "finite"), ("1 #", "line 1", "hex"), ("1 -", "line 1", "complete"),
    ])
  func errors(text: String, line: String, detail: String) {
    do {
      _ = try grammar(text, ["X", "Y"])
      Issue.record("no error for \(text)")
    } catch let e as FormatError {
      let d = e.description
      #expect(d.hasPrefix("t: \(line)"), "\(d)")
      #expect(d.contains(detail), "\(d)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("the sample limit stops a long trace")
  func limit() {
    var g = InkMLTraceGrammar(
      channels: ["X", "Y"].map { .init(name: $0, isIntermittent: false, defaultValue: nil) })
    #expect(throws: FormatError.self) {
      _ = try g.decode(
        "1 2,3 4,5 6", context: .init(file: "t", traceName: "tr", startLine: 1, maxPoints: 2))
    }
  }
}

@Suite("InkML dialects (CROHME, MathWriting, Word, OneNote, Windows Journal)")
struct InkMLDialectTests {
  @Test("CROHME: default X Y, bare references, label traceViews draw nothing twice")
  func crohme() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.crohme)
    #expect(d.strokes.map(\.samples.count) == [4, 3, 1])
    #expect(d.hover.isEmpty)
    #expect(d.metadata.nominalScale)
    #expect(d.metadata.attribution == "LUNAM/IRCCyN")
    let factor = 500.0 / (14125 - 8555)
    #expect(near(d.strokes[0].samples[0].x, 8555 * factor))
    #expect(near(d.strokes[0].samples[3].y, 10300 * factor))
    #expect(d.strokes[0].samples[0] == d.strokes[0].samples[1])
    #expect(!d.isTimed)
    #expect(d.metadata.notes.contains { $0.contains("nominal") })
  }

  @Test("a units override replaces the nominal scale for X/Y without units")
  func unitsOverride() throws {
    var options = DecodeOptions()
    options.unitsOverride = "mm"
    let r = try InkMLFormat().decode(
      Data(InkMLFixtures.crohme.utf8), file: "c.inkml", options: options)
    let d = r.drawings[0]
    #expect(!d.metadata.nominalScale)
    #expect(near(d.strokes[0].samples[0].x, 8555 * pxPerMM, 1e-6))
    #expect(d.metadata.notes.contains { $0.contains("units override") })
  }

  @Test("CROHME MfrDB: pt and ms, time origin moved to the first sample")
  func mfrdb() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.crohmeMfrDB)
    #expect(!d.metadata.nominalScale)
    #expect(near(d.strokes[0].samples[1].x, 123 * 96 / 72))
    #expect(
      d.strokes.flatMap(\.samples).map { $0.time! }.map { ($0 * 1000).rounded() } == [
        0, 10, 20, 204, 214,
      ])
    #expect(d.metadata.notes.contains { $0.contains("no stated origin") })
  }

  @Test("MathWriting: X Y T with no space after commas")
  func mathWriting() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.mathWriting)
    #expect(d.strokes.map(\.samples.count) == [3, 2])
    #expect(d.metadata.nominalScale)
    #expect(near(d.strokes[0].samples[1].time, 0.0155))
    #expect(near(d.strokes[1].samples[0].time, 0.30025))
    let s = d.strokes[0].samples
    #expect(near((s[1].x - s[0].x) / (s[2].x - s[1].x), (42.125 - 41.5) / (43.75 - 42.125)))
  }

  @Test("Word: inkml prefix, cm at 1000/cm, F max 32767 with resolution 0, differences, OA OE")
  func word() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.word)
    #expect(d.strokes.count == 2)
    let a = d.strokes[0].samples
    let expected: [(Double, Double, Double)] = [
      (100, 200, 5000), (103, 198, 5040), (107, 196, 5075), (113, 195, 5107), (118, 193, 5139),
    ]
    for (s, e) in zip(a, expected) {
      #expect(near(s.x, e.0 / 1000 * 10 * pxPerMM))
      #expect(near(s.y, e.1 / 1000 * 10 * pxPerMM))
      #expect(near(s.pressure, e.2 / 32767))
    }
    #expect(d.strokes[0].attributes["color"] == "#0000FF")
    #expect(d.strokes[0].attributes["width.units"] == "cm")
    let b = d.strokes[1].samples
    #expect(b.count == 2)
    #expect(near(b[1].x, 971.0 / 100 * pxPerMM))
    #expect(near(b[1].pressure, 16903.0 / 32767))
    #expect(near(b[0].azimuth, Double.pi / 4))
    #expect(near(b[0].tilt, Double.pi / 6))
    #expect(d.metadata.notes.contains { $0.contains("F resolution 0") })
    #expect(!d.metadata.nominalScale)
  }

  @Test("OneNote: several contexts, himetric, foreign-namespace elements ignored")
  func oneNote() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.oneNote)
    #expect(d.strokes.count == 2)
    #expect(near(d.strokes[0].samples[0].x, 96))
    #expect(near(d.strokes[0].samples[0].pressure, 16384.0 / 32767))
    #expect(near(d.strokes[0].samples[2].pressure, 1))
    #expect(!d.strokes[1].hasPressure)
    #expect(d.strokes[1].samples[0].pressure == nil)
    #expect(d.strokes[1].attributes["tip"] == "ellipse")
    #expect(d.strokes[1].attributes["rasterOp"] == "copyPen")
  }

  @Test("Windows Journal: OTx OTy tilt at 100/deg, inherited brushes, sample rate, device")
  func journal() throws {
    let (d, _) = try decodeInkML(InkMLFixtures.journal)
    #expect(d.strokes.count == 2)
    let s = d.strokes[0].samples
    #expect(near(s[0].x, 10 * pxPerMM))
    #expect(near(s[2].x, 10.2 * pxPerMM))
    #expect(near(s[1].pressure, 513.0 / 1023))
    #expect(near(s[1].tilt, 10 * Double.pi / 180))
    #expect(near(s[1].azimuth, 0))
    let t10 = tan(10 * Double.pi / 180)
    #expect(near(s[2].tilt, atan((2 * t10 * t10).squareRoot())))
    #expect(near(s[2].azimuth, Double.pi / 4))
    let r = d.strokes[1]
    #expect(near(r.samples[0].tilt, Double.pi / 4))
    #expect(near(r.samples[0].azimuth, Double.pi))
    #expect(r.attributes["color"] == "#FF0000")
    #expect(r.attributes["width"] == "0.1")
    #expect(r.attributes["ignorePressure"] == "1")
    #expect(d.strokes[0].attributes["width"] == "0.02")
    #expect(d.metadata.sampleRate == 133)
    #expect(d.metadata.device == "Wacom Penabled")
  }

  @Test("quirks: numbers, T F * ?, intermittent default, hover, views, timestamps, continuation")
  func quirks() throws {
    let (d, warnings) = try decodeInkML(InkMLFixtures.quirks)
    #expect(d.strokes.count == 5)
    #expect(d.hover.count == 1)
    let e = d.strokes[0].samples
    #expect(e.count == 5)
    #expect(near(e[0].x, 10 * pxPerMM) && near(e[0].y, 0.25 * pxPerMM))
    #expect(near(e[1].x, 0.5 * pxPerMM) && near(e[1].y, 5 * pxPerMM))
    #expect(near(e[2].x, 31 * pxPerMM) && near(e[2].y, 10 * pxPerMM))
    #expect(e[3].x == e[2].x && e[3].y == e[2].y)
    #expect(near(e[4].x, -pxPerMM) && near(e[4].y, -2 * pxPerMM))
    #expect(e.map { $0.time! } == [0, 0.25, 0.5, 0.75, 1])
    #expect(e.map(\.pressure) == [0.25, 0.25, 0.01, 0.01, nil])
    // Stored trace drawn once through its view (points 2–3), with the group's brush.
    let inner = d.strokes[1]
    #expect(inner.samples.count == 1 && near(inner.samples[0].time, 0.6))
    #expect(inner.attributes["color"] == "#00FF00")
    let view = d.strokes[2]
    #expect(view.samples.map(\.x) == [1 * pxPerMM, 2 * pxPerMM])
    #expect(near(view.samples[0].time, 0.51))
    #expect(view.attributes["color"] == "#00FF00")
    let continued = d.strokes[3].samples
    #expect(continued.count == 3)
    #expect(near(continued[2].x, 22 * pxPerMM))
    #expect(near(continued[2].time, 0.72))
    #expect(d.strokes[4].samples.count == 2)
    #expect(near(d.hover[0].samples[1].time, 0.61))
    #expect(warnings.contains { $0.message.contains("2 empty point") })
    #expect(warnings.contains { $0.message.contains("unknown X or Y") })
  }

  @Test("unknown views, empty traces and indeterminate traces are warnings or notes")
  func lenient() throws {
    let text = """
      <ink><trace type="indeterminate">1 2</trace><trace>  </trace>
      <traceView traceDataRef="#nowhere"/><unknownElement a="1"><trace>5 5</trace></unknownElement>
      </ink>
      """
    let (d, warnings) = try decodeInkML(text)
    #expect(d.strokes.count == 1)
    #expect(warnings.contains { $0.message.contains("empty trace") })
    #expect(
      warnings.contains {
        $0.message.contains("unknown id 'nowhere'") || $0.message.contains("#nowhere")
      })
    #expect(d.metadata.notes.contains { $0.contains("indeterminate") })
  }

  @Test("date-times in timeString agree with Foundation's ISO 8601 parser")
  func timeString() throws {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for text in ["2024-11-17T14:40:01.152Z", "1999-02-28T23:59:59.5+02:00", "1970-01-01T00:00:00Z"]
    {
      let expected = f.date(from: text)?.timeIntervalSince1970
      let plain = text.replacingOccurrences(of: ".152", with: "").replacingOccurrences(
        of: ".5", with: "")
      let fallback = ISO8601DateFormatter().date(from: plain)?.timeIntervalSince1970
      let oracle = try #require(expected ?? fallback)
      #expect(near(InkMLDateTime.secondsSinceEpoch(text), oracle, 1e-3), "\(text)")
    }
    #expect(
      near(InkMLDateTime.secondsSinceEpoch("2024-11-17T14:40:01.152"), 1_731_854_401.152, 1e-6))
    #expect(InkMLDateTime.secondsSinceEpoch("2024-13-01T00:00:00") == nil)
  }

  @Test("sniff tells InkML from other XML and JSON")
  func sniff() {
    let f = InkMLFormat()
    for (_, text) in InkMLFixtures.all { #expect(f.sniff(Data(text.utf8))) }
    #expect(f.sniff(Data("<ink><trace>1 2</trace></ink>".utf8)))
    #expect(!f.sniff(Data("<WhiteboardCaptureSession>".utf8)))
    #expect(!f.sniff(Data("<inkling/>".utf8)))
    #expect(!f.sniff(Data("[{\"points\": []}]".utf8)))
    #expect(FormatCatalog.reader(forFileName: "a.inkml", data: Data())?.descriptor.id == "inkml")
    #expect(
      FormatCatalog.reader(forFileName: "a.xml", data: Data(InkMLFixtures.crohme.utf8))?
        .descriptor.id == "inkml")
  }

  @Test(
    "malformed documents are errors naming file and position",
    arguments: [
      "<ink><trace>1 2</ink>", "<ink><trace>1 2", "<ink/><b/>", "", "not xml",
      "<notink/>", "<ink><traceFormat><channel name=\"Q\"/></traceFormat><trace>1</trace></ink>",
      "<ink><traceFormat><channel/></traceFormat><trace>1 2</trace></ink>",
      "<ink><trace>1 2, 3 4 5</trace></ink>",
    ])
  func malformed(text: String) {
    do {
      _ = try InkMLFormat().decode(Data(text.utf8), file: "bad.inkml", options: DecodeOptions())
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.file == "bad.inkml")
      #expect(error.description.hasPrefix("bad.inkml: "))
    }
  }

  @Test("deep nesting is rejected, not recursed into")
  func deepNesting() {
    let text =
      "<ink>" + String(repeating: "<traceGroup>", count: 300)
      + String(repeating: "</traceGroup>", count: 300) + "</ink>"
    #expect(throws: FormatError.self) {
      _ = try InkMLFormat().decode(Data(text.utf8), file: "deep.inkml", options: DecodeOptions())
    }
  }

  @Test("stroke and sample limits from DecodeOptions")
  func limits() {
    var options = DecodeOptions()
    options.maxStrokesPerFile = 2
    let three = "<ink><trace>1 2</trace><trace>1 2</trace><trace>1 2</trace></ink>"
    #expect(throws: FormatError.self) {
      _ = try InkMLFormat().decode(Data(three.utf8), file: "f", options: options)
    }
    options = DecodeOptions()
    options.maxSamplesPerStroke = 2
    let long = "<ink><trace>1 2, 3 4, 5 6</trace></ink>"
    #expect(throws: FormatError.self) {
      _ = try InkMLFormat().decode(Data(long.utf8), file: "f", options: options)
    }
    options = DecodeOptions()
    options.maxFileBytes = 10
    #expect(throws: FormatError.self) {
      _ = try InkMLFormat().decode(Data(long.utf8), file: "f", options: options)
    }
  }
}
