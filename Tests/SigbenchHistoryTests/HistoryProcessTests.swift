import Foundation
import SigbenchCore
import Testing

@testable import SigbenchHistory

/// Several `sigbench` processes on one database, run as a user would: the built binary.
@Suite("history database across processes", .serialized)
struct HistoryProcessTests {
  @Test("the sigbench binary is built (swift build before swift test)")
  func binaryExists() {
    #expect(
      FileManager.default.isExecutableFile(atPath: HistoryFixtures.binary.path),
      "no sigbench binary at \(HistoryFixtures.binary.path)")
  }

  @Test("two processes writing at once both land")
  func concurrentWriters() throws {
    // On a loaded machine one import can finish before the other is scheduled; the attempt
    // then proves nothing about concurrent writers, so it is repeated (at most three times).
    // Every attempt must land both imports whole; at least one must interleave them.
    var overlapped = false
    for attempt in 0..<3 where !overlapped {
      let dir = try HistoryFixtures.folder("concurrent\(attempt)")
      let a = dir.appendingPathComponent("a")
      let b = dir.appendingPathComponent("b")
      try HistoryFixtures.writeBenches(40, first: 0, in: a)
      try HistoryFixtures.writeBenches(40, first: 1000, in: b)
      let db = dir.appendingPathComponent("history.sqlite").path
      let pa = try HistoryFixtures.start(["history", "import", a.path, "--history", db])
      let pb = try HistoryFixtures.start(["history", "import", b.path, "--history", db])
      pa.waitUntilExit()
      pb.waitUntilExit()
      #expect(pa.terminationStatus == 0 && pb.terminationStatus == 0)
      let store = try HistoryStore(path: db)
      #expect(try store.runs().count == 80)
      #expect(try store.integrityCheck() == "ok")
      // The two really wrote at the same time when their runs interleave in insertion order.
      let order = try store.runs().sorted { $0.id < $1.id }.map { $0.source.contains("/a/") }
      let switches = zip(order, order.dropFirst()).filter { $0 != $1 }.count
      print("history: concurrent imports, attempt \(attempt + 1): \(switches) switches")
      overlapped = switches > 1
    }
    #expect(overlapped, "the imports did not overlap in three attempts")
  }

  @Test("SIGKILL during a write: the file opens, passes integrity_check, keeps finished runs")
  func killedWriter() throws {
    let dir = try HistoryFixtures.folder("kill")
    let done = dir.appendingPathComponent("done")
    try HistoryFixtures.writeBenches(5, first: 0, in: done)
    let db = dir.appendingPathComponent("history.sqlite").path
    let finished = try HistoryFixtures.start(["history", "import", done.path, "--history", db])
    finished.waitUntilExit()
    #expect(finished.terminationStatus == 0)
    let perRun = try HistoryStore(path: db).rows().count / 5
    var rng = SplitMix64(seed: 42)
    print("history: SIGKILL cycles, seed 42")
    // Three imports killed at different moments after their first commits. One reading
    // connection polls (a read never waits for the writer in WAL mode).
    let reader = try HistoryStore(path: db)
    let count = { (try? reader.db.query("SELECT COUNT(*) FROM runs") { $0.int(0) }.first) ?? 0 }
    for cycle in 0..<3 {
      let busy = dir.appendingPathComponent("busy\(cycle)")
      try HistoryFixtures.writeBenches(60, first: 1000 * (cycle + 1), in: busy)
      let before = try reader.runs().count
      let p = try HistoryFixtures.start(["history", "import", busy.path, "--history", db])
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline && count() < Int64(before + 2) { usleep(500) }
      usleep(UInt32(rng.int(in: 0...20_000)))
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      #expect(p.terminationReason == .uncaughtSignal)

      let store = try HistoryStore(path: db)
      #expect(try store.integrityCheck() == "ok")
      let runs = try store.runs()
      #expect(
        runs.count >= before + 2 && runs.count < before + 60, "cycle \(cycle): \(runs.count)")
      // Every stored run is whole: a transaction is all or nothing.
      for r in runs { #expect(r.measurements == perRun, "run \(r.id) has \(r.measurements)") }
    }
    let store = try HistoryStore(path: db)
    let first = Set(try store.rows().filter { $0.source.contains("/done/") }.map(\.runID))
    #expect(first.count == 5)
    // Importing again completes the history without duplicates.
    let again = HistoryImport.run([dir.path], into: store)
    #expect(again.failed.isEmpty)
    #expect(try store.runs().count == 5 + 3 * 60)
  }

  /// The cheapest real benchmark: one strategy, one lane, one pass over the fixtures.
  static func bench(out: URL, _ extra: [String]) throws -> (code: Int32, stderr: String) {
    let corpus = HistoryFixtures.packageRoot.appendingPathComponent("Corpus/fixtures").path
    return try HistoryFixtures.run(
      [
        "bench", "--corpus", corpus, "--strategies", "straight", "--lanes", "smooth",
        "--no-counters", "--repetitions", "1", "--no-synthetic", "--quiet", "--out", out.path,
      ] + extra)
  }

  @Test("bench appends to <out>/history.sqlite; --no-history skips; a failed write only warns")
  func benchAppends() throws {
    let out = try HistoryFixtures.folder("bench")
    let first = try Self.bench(out: out, [])
    #expect(first.code == 0, "\(first.stderr)")
    let store = try HistoryStore(path: out.appendingPathComponent("history.sqlite").path)
    let runs = try store.runs()
    #expect(runs.count == 1 && runs.first?.kind == "bench" && runs.first?.source == "live")
    #expect(try store.rows().contains { $0.strategy == "straight" && $0.metric == "batch-p50" })

    let skipped = try HistoryFixtures.folder("no-history")
    #expect(try Self.bench(out: skipped, ["--no-history"]).code == 0)
    #expect(
      !FileManager.default.fileExists(atPath: skipped.appendingPathComponent("history.sqlite").path)
    )

    let blocked = out.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: blocked)
    let failed = try Self.bench(out: out, ["--history", blocked.path + "/h.sqlite"])
    #expect(failed.code == 0)
    #expect(failed.stderr.contains("warning: history not updated"), "\(failed.stderr)")

    let both = try Self.bench(out: out, ["--history", "x.sqlite", "--no-history"])
    #expect(both.code == 64)
  }

  @Test("gate appends its head side only; importing its gate.json later stores nothing new")
  func gateAppendsHead() throws {
    let out = try HistoryFixtures.folder("gate")
    let corpus = HistoryFixtures.packageRoot.appendingPathComponent("Corpus/fixtures").path
    let bin = HistoryFixtures.binary.path
    let gate = try HistoryFixtures.run([
      "gate", "--base-binary", bin, "--corpus", corpus, "--strategies", "straight", "--lanes",
      "smooth", "--no-counters", "--processes", "2", "--seed", "5", "--quiet", "--out", out.path,
    ])
    #expect([0, 2, 6].contains(gate.code), "\(gate.stderr)")
    let store = try HistoryStore(path: out.appendingPathComponent("history.sqlite").path)
    let runs = try store.runs()
    #expect(runs.count == 1 && runs.first?.kind == "gate" && runs.first?.processes == 2)
    let timing = try store.rows().filter { $0.lane == "smooth" }
    #expect(!timing.isEmpty)
    // Two head processes per figure: the base side is not stored.
    #expect(timing.allSatisfy { $0.perProcess.count == 2 }, "\(timing.map(\.perProcess))")
    let again = HistoryImport.run([out.appendingPathComponent("gates").path], into: store)
    #expect(again.added.isEmpty && again.alreadyStored.count == 1 && again.failed.isEmpty)
  }
}
