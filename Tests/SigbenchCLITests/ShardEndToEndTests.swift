import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// `run --shard` and `merge` through the built binary (#48): the spec's usage errors, `auto/N`
/// from the schedulers' variables, and a merge's exit codes and console lines.
@Suite("shards and merge end to end", .serialized)
struct ShardEndToEndTests {
  static let fixtures = packageRootURL().appendingPathComponent("Corpus/fixtures").path

  @Test("bad shard specs are usage errors naming the rule and the value")
  func badSpecs() throws {
    let cases: [(String, String)] = [
      ("0/0", "N must be a whole number in 1…100000; got 0"),
      ("3/2", "I must be a whole number in 1…2; got 3"),
      ("-1/4", "I must be a whole number in 1…4; got -1"),
      ("a/b", "N must be a whole number; got 'b' in 'a/b'"),
      (
        "auto/4",
        "auto/4 reads SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a "
          + "Kubernetes Indexed Job); neither is set"
      ),
    ]
    for (spec, message) in cases {
      let r = try EndToEndTests.run(
        ["run", "--corpus", Self.fixtures, "--shard", spec, "--no-history"],
        environment: ["SLURM_ARRAY_TASK_ID": nil, "JOB_COMPLETION_INDEX": nil])
      #expect(r.code == 64, "\(spec): \(r.stderr)")
      #expect(r.stderr.contains("--shard \(spec): \(message)"), "\(spec): \(r.stderr)")
    }
    let slurm = try EndToEndTests.run(
      ["run", "--corpus", Self.fixtures, "--shard", "auto/4", "--no-history"],
      environment: ["SLURM_ARRAY_TASK_ID": "5", "JOB_COMPLETION_INDEX": nil])
    #expect(slurm.code == 64)
    #expect(slurm.stderr.contains("SLURM_ARRAY_TASK_ID=5 is not a shard of 4"))
    let gated = try EndToEndTests.run(
      ["run", "--corpus", Self.fixtures, "--shard", "1/2", "--baseline", "main", "--no-history"])
    #expect(gated.code == 64 && gated.stderr.contains("--shard cannot be combined with --baseline"))
  }

  @Test(
    "auto/N shards from a Kubernetes index, a partial merge exits 0 marked incomplete, the complete one joins them"
  )
  func shardAndMerge() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    var folders: [String] = []
    for index in 0..<2 {
      let dir = out.appendingPathComponent("shard\(index)")
      let r = try EndToEndTests.run(
        [
          "run", "--corpus", Self.fixtures, "--shard", "auto/2", "--out", dir.path,
          "--no-render", "--no-counters", "--timed-points", "100", "--strategies", "catmull-rom",
        ], environment: ["SLURM_ARRAY_TASK_ID": nil, "JOB_COMPLETION_INDEX": String(index)])
      #expect(r.code == 0, "\(r.stderr)")
      #expect(r.stderr.contains("shard \(index + 1)/2: reading only the drawings it owns"))
      #expect(r.stderr.contains("a shard run is not added to the history"))
      #expect(
        !FileManager.default.fileExists(atPath: dir.appendingPathComponent("history.sqlite").path))
      folders.append(dir.appendingPathComponent("latest").path)
    }
    let merged = out.appendingPathComponent("merged")
    let missing = try EndToEndTests.run(["merge", folders[1], "--out", merged.path])
    #expect(missing.code == 64)
    #expect(
      missing.stderr.contains("missing 1 shard of 2: 1 (give every shard run, or --allow-partial"))
    let partial = try EndToEndTests.run([
      "merge", folders[1], "--out", merged.path, "--allow-partial",
    ])
    #expect(partial.code == 0, "\(partial.stderr)")
    #expect(partial.stdout.contains("INCOMPLETE: missing shard 1 of 2"))
    let complete = try EndToEndTests.run(["merge", folders[1], folders[0], "--out", merged.path])
    #expect(complete.code == 0, "\(complete.stderr)")
    #expect(complete.stdout.contains("merged 2 of 2 shards: 9 drawings"))
    let result = try RunResult.decode(
      Data(contentsOf: merged.appendingPathComponent("latest/result.json")))
    #expect(result.merge?.complete == true && result.corpus.drawings == 9)
    let sheet = try String(
      contentsOf: merged.appendingPathComponent("latest/index.html"), encoding: .utf8)
    #expect(sheet.contains("Merged from 2 of 2 shards"))
    #expect(sheet.contains("weaker than a whole run's content checksum"))
    let history = try EndToEndTests.run(["history", "list", "--out", merged.path])
    #expect(history.stdout.contains("1 run(s)") && !history.stdout.contains("incomplete merge"))
  }
}
