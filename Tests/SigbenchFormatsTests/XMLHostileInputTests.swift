import Foundation
import SigbenchCore
import Testing

@testable import SigbenchFormats

/// Hostile XML and degenerate data in the readers, each case built from a file that once
/// crashed, hung or was misread.
@Suite("Hostile XML and degenerate values are refused with a named rule")
struct XMLHostileInputTests {
  static let inkDoctype =
    "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<!DOCTYPE ink [<!NOTATION g SYSTEM \"x\">]>"
    + "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>0 0, 1 1</trace></ink>"
  static let iamDoctype =
    "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<!DOCTYPE W [<!NOTATION g SYSTEM \"x\">]>"
    + "<WhiteboardCaptureSession><StrokeSet><Stroke><Point x=\"1\" y=\"2\" time=\"1\"/>"
    + "</Stroke></StrokeSet></WhiteboardCaptureSession>"

  /// `text` in a wide encoding without a byte order mark, its declaration naming `name`.
  static func wide(_ text: String, _ encoding: String) -> Data {
    switch encoding {
    case "UTF-16LE":
      return text.replacingOccurrences(of: "ENC", with: "UTF-16").data(using: .utf16LittleEndian)!
    case "UTF-16BE":
      return text.replacingOccurrences(of: "ENC", with: "UTF-16").data(using: .utf16BigEndian)!
    default:
      return text.replacingOccurrences(of: "ENC", with: "UCS-4").data(using: .utf32BigEndian)!
    }
  }

  static func expectDoctype(_ e: FormatError?, file: String) {
    #expect(e?.field == "DOCTYPE", "\(String(describing: e))")
    #expect(e?.rule.contains("a DOCTYPE is not accepted") == true)
    #expect(e?.location == .line(2))
    #expect(e?.description.hasPrefix("\(file): line 2: ") == true)
  }

  @Test(
    "a DOCTYPE in BOM-less UTF-16LE, UTF-16BE or UCS-4 is refused (InkML)",
    arguments: ["UTF-16LE", "UTF-16BE", "UCS-4"])
  func inkMLDoctype(encoding: String) {
    let e = decodeError(InkMLFormat(), Self.wide(Self.inkDoctype, encoding), file: "n.inkml")
    Self.expectDoctype(e, file: "n.inkml")
  }

  @Test(
    "a DOCTYPE in BOM-less UTF-16LE, UTF-16BE or UCS-4 is refused (IAM-OnDB)",
    arguments: ["UTF-16LE", "UTF-16BE", "UCS-4"])
  func iamDoctype(encoding: String) {
    let e = decodeError(IAMOnDBFormat(), Self.wide(Self.iamDoctype, encoding), file: "n.xml")
    Self.expectDoctype(e, file: "n.xml")
  }

  @Test("a DOCTYPE in UTF-8 is refused too, naming its line")
  func utf8Doctype() {
    let e = decodeError(
      InkMLFormat(), Self.inkDoctype.replacingOccurrences(of: "ENC", with: "UTF-8"), file: "d.inkml"
    )
    Self.expectDoctype(e, file: "d.inkml")
  }

  @Test("nested internal entities (billion laughs) in UTF-16 are refused at once, not expanded")
  func billionLaughs() {
    var text =
      "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<!DOCTYPE ink [\n<!ENTITY a \"xxxxxxxxxx\">\n"
    let names = Array("abcdefghij")
    for i in 1..<names.count {
      let ref = "&\(names[i - 1]);"
      text += "<!ENTITY \(names[i]) \"\(String(repeating: ref, count: 10))\">\n"
    }
    text += "]>\n<ink xmlns=\"http://www.w3.org/2003/InkML\"><annotation type=\"note\">&j;"
    text += "</annotation><trace>0 0, 1 1</trace></ink>"
    let start = ContinuousClock.now
    let e = decodeError(InkMLFormat(), Self.wide(text, "UTF-16LE"), file: "lol.inkml")
    #expect(ContinuousClock.now - start < .seconds(5))
    Self.expectDoctype(e, file: "lol.inkml")
  }

  @Test("a UTF-16 InkML whose ink sits in an entity is refused, not read as 0 strokes")
  func entityInk() {
    let text =
      "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<!DOCTYPE ink [<!ENTITY t \"0 0, 1 1\">]>"
      + "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>&t;</trace></ink>"
    let e = decodeError(InkMLFormat(), Self.wide(text, "UTF-16LE"), file: "e.inkml")
    Self.expectDoctype(e, file: "e.inkml")
  }

