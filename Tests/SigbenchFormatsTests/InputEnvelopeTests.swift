import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// The readers enforce `InputEnvelope` on values they used to let through (#43): a time or a
/// ground-truth point outside it is refused while reading, naming the file, the place, the
/// field, the bound and the value.
@Suite("the input envelope at the readers")
struct InputEnvelopeTests {
  /// A native JSON file with one stroke of `[x, y, t]` samples and, optionally, ground truth.
  static func native(_ samples: String, truth: String? = nil) -> Data {
    var json =
      #"{"format":"sigbench-ink","version":1,"units":{"position":"css-px","time":"s","pressure":"0-1","angle":"rad"},"channels":["x","y","t"],"strokes":[{"samples":"#
      + samples + "}],\"hover\":[]"
    if let truth { json += ",\"groundTruth\":" + truth }
    return Data((json + "}").utf8)
  }

  static func error(_ data: Data, _ format: any StrokeFormat = NativeFormat()) -> FormatError? {
    do {
      _ = try format.decode(data, file: "e.sigbench.json", options: .init())
      return nil
    } catch { return error }
  }

  @Test("every bound is declared once with a value, a unit and a reason")
  func declared() {
    #expect(InputEnvelope.bounds.count == Set(InputEnvelope.bounds.map(\.name)).count)
    for b in InputEnvelope.bounds {
      #expect(b.value > 0 && !b.unit.isEmpty && !b.reason.isEmpty, "\(b.name)")
    }
    // The readers' limits are the envelope's.
    let o = DecodeOptions()
    #expect(Double(o.maxSamplesPerStroke) == InputEnvelope.samplesPerStroke.value)
    #expect(Double(o.maxSamplesPerFile) == InputEnvelope.samplesPerFile.value)
    #expect(Double(o.maxStrokesPerFile) == InputEnvelope.strokesPerFile.value)
    #expect(SampleRules.maxCoordinate == InputEnvelope.position.value)
  }

