import Foundation
import SigbenchResults
import Testing

@testable import SigbenchHistory

@Suite("history database")
struct HistoryStoreTests {
  @Test("a database of an older schema is migrated in place and keeps its runs")
  func migratesOlderSchema() throws {
    let dir = try HistoryFixtures.folder("migrate")
    let path = dir.appendingPathComponent("history.sqlite").path
    do {
      let old = try HistoryStore(path: path, upTo: 1)
      #expect(try old.schemaVersion() == 1)
      // What a version 1 sigbench wrote: no source column, no unit column.
      try old.db.execute(
        """
        INSERT INTO runs(run_key, kind, created_at, commit_sha, commit_time, dirty, fingerprint,
          build, corpus_checksum, tool, processes)
        VALUES ('k1', 'bench', '2026-01-01T00:00:00Z', 'abc', NULL, 0, 'cpu', 'release', 'c0',
          'sigbench 0.1.0', 10);
        INSERT INTO measurements(run_id, strategy, lane, metric, headline, per_process)
        VALUES (1, 'straight', 'smooth', 'batch-p50', 42.5, '[41,42.5,44]');
        """)
    }
    let store = try HistoryStore(path: path)
    #expect(try store.schemaVersion() == HistorySchema.currentVersion)
    let rows = try store.rows()
    #expect(rows.count == 1)
    #expect(rows.first?.headline == 42.5)
    #expect(rows.first?.perProcess == [41, 42.5, 44])
    #expect(rows.first?.source == "live")
    #expect(rows.first?.unit == "")
    // New runs land next to the migrated one.
    #expect(try store.append(.bench(try HistoryFixtures.bench(minutes: 1))))
    #expect(try store.runs().count == 2)
    #expect(try store.integrityCheck() == "ok")
  }

  @Test("a database from a newer sigbench is refused, not misread")
  func refusesNewerSchema() throws {
    let dir = try HistoryFixtures.folder("newer")
    let path = dir.appendingPathComponent("history.sqlite").path
    do {
      let s = try HistoryStore(path: path)
      try s.db.execute("PRAGMA user_version=99")
    }
    #expect(throws: HistoryError.self) { try HistoryStore(path: path) }
  }

  @Test("the database runs in WAL mode with a busy timeout")
  func walMode() throws {
    let dir = try HistoryFixtures.folder("wal")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    #expect(try store.db.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
    #expect(try store.db.query("PRAGMA busy_timeout") { $0.int(0) } == [30_000])
  }

  @Test("one append stores the run and every figure; the same run twice is stored once")
  func appendIsIdempotent() throws {
    let dir = try HistoryFixtures.folder("append")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    let b = try HistoryFixtures.bench(minutes: 0)
    let record = HistoryRecord.bench(
      b, commit: HistoryCommit(commit: "c1", commitTime: "2026-01-01T00:00:00Z", dirty: false))
    #expect(try store.append(record))
    #expect(try !store.append(record))
    #expect(try store.runs().count == 1)
    let rows = try store.rows()
    #expect(rows.count == record.measurements.count)
    #expect(rows.count == b.figures.map { $0.gateMetrics.count }.reduce(0, +))
    let first = try #require(rows.first { $0.metric == "batch-p50" })
    #expect(first.commit == "c1" && first.commitTime == "2026-01-01T00:00:00Z")
    #expect(first.fingerprint == HistoryRecord.fingerprint(b.machine))
    #expect(first.corpusChecksum == b.provenance.corpusChecksum)
  }

  @Test("import backfills version 1 run folders and bench.json files, idempotently")
  func importIsIdempotent() throws {
    let dir = try HistoryFixtures.folder("import")
    let reports = dir.appendingPathComponent("Reports")
    let run = reports.appendingPathComponent("runs/20261201-042822-1")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    try HistoryFixtures.v1Run().write(to: run.appendingPathComponent("result.json"))
    let bench = reports.appendingPathComponent("bench/20261201-042823-1")
    try FileManager.default.createDirectory(at: bench, withIntermediateDirectories: true)
    try HistoryFixtures.v1Bench().write(to: bench.appendingPathComponent("bench.json"))
    try HistoryFixtures.writeBenches(3, first: 10, in: reports)
    // Reports/latest → the run: not followed, so the run is not read twice.
    try FileManager.default.createSymbolicLink(
      at: reports.appendingPathComponent("latest"), withDestinationURL: run)

    let store = try HistoryStore(path: reports.appendingPathComponent("history.sqlite").path)
    let first = HistoryImport.run([reports.path], into: store)
    #expect(first.added.count == 5, "\(first)")
    #expect(first.failed.isEmpty, "\(first.failed)")
    let stored = try store.runs()
    let again = HistoryImport.run([reports.path, run.path], into: store)
    #expect(again.added.isEmpty)
    #expect(again.alreadyStored.count == 5)
    #expect(try store.runs() == stored)
    // The version 1 run keeps the commit its provenance recorded, and a run appended live is
    // the same run as its file imported later.
    let v1 = try #require(stored.first { $0.kind == "run" })
    #expect(v1.commit == "bfcf14d0e1e95047eca593b370269667beeb0b7d" && v1.dirty == true)
    let live = HistoryRecord.bench(
      try BenchReport.decode(try HistoryFixtures.v1Bench()),
      commit: HistoryCommit(commit: "other", commitTime: nil, dirty: false))
    #expect(try !store.append(live))
  }

  @Test("export --csv writes one row per figure with a header, quoting where needed")
  func csvExport() throws {
    let dir = try HistoryFixtures.folder("csv")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    try store.append(.bench(try HistoryFixtures.bench(minutes: 0)))
    let rows = try store.rows()
    let csv = HistoryCSV.render(rows)
    let lines = csv.split(separator: "\n")
    #expect(lines.count == rows.count + 1)
    #expect(lines[0].hasPrefix("run_id,kind,created_at,commit"))
    #expect(HistoryCSV.quote("a,b") == "\"a,b\"" && HistoryCSV.quote("x\"y") == "\"x\"\"y\"")
  }
}
