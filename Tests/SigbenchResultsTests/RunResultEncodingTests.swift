import Foundation
import SigbenchResults
import Testing

/// Issue 16, item 2: `RunResult.encoded()` encodes the samples a chunk at a time, so that a
/// large corpus's `result.json` is not built as one encoder tree. The bytes must be exactly
/// those of encoding the whole value at once.
@Suite("result.json encoded in chunks")
struct RunResultEncodingTests {
  /// The committed version 1 result (one sample with a page, quality and metrics) with its
  /// sample repeated `count` times under distinct names; every other drawing without a page,
  /// as `--no-render` writes them.
  static func result(samples count: Int) throws -> RunResult {
    var r = try RunResult.decode(LegacyFilesTests.data("v1-run/result.json"))
    let sample = try #require(r.samples.first)
    r.samples = (0..<count).map { i in
      var s = sample
      s.name = "c\(i / 80)/U\(i)S1.TXT"
      if i % 2 == 1 {
        s.page = nil
        s.images = [:]
        s.sampleRate = 100.000_000_000_09
      }
      if i % 7 == 3 { s.metadata["notes"] = "line one\nline \"two\" / \\ ü" }
      return s
    }
    return r
  }

  @Test("equals ResultJSON.encode byte for byte, at and around chunk bounds")
  func equalsWholeEncoding() throws {
    for count in [0, 1, 2, 255, 256, 257, 513, 1_000] {
      let r = try Self.result(samples: count)
      let chunked = try r.encoded()
      let whole = try ResultJSON.encode(r)
      #expect(chunked == whole, "\(count) samples")
      #expect(try RunResult.decode(chunked) == r)
    }
  }

  @Test("write(to:) writes those bytes, leaving no temporary file")
  func writeEqualsWholeEncoding() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-encoding-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try Self.result(samples: 600)
    let url = dir.appendingPathComponent("result.json")
    try r.write(to: url)
    #expect(try Data(contentsOf: url) == (try ResultJSON.encode(r)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["result.json"])
  }
}