  @Test("an over-long text node names the limit and a line the file has")
  func longText() {
    let limit = XMLSAXParser.maxTextBytes
    var text = "<ink xmlns=\"http://www.w3.org/2003/InkML\">\n<trace>"
    text += String(repeating: "1 2, ", count: limit / 5 + 10)
    text += "</trace>\n</ink>\n"
    let e = decodeError(InkMLFormat(), text, file: "long.inkml")
    #expect(e?.kind == .limitExceeded)
    #expect(e?.rule.contains("at most \(limit) bytes") == true, "\(String(describing: e))")
    #expect(e?.location == .line(2))
  }

  @Test("subnormal unitless coordinates scale to the nominal size, never to NaN")
  func subnormal() throws {
    let ink =
      "<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>0 0, 4e-320 0, 0 4e-320</trace></ink>"
    let r = try InkMLFormat().decode(Data(ink.utf8), file: "s.inkml", options: DecodeOptions())
    let xs = r.drawings[0].strokes[0].samples.map(\.x)
    #expect(xs == [0, SampleRules.nominalExtent, 0])
    let iam =
      "<WhiteboardCaptureSession><StrokeSet><Stroke><Point x=\"4e-320\" y=\"0\" time=\"1\"/>"
      + "<Point x=\"0\" y=\"0\" time=\"2\"/></Stroke></StrokeSet></WhiteboardCaptureSession>"
    let i = try IAMOnDBFormat().decode(Data(iam.utf8), file: "s.xml", options: DecodeOptions())
    #expect(i.drawings[0].strokes[0].samples.map(\.x) == [SampleRules.nominalExtent, 0])
  }

  @Test("one 1e308 coordinate in unitless ink is refused, naming value, field and line")
  func hugeCoordinate() {
    let ink =
      "<ink xmlns=\"http://www.w3.org/2003/InkML\">\n<trace>0 0, 1e308 1, 3 3, 10 10</trace></ink>"
    let e = decodeError(InkMLFormat(), ink, file: "b.inkml")
    #expect(
      e?.field == "x" && e?.value == "1e+308" && e?.location == .line(2), "\(String(describing: e))"
    )
    #expect(e?.rule.contains("flatten") == true)
    let iam =
      "<WhiteboardCaptureSession><StrokeSet><Stroke>\n<Point x=\"1e308\" y=\"0\" time=\"1\"/>"
      + "<Point x=\"10\" y=\"20\" time=\"2\"/><Point x=\"30\" y=\"40\" time=\"3\"/>"
      + "</Stroke></StrokeSet></WhiteboardCaptureSession>"
    let i = decodeError(IAMOnDBFormat(), iam, file: "b.xml")
    #expect(
      i?.field == "x" && i?.value == "1e+308" && i?.location == .line(2), "\(String(describing: i))"
    )
    let overflow = "<ink><trace>-1e308 0, 1e308 1, 3 3</trace></ink>"
    let o = decodeError(InkMLFormat(), overflow, file: "o.inkml")
    #expect(o?.rule.contains("extent finite") == true, "\(String(describing: o))")
  }

  @Test("float jitter and a far but plausible glitch are still read")
  func plausibleOutliers() throws {
    let ink = "<ink><trace>100 100, 100.00000000000001 100, 110 120, 65535 0</trace></ink>"
    let r = try InkMLFormat().decode(Data(ink.utf8), file: "j.inkml", options: DecodeOptions())
    #expect(r.drawings[0].sampleCount == 4)
  }

  @Test("an empty or blank .ndjson file is an error naming the file")
  func emptyNDJSON() {
    for text in ["", "\n  \n"] {
      let e = decodeError(QuickDrawFormat(), text, file: "empty.ndjson")
      #expect(e?.description.hasPrefix("empty.ndjson: ") == true)
      #expect(e?.value.contains("no drawing") == true, "\(String(describing: e))")
    }
  }

  @Test("a negative time in native JSON and .sbi is an error naming the place")
  func negativeTimes() throws {
    var drawing = Drawing(
      name: "n",
      strokes: [Stroke(samples: [Sample(x: 0, y: 0, time: -0.5), Sample(x: 1, y: 1, time: 0.1)])])
    let json = try NativeFormat().encode(drawing)
    let e = decodeError(NativeFormat(), json, file: "n.sigbench.json")
    #expect(e?.field == "time" && e?.value == "-0.5", "\(String(describing: e))")
    #expect(e?.location == .path("$.strokes[0].samples[0]"))
    drawing.name = "b"
    let sbi = try BinaryFormat().encode(drawing)
    let b = decodeError(BinaryFormat(), sbi, file: "n.sbi")
    #expect(
      b?.field == "time" && b?.rule.contains("at least 0") == true, "\(String(describing: b))")
    if case .byte = b?.location {} else { Issue.record("no byte offset: \(String(describing: b))") }
  }
}
