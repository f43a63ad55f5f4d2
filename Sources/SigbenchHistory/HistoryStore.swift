import Foundation

/// The benchmark history: an SQLite database (default `<out>/history.sqlite`) that every `run`,
/// `bench` and `gate` appends its figures to.
///
/// The database is the one stated exception to write-then-rename: SQLite's transactions are the
/// atomicity. It runs in WAL mode (readers never block the writer) with a busy timeout, and each
/// append is one `BEGIN IMMEDIATE` transaction, so two runs writing at once both land (the
/// second waits for the first's lock), and a process killed mid-write leaves the last committed
/// state (SQLite's journal is rolled back on the next open).
public struct HistoryStore {
  /// How long a writer waits for another's lock, ms: long enough for a whole import.
  public static let busyTimeoutMs: Int32 = 30_000
  /// The file name under the output folder.
  public static let defaultFileName = "history.sqlite"

  let db: SQLiteDatabase

  /// Opens the database at `path` (created when missing, its folder too) and brings its schema
  /// up to `upTo` migrations (default: all of them).
  public init(path: String, upTo version: Int = HistorySchema.currentVersion) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    db = try SQLiteDatabase(path: path, busyTimeoutMs: HistoryStore.busyTimeoutMs)
    let mode = try Self.switchToWAL(db)
    guard mode.lowercased() == "wal" else {
      throw HistoryError("\(path): could not switch to WAL mode (journal_mode is '\(mode)')")
    }
    try db.execute("PRAGMA foreign_keys=ON")
    try migrate(upTo: version)
  }

  /// `PRAGMA journal_mode=WAL`, retried while SQLite answers busy: the switch needs the file to
  /// itself, and two processes opening a fresh file at once can each hold a shared lock while
  /// wanting it, which SQLite settles by answering SQLITE_BUSY at once, without waiting in its
  /// busy handler (10 of 30 paired `history import`s into a new file failed so, "database is
  /// locked"). Retried 10 ms apart within the busy timeout. Returns the mode in force.
  static func switchToWAL(_ db: SQLiteDatabase) throws -> String {
    let deadline = Date().addingTimeInterval(Double(busyTimeoutMs) / 1000)
    while true {
      do {
        return try db.query("PRAGMA journal_mode=WAL") { $0.text(0) }.first ?? ""
      } catch let error as HistoryError where error.code == 5 && Date() < deadline {
        usleep(10_000)
      }
    }
  }

  /// The schema version of the open database (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int {
    Int(try db.query("PRAGMA user_version") { $0.int(0) }.first ?? 0)
  }

  /// Applies the missing migrations, each in its own transaction, re-reading the version
  /// inside the lock so two processes opening a fresh file migrate it once.
  func migrate(upTo target: Int) throws {
    for step in 0..<target {
      try db.transaction {
        let version = try schemaVersion()
        guard version <= HistorySchema.currentVersion else {
          throw HistoryError(
            "\(db.path): schema version \(version) is newer than this sigbench supports "
              + "(\(HistorySchema.currentVersion)); use a newer sigbench")
        }
        guard version == step else { return }
        try db.execute(HistorySchema.migrations[step])
        try db.execute("PRAGMA user_version=\(step + 1)")
      }
    }
  }

  /// Appends `record` in one transaction. Returns `false` (and stores nothing) when the run is
  /// already stored: under its key (`HistoryRecord.key`, the run id for a run) or, for a run
  /// stored before run ids were keys, under its content key.
  ///
  /// - Complexity: O(m) statements for m measurements.
  @discardableResult
  public func append(_ record: HistoryRecord) throws -> Bool {
    // A shard's figures cover part of its corpus: only their merge is a run of it.
    guard record.shard == nil else { return false }
    let key = record.key
    return try db.transaction {
      let exists = try db.query(
        "SELECT 1 FROM runs WHERE run_key IN (?, ?)", [.text(key), .text(record.contentKey)]
      ) { _ in 1 }
      guard exists.isEmpty else { return false }
      if let merge = record.mergeKey {
        // A complete merge replaces every earlier merge of its key; an incomplete one replaces
        // only incomplete ones, and is not stored beside a complete one.
        let complete = try db.query(
          "SELECT 1 FROM runs WHERE merge_key = ? AND incomplete = 0", [.text(merge)]
        ) { _ in 1 }
        if record.incomplete && !complete.isEmpty { return false }
        try db.run(
          "DELETE FROM runs WHERE merge_key = ?" + (record.incomplete ? " AND incomplete = 1" : ""),
          [.text(merge)])
      }
      try db.run(
        """
        INSERT INTO runs(run_key, kind, created_at, commit_sha, commit_time, dirty, fingerprint,
          build, corpus_checksum, tool, processes, source, merge_key, incomplete)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(key), .text(record.kind), .text(record.createdAt), .optional(record.commit),
          .optional(record.commitTime), .optional(record.dirty), .text(record.fingerprint),
          .text(record.build), .text(record.corpusChecksum), .text(record.tool),
          .int(Int64(record.processes)), .text(record.source), .optional(record.mergeKey),
          .int(record.incomplete ? 1 : 0),
        ])
      let id = db.lastInsertRowID
      let runRow = id
      let insert = try db.prepare(
        """
        INSERT OR REPLACE INTO measurements(run_id, strategy, lane, metric, unit, headline,
          per_process) VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
      for m in record.measurements where m.headline.isFinite {
        let values: [SQLValue] = [
          .int(id), .text(m.strategy), .text(m.lane), .text(m.metric), .text(m.unit),
          .double(m.headline), .text(HistoryStore.encode(m.perProcess)),
        ]
        for (i, v) in values.enumerated() { try insert.bind(v, at: Int32(i + 1)) }
        while try insert.step() {}
        insert.reset()
      }
      for (label, o) in record.external.sorted(by: { $0.key < $1.key }) {
        try db.run(
          """
          INSERT OR REPLACE INTO external_strategies(run_id, strategy, kind, manifest, command,
            manifest_digest, command_digest) VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .int(id), .text(label), .text(o.kind), .text(o.manifestPath),
            .text(o.command.joined(separator: " ")), .text(o.manifestDigest),
            .optional(o.commandDigest),
          ])
      }
      for (label, sweep) in record.sweeps.sorted(by: { $0.key < $1.key }) {
        let id = label.prefix { $0 != "(" }
        try db.run(
          """
          INSERT OR REPLACE INTO sweep_configs(run_id, strategy, strategy_id, sweep)
          VALUES (?, ?, ?, ?)
          """, [.int(runRow), .text(label), .text(String(id)), .text(sweep)])
      }
      return true
    }
  }

  /// Every strategy label stored as a sweep's configuration, with the spec of the sweep that
  /// made it most recently.
  public func sweepConfigurations() throws -> [String: String] {
    var out: [String: String] = [:]
    let rows = try db.query(
      """
      SELECT s.strategy, s.sweep FROM sweep_configs s JOIN runs ON runs.id = s.run_id
      ORDER BY runs.created_at, runs.id
      """
    ) { ($0.text(0), $0.text(1)) }
    for (label, sweep) in rows { out[label] = sweep }
    return out
  }

  /// The digests recorded for external strategy `label`, oldest run first: (run key, manifest
  /// digest, command digest).
  public func externalDigests(_ label: String) throws -> [(
    run: String, manifest: String, command: String?
  )] {
    try db.query(
      """
      SELECT runs.run_key, e.manifest_digest, e.command_digest FROM external_strategies e
      JOIN runs ON runs.id = e.run_id WHERE e.strategy = ? ORDER BY runs.created_at, runs.id
      """, [.text(label)]
    ) { row in (row.text(0), row.text(1), row.optionalText(2)) }
  }

  /// `PRAGMA integrity_check`: "ok" for a sound file.
  public func integrityCheck() throws -> String {
    try db.query("PRAGMA integrity_check") { $0.text(0) }.joined(separator: "; ")
  }

  /// Per-process values as a JSON array (shortest round-trip digits).
  static func encode(_ values: [Double]) -> String {
    "[" + values.filter(\.isFinite).map { "\($0)" }.joined(separator: ",") + "]"
  }

  /// Per-process values from their JSON array (spaces after commas allowed).
  static func decode(_ text: String) -> [Double] {
    text.dropFirst().dropLast().split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
  }
}