  @Test("pressure and angles: one declared range each, used by the readers and the check")
  func channelRanges() throws {
    #expect(InputEnvelope.pressure.rule == "must be in [0, 1]")
    #expect(InputEnvelope.tilt.rule == "must be in [0, π/2] rad")
    #expect(InputEnvelope.azimuth.rule == "must be in [0, 2π) rad")
    #expect(!InputEnvelope.azimuth.admits(2 * Double.pi) && InputEnvelope.tilt.admits(.pi / 2))
    #expect(!InputEnvelope.pressure.admits(.nan))
    // A reader clamps and wraps into them; the drawing it gives passes the check.
    let d = Drawing(
      name: "d",
      strokes: [
        Stroke(samples: [
          Sample(x: 0, y: 0, time: 0, pressure: 1.5, tilt: 2, azimuth: 7),
          Sample(x: 1, y: 1, time: 0.01, pressure: -0.5, tilt: -1, azimuth: -1),
        ])
      ])
    let data = try NativeFormat().encode(d)
    let read = try NativeFormat().decode(data, file: "c.sigbench.json", options: DecodeOptions())
    let s = try #require(read.drawings.first?.strokes.first?.samples)
    #expect(s[0].pressure == 1 && s[1].pressure == 0)
    #expect(s[0].tilt == .pi / 2 && s[1].tilt == 0)
    #expect(
      abs(s[0].azimuth! - (7 - 2 * .pi)) < 1e-12 && abs(s[1].azimuth! - (2 * .pi - 1)) < 1e-12)
    #expect(InputEnvelope.violations(in: read.drawings[0]).isEmpty)
    #expect(InputEnvelope.violations(in: d).count == 3)
  }

  @Test("the README's envelope table gives every bound's value")
  func readmeAgrees() throws {
    let readme = try String(
      contentsOf: packageRootURL().appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "### What a reader accepts: the input envelope"))
    let section = readme[start.upperBound...].prefix(5000)
    for b in InputEnvelope.bounds {
      let v = b.value == b.value.rounded() ? String(Int(b.value)) : String(b.value)
      #expect(section.contains(v), "README lacks \(b.name) = \(v)")
    }
  }

  @Test("a time past the envelope is refused with its place and value (item 2)")
  func times() throws {
    for t in ["1e17", "1e308", "10000000000.5"] {
      let e = try #require(Self.error(Self.native("[[1,2,0],[30,40,0.01],[50,60,\(t)]]")), "\(t)")
      #expect(e.file == "e.sigbench.json" && e.field == "time", "\(e)")
      #expect(e.rule.contains("10000000000 s") && e.value == String(Double(t)!), "\(e)")
    }
    // Inside: the largest time accepted.
    #expect(Self.error(Self.native("[[1,2,0],[30,40,0.01],[50,60,10000000000]]")) == nil)
    // A repeated time at the bound would be repaired past it (1e10 + 1 µs): refused, found by
    // the writers' corner test (EnvelopeWriterTests).
    let repeated = try #require(
      Self.error(Self.native("[[1,2,0],[30,40,10000000000],[50,60,10000000000]]")))
    #expect(repeated.field == "time" && repeated.rule.contains("repair"), "\(repeated)")
    #expect(repeated.rule.contains("10000000000 s"), "\(repeated)")
  }

  @Test("ground truth outside the envelope is refused, JSON and binary (item 1)")
  func groundTruth() throws {
    let stroke = "[[1,2,0],[30,40,0.01]]"
    for v in ["1e15", "-1e19", "100001"] {
      let e = try #require(Self.error(Self.native(stroke, truth: "[[[0,0],[\(v),5]]]")), "\(v)")
      #expect(e.field == "x" && e.location == .path("$.groundTruth[0][1]"), "\(e)")
      #expect(e.rule.contains("position") || e.rule.contains("CSS px"), "\(e)")
    }
    #expect(Self.error(Self.native(stroke, truth: "[[[0,0],[100000,-100000]]]")) == nil)
    // The binary format: the same bound, at the coordinate's byte offset.
    let drawing = Drawing(
      name: "b", strokes: [Stroke(samples: [Sample(x: 1, y: 2), Sample(x: 3, y: 4)])],
      groundTruth: GroundTruth(strokes: [[Point(x: 0, y: 0), Point(x: 2e6, y: 1)]]))
    let binary = BinaryFormat()
    let data = try binary.encode(drawing)
    let e = try #require(Self.error(data, binary))
    #expect(e.field == "ground truth x" && e.rule.contains("CSS px"), "\(e)")
    if case .byte(let offset) = e.location {
      #expect(offset > 0 && offset < data.count)
    } else {
      Issue.record("location \(e.location)")
    }
  }

  @Test("the ground-truth point count is checked before the points are stored")
  func truthCount() throws {
    let rules = SampleRules(file: "t", options: .init())
    #expect(throws: FormatError.self) { try rules.checkTruthPoints(2_000_001, at: .file) }
    try rules.checkTruthPoints(2_000_000, at: .file)
  }
}

/// A key repeated in one JSON object is malformed, named, in every JSON format (#43, item 11):
/// it used to read as the first value silently (`"version":1,"version":99` as version 1).
@Suite("repeated JSON keys")
struct RepeatedJSONKeyTests {
  @Test("native JSON, signature_pad JSON and Quick, Draw! ndjson refuse a repeated key")
  func refused() throws {
    let native = Data(
      #"{"format":"sigbench-ink","version":1,"version":99,"units":{"position":"css-px","time":"s","pressure":"0-1","angle":"rad"},"channels":["x","y"],"strokes":[{"samples":[[1,2]]}],"hover":[]}"#
        .utf8)
    let pad = Data(#"[{"penColor":"black","points":[{"x":1,"y":2,"x":3,"time":0}]}]"#.utf8)
    let quick = Data(
      #"{"word":"cat","word":"dog","countrycode":"US","timestamp":"t","recognized":true,"key_id":"1","drawing":[[[1,2],[3,4]]]}"#
        .utf8)
    for (format, data, key) in [
      (NativeFormat() as any StrokeFormat, native, "version"), (SignaturePadFormat(), pad, "x"),
      (QuickDrawFormat(), quick, "word"),
    ] {
      let e = try #require(InputEnvelopeTests.error(data, format), "\(format.descriptor.id)")
      #expect(e.kind == .malformed && e.rule.contains("\"\(key)\" appears twice"), "\(e)")
      if case .line(1, let column?) = e.location {
        #expect(column > 1, "\(e)")
      } else {
        Issue.record("\(format.descriptor.id): location \(e.location)")
      }
    }
  }
}
