import Foundation
import SigbenchBuildStamp
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Every artefact names the commit the binary was built from (its build stamp), never the
/// working folder's repository (#42, item 1): the sheet read `Commit | unknown` when run outside
/// a checkout, and recorded an unrelated repository's HEAD when run inside one.
@Suite("end to end: provenance is the build stamp", .serialized)
struct ProvenanceEndToEndTests {
  static let label = Provenance.label(commit: BuildStamp.commit, dirty: BuildStamp.dirty)

  /// A small run in `cwd`: one drawing, one strategy, no pictures.
  static func run(in cwd: URL, out: URL) throws {
    let corpus = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/straight-line.sigbench.json")
    let r = try EndToEndTests.run(
      [
        "run", "--corpus", corpus.path, "--out", out.path, "--strategies", "straight",
        "--no-render", "--no-counters", "--processes", "2", "--timed-points", "100", "--quiet",
      ], cwd: cwd)
    #expect(r.code == 0, "\(r.stderr)")
  }

  /// The run's result.json, bench.json, sheet and history row all carry the build stamp.
  static func expectStamp(_ out: URL, not other: String?) throws {
    let latest = out.appendingPathComponent("latest")
    let result = try RunResult.decode(
      Data(contentsOf: latest.appendingPathComponent("result.json")))
    let bench = try BenchReport.decode(
      Data(contentsOf: latest.appendingPathComponent("bench.json")))
    for p in [result.provenance, bench.provenance] {
      #expect(p.gitCommit == BuildStamp.commit && p.gitDirty == BuildStamp.dirty)
      #expect(p.commitTime == BuildStamp.commitTime)
      #expect(p.buildConfiguration == BuildStamp.configuration)
      #expect(p.toolchain == BuildStamp.toolchain)
      if let other { #expect(p.gitCommit != other) }
    }
    let sheet = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(sheet.contains("commit \(Self.label)</summary>"))
    let list = try EndToEndTests.run(
      ["history", "list", "--history", out.appendingPathComponent("history.sqlite").path])
    #expect(list.code == 0 && list.stdout.contains(Self.label), "\(list.stdout)")
  }

  @Test("run from outside any checkout: the build's commit, not unknown")
  func outsideCheckout() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.run(in: dir, out: dir.appendingPathComponent("out"))
    try Self.expectStamp(dir.appendingPathComponent("out"), not: nil)
  }

  @Test("run, baseline and gate from inside an unrelated repository: never its HEAD")
  func insideAnotherRepository() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let git = { (args: [String]) throws -> String in
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      p.arguments = ["-C", dir.path, "-c", "user.name=t", "-c", "user.email=t@example.org"] + args
      let pipe = Pipe()
      p.standardOutput = pipe
      p.standardError = FileHandle.nullDevice
      try p.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    _ = try git(["init", "-q"])
    _ = try git(["commit", "-q", "--allow-empty", "-m", "unrelated"])
    let head = try git(["rev-parse", "HEAD"])
    #expect(head.count == 40, "git did not make a commit here")
    let out = dir.appendingPathComponent("out")
    try Self.run(in: dir, out: out)
    try Self.expectStamp(out, not: head)
    let corpus = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/straight-line.sigbench.json")
    let common = [
      "--corpus", corpus.path, "--out", out.path, "--strategies", "straight", "--processes", "2",
      "--no-counters", "--quiet",
    ]
    let save = try EndToEndTests.run(["baseline", "save", "main"] + common, cwd: dir)
    #expect(save.code == 0, "\(save.stderr)")
    let baseline = try Baseline.decode(
      Data(contentsOf: out.appendingPathComponent("baselines/main.json")))
    #expect(baseline.provenance.gitCommit == BuildStamp.commit)
    let list = try EndToEndTests.run(["baseline", "list", "--out", out.path], cwd: dir)
    #expect(list.stdout.contains("commit \(Self.label)"), "\(list.stdout)")
    let gate = try EndToEndTests.run(
      ["gate", "--baseline", "main"] + common.filter { $0 != "--no-counters" }, cwd: dir)
    #expect([0, 2].contains(gate.code), "\(gate.stderr)")
    let gates = try FileManager.default.contentsOfDirectory(
      at: out.appendingPathComponent("gates"), includingPropertiesForKeys: nil)
    let folder = try #require(gates.first)
    let md = try String(contentsOf: folder.appendingPathComponent("gate.md"), encoding: .utf8)
    #expect(
      md.contains("- Head: commit \(Self.label);") && md.contains("- Base: commit \(Self.label)."))
    #expect(!md.contains(String(head.prefix(10))))
  }
}
