import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// sigbench native JSON v1: lossless round trip, idempotence, mutations.
struct NativeFormatTests {
  let format = NativeFormat()

  @Test func roundTripIsExactAndIdempotent() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed ^ 0x4E)
    for k in 0..<60 {
      let d = randomDrawing(&rng, name: "random-\(k).sigbench.json")
      let data = try format.encode(d)
      let r = try format.decode(data, file: d.name, options: .init())
      #expect(r.warnings.isEmpty, "seed \(seed) case \(k)")
      #expect(r.drawings.count == 1 && r.drawings[0] == d, "seed \(seed) case \(k): not exact")
      #expect(try format.encode(r.drawings[0]) == data, "seed \(seed) case \(k): not idempotent")
    }
  }

  @Test func rejectsWrongVersionsAndChannels() throws {
    let d = Drawing(name: "n", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])])
    let text = String(decoding: try format.encode(d), as: UTF8.self)
    let v2 = decodeError(
      format, text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
    #expect(v2?.kind == .unsupportedVersion && v2?.location == .path("$.version"))
    let channels = decodeError(
      format, text.replacingOccurrences(of: "[\"x\", \"y\", \"t\"]", with: "[\"y\", \"x\", \"t\"]"))
    #expect(channels?.field == "channels")
    let nan = decodeError(format, text.replacingOccurrences(of: "[1, 2, 0]", with: "[1, 2, 1e999]"))
    #expect(nan != nil)
  }

  /// Bad sample rows and strokes: each error names the JSON path, the rule and the value,
  /// whether the row holds only numbers (the reader's fast path) or not.
  @Test func rejectsBadSamplesWithTheirPaths() throws {
    let d = Drawing(name: "n", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])])
    let text = String(decoding: try format.encode(d), as: UTF8.self)
    #expect(text.contains("[1, 2, 0]"))
    func error(_ row: String) -> FormatError? {
      decodeError(format, text.replacingOccurrences(of: "[1, 2, 0]", with: row))
    }
    let cases: [(String, String, String, String, String)] = [
      ("[null, 2, 0]", "$.strokes[0].samples[0]", "x", "must not be null", "null"),
      ("[1, null, 0]", "$.strokes[0].samples[0]", "y", "must not be null", "null"),
      (
        "[1, 2]", "$.strokes[0].samples[0]", "sample", "must have one value per channel (3)",
        "2 values"
      ),
      (
        "[1, null]", "$.strokes[0].samples[0]", "sample", "must have one value per channel (3)",
        "2 values"
      ),
      ("[1, \"a\", 0]", "$.strokes[0].samples[0][1]", "samples[0][1]", "must be a number", "a"),
      (
        "[1, 2, [3]]", "$.strokes[0].samples[0][2]", "samples[0][2]", "must be a number",
        "an array"
      ),
      ("\"row\"", "$.strokes[0].samples[0]", "samples[0]", "must be an array", "row"),
    ]
    for (row, path, field, rule, value) in cases {
      let e = error(row)
      #expect(e?.location == .path(path), "\(row)")
      #expect(
        e?.field == field && e?.rule == rule && e?.value == value,
        "\(row): \(String(describing: e))")
    }
    let boolean = error("[1, true, 0]")
    #expect(
      boolean?.rule == "must be a number"
        && boolean?.location == .path("$.strokes[0].samples[0][1]"))
    let untimed = try format.decode(
      Data(text.replacingOccurrences(of: "[1, 2, 0]", with: "[1, 2, null]").utf8), file: "n",
      options: .init())
    #expect(untimed.drawings[0].strokes[0].samples == [Sample(x: 1, y: 2)])
    let notObject = decodeError(
      format, text.replacingOccurrences(of: "\"strokes\": [", with: "\"strokes\": [5, "))
    #expect(notObject?.location == .path("$.strokes[0]") && notObject?.rule == "must be an object")
    #expect(notObject?.value.hasPrefix("5") == true)
  }

  /// Bad ground-truth points: errors name the point's path, the rule and the value.
  @Test func rejectsBadGroundTruthWithTheirPaths() throws {
    let d = Drawing(
      name: "n", strokes: [Stroke(samples: [Sample(x: 1, y: 2)])],
      groundTruth: GroundTruth(strokes: [[Point(x: 1, y: 2), Point(x: 3, y: 4)]]))
    let text = String(decoding: try format.encode(d), as: UTF8.self)
    #expect(text.contains("[3, 4]"))
    #expect(try format.decode(Data(text.utf8), file: "n", options: .init()).drawings[0] == d)
    func error(_ point: String) -> FormatError? {
      decodeError(format, text.replacingOccurrences(of: "[3, 4]", with: point))
    }
    let cases: [(String, String, String, String, String)] = [
      ("[3]", "$.groundTruth[0][1]", "point", "must be [x, y]", "1 values"),
      ("[3, null, 4]", "$.groundTruth[0][1]", "point", "must be [x, y]", "3 values"),
      ("[3, null]", "$.groundTruth[0][1][1]", "groundTruth[0][1][1]", "must be a number", "null"),
      ("[\"a\", 4]", "$.groundTruth[0][1][0]", "groundTruth[0][1][0]", "must be a number", "a"),
      ("[3, 1e999]", "$.groundTruth[0][1]", "y", "must be a finite number", "inf"),
      ("7", "$.groundTruth[0][1]", "groundTruth[0][1]", "must be an array", "7.0"),
    ]
    for (point, path, field, rule, value) in cases {
      let e = error(point)
      #expect(e?.location == .path(path), "\(point)")
      #expect(
        e?.field == field && e?.rule == rule && e?.value == value,
        "\(point): \(String(describing: e))")
    }
  }

  @Test func mutationsNeverTrap() throws {
    var rng = SplitMix64(seed: propertySeed() ^ 0x4F)
    for k in 0..<6 {
      let d = randomDrawing(&rng, name: "random-\(k)")
      checkMutations(
        format, try format.encode(d), file: "random-\(k).sigbench.json", count: 60)
    }
  }
}
