import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Issue 16, faults: concurrent read-modify-writes, interruption, orphans and leftovers, through
/// the built binary.
@Suite("faults end to end", .serialized)
struct FaultTests {
  static let fixtures = packageRootURL().appendingPathComponent("Corpus/fixtures")

  /// Starts the binary with `TMPDIR` set to `tmp`, stdout and stderr to files in `tmp`.
  static func start(_ args: [String], tmp: URL) throws -> Process {
    let p = Process()
    p.executableURL = EndToEndTests.binary
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    env["TMPDIR"] = tmp.path
    env.removeValue(forKey: "SIGBENCH_INJECT")
    p.environment = env
    p.standardOutput = FileHandle.nullDevice
    _ = FileManager.default.createFile(
      atPath: tmp.appendingPathComponent("stderr").path, contents: nil)
    p.standardError = try FileHandle(forWritingTo: tmp.appendingPathComponent("stderr"))
    try p.run()
    return p
  }

  /// Waits (≤ `seconds`) until `condition` holds.
  static func wait(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  /// Process ids whose command line contains `text`.
  static func processes(naming text: String) -> [Int32] {
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return ids.compactMap { id -> Int32? in
      guard let pid = Int32(id),
        let cmd = FileManager.default.contents(atPath: "/proc/\(id)/cmdline")
      else { return nil }
      let text2 = String(decoding: cmd.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
      return text2.contains(text) ? pid : nil
    }
  }

  @Test("two acknowledgements at once both land (the baselines' file lock)")
  func concurrentAcks() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let out = base.appendingPathComponent("out")
    let save = try EndToEndTests.run([
      "baseline", "save", "B", "--out", out.path, "--corpus", Self.fixtures.path,
      "--strategies", "straight,catmull-rom", "--processes", "2", "--lanes", "smooth",
      "--no-counters", "--quiet",
    ])
    try #require(save.code == 0, "\(save.stderr)")
    for round in 0..<4 {
      let a = try Self.start(
        [
          "baseline", "ack", "B", "--out", out.path, "--strategy", "straight", "--reason",
          "a\(round)", "--quiet",
        ], tmp: base)
      let b = try Self.start(
        [
          "baseline", "ack", "B", "--out", out.path, "--strategy", "catmull-rom", "--reason",
          "b\(round)", "--quiet",
        ], tmp: base)
      a.waitUntilExit()
      b.waitUntilExit()
      #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
    }
    let stored = try Baseline.decode(
      Data(contentsOf: out.appendingPathComponent("baselines/B.json")))
    #expect(
      Set(stored.acknowledgements.map(\.reason))
        == Set((0..<4).flatMap { ["a\($0)", "b\($0)"] }))
  }

  @Test("SIGINT and SIGTERM stop a run: exit 130/143, no partial folder, latest untouched")
  func interruptedRun() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let out = base.appendingPathComponent("out")
    let first = try EndToEndTests.run([
      "run", "--corpus", Self.fixtures.path, "--out", out.path, "--strategies", "straight",
      "--no-counters", "--quiet",
    ])
    try #require(first.code == 0, "\(first.stderr)")
    let latest = out.appendingPathComponent("latest")
    let before = try FileManager.default.destinationOfSymbolicLink(atPath: latest.path)
    for (signal, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
      let p = try Self.start(
        [
          "run", "--corpus", Self.fixtures.path, "--out", out.path, "--strategies",
          "straight,catmull-rom", "--no-counters", "--quiet",
        ], tmp: base)
      let runs = out.appendingPathComponent("runs")
      let partialSeen = Self.wait(30) {
        ((try? FileManager.default.contentsOfDirectory(atPath: runs.path)) ?? [])
          .contains { $0.hasSuffix(".partial") }
      }
      #expect(partialSeen, "the run never started its partial folder")
      kill(p.processIdentifier, signal)
      p.waitUntilExit()
      let stderr =
        (try? String(contentsOf: base.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
      #expect(p.terminationStatus == code, "exit \(p.terminationStatus): \(stderr)")
      #expect(stderr.contains("stopped by"), "\(stderr)")
      let left = try FileManager.default.contentsOfDirectory(atPath: runs.path)
      #expect(!left.contains { $0.hasPrefix(".") }, "left behind: \(left)")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest.path) == before)
    }
  }

  @Test("SIGKILL of baseline save: its workers die too; the next command sweeps its leftovers")
  func killedSaveLeavesNoOrphans() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    // A private copy of the corpus: its path marks this test's workers in the process table.
    let corpus = base.appendingPathComponent("corpus-orphan-test")
    try FileManager.default.copyItem(at: Self.fixtures, to: corpus)
    let tmp = base.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let out = base.appendingPathComponent("out")
    let p = try Self.start(
      [
        "baseline", "save", "K", "--out", out.path, "--corpus", corpus.path, "--strategies",
        "straight", "--processes", "2", "--lanes", "smooth", "--quiet",
      ], tmp: tmp)
    let workerSeen = Self.wait(60) {
      Self.processes(naming: corpus.path).contains { $0 != p.processIdentifier }
    }
    #expect(workerSeen, "no worker process appeared")
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    let gone = Self.wait(5) { Self.processes(naming: corpus.path).isEmpty }
    let orphans = Self.processes(naming: corpus.path)
    for pid in orphans { kill(pid, SIGKILL) }
    #expect(gone, "orphaned workers: \(orphans)")
    let scratch = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
      .filter { $0.hasPrefix("sigbench-") }
    #expect(!scratch.isEmpty, "the killed save left no scratch folder to sweep (test setup)")
    // The next command that writes under the same --out sweeps what the dead process left.
    let list = try Self.start(["baseline", "list", "--out", out.path], tmp: tmp)
    list.waitUntilExit()
    let stderr =
      (try? String(contentsOf: tmp.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    #expect(stderr.contains("notice: removed"), "\(stderr)")
    let after = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
      .filter { $0.hasPrefix("sigbench-") }
    #expect(after.isEmpty, "not swept: \(after)")
  }
}
