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

  @Test("the README's envelope table gives every bound's value")
  func readmeAgrees() throws {
    let readme = try String(
      contentsOf: packageRootURL().appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "the input envelope"))
    let section = readme[start.upperBound...].prefix(3000)
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
  }

  @Test("ground truth outside the envelope is refused, JSON and binary (item 1)")
  func groundTruth() throws {
    let stroke = "[[1,2,0],[30,40,0.01]]"
    for v in ["1e15", "-1e19", "10000001"] {
      let e = try #require(Self.error(Self.native(stroke, truth: "[[[0,0],[\(v),5]]]")), "\(v)")
      #expect(e.field == "x" && e.location == .path("$.groundTruth[0][1]"), "\(e)")
      #expect(e.rule.contains("position") || e.rule.contains("CSS px"), "\(e)")
    }
    #expect(Self.error(Self.native(stroke, truth: "[[[0,0],[10000000,-10000000]]]")) == nil)
    // The binary format: the same bound, at the coordinate's byte offset.
    let drawing = Drawing(
      name: "b", strokes: [Stroke(samples: [Sample(x: 1, y: 2), Sample(x: 3, y: 4)])],
      groundTruth: GroundTruth(strokes: [[Point(x: 0, y: 0), Point(x: 2e8, y: 1)]]))
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
