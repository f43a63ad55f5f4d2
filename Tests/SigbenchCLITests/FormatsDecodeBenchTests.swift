import Foundation
import SigbenchTestSupport
import Testing

/// `sigbench formats --decode-bench` as a user runs it: every format reported with sane
/// figures. Never a timing threshold (speed is measured, not unit-tested).
@Suite("end to end: formats --decode-bench", .serialized)
struct FormatsDecodeBenchTests {
  /// The JSON rows of one run, by id, and the ids without input.
  func bench(_ paths: [String]) throws -> (rows: [String: [String: Any]], none: [String]) {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "formats", "--decode-bench", paths.joined(separator: ":"), "--repetitions", "2", "--json",
      "--out", out.path,
    ])
    #expect(r.code == 0, "stderr: \(r.stderr)")
    // The same figures are in <out>/decode-bench/<id>/decode-bench.json, with their context.
    let ids = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("decode-bench").path)
    #expect(ids.count == 1)
    let saved = try JSONSerialization.jsonObject(
      with: Data(
        contentsOf: out.appendingPathComponent("decode-bench/\(ids[0])/decode-bench.json")))
    let context = (saved as? [String: Any])?["context"] as? [String: Any]
    #expect(context?["timer"] != nil && context?["machine"] != nil)
    let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    let top = try #require(object as? [String: Any])
    #expect(top["repetitions"] as? Int == 2)
    let rows = try #require(top["rows"] as? [[String: Any]])
    var byID: [String: [String: Any]] = [:]
    for row in rows { byID[try #require(row["id"] as? String)] = row }
    #expect(byID.count == rows.count, "one row per format")
    return (byID, try #require(top["withoutInput"] as? [String]))
  }

  func expectSane(_ row: [String: Any], _ id: String) {
    for key in ["bytes", "samples", "files", "drawings"] {
      #expect((row[key] as? Int ?? 0) > 0, "\(id).\(key)")
    }
    for key in ["medianSeconds", "megabytesPerSecond", "nsPerSample"] {
      let v = row[key] as? Double ?? .nan
      #expect(v > 0 && v.isFinite, "\(id).\(key) = \(v)")
    }
    #expect((row["failures"] as? [Any])?.isEmpty == true, "\(id) failures")
    // Timed through the harness: two timed passes after a verified warm-up.
    let timing = row["timing"] as? [String: Any]
    #expect(timing?["timedPasses"] as? Int == 2, "\(id) timing")
    #expect((timing?["summary"] as? [String: Any])?["count"] as? Int == 2, "\(id) timing count")
    if let target = row["targetMegabytesPerSecond"] as? Double {
      let mbps = row["megabytesPerSecond"] as? Double ?? 0
      #expect(row["met"] as? Bool == (mbps >= target), "\(id) met")
    } else {
      #expect(row["met"] == nil, "\(id) has no target")
    }
  }

  @Test("the bundled corpus: every writable format and IAM-OnDB from its drawings")
  func bundled() throws {
    let root = packageRootURL().appendingPathComponent("Corpus").path
    let (rows, none) = try bench([root])
    for id in ["native", "inkml", "iam-ondb", "signature-pad", "sbi"] {
      let row = try #require(rows[id], "no row for \(id)")
      expectSane(row, id)
    }
    #expect(rows["native"]?["input"] as? String == "files+encoded")
    #expect(rows["sbi"]?["input"] as? String == "encoded")
    #expect(
      Set(none)
        == ["bdalab-svc", "svc2004", "quickdraw-raw", "quickdraw-simplified", "uim"])
  }

  @Test(
    "the shared corpus and the bundled one: every reader has input",
    .enabled(if: sharedCorpusURL() != nil))
  func everyFormat() throws {
    let root = packageRootURL().appendingPathComponent("Corpus").path
    let (rows, none) = try bench([sharedCorpusURL()!.path, root])
    #expect(none.isEmpty)
    let ids = [
      "native", "inkml", "iam-ondb", "signature-pad", "bdalab-svc", "svc2004", "quickdraw-raw",
      "quickdraw-simplified", "sbi", "uim",
    ]
    #expect(Set(rows.keys) == Set(ids))
    for id in ids { expectSane(try #require(rows[id]), id) }
  }

  @Test("--study and --decode-bench together are a usage error")
  func exclusive() throws {
    let r = try EndToEndTests.run(["formats", "--study", "a", "--decode-bench", "b"])
    #expect(r.code == 64 && r.stderr.contains("cannot be combined"))
  }
}
