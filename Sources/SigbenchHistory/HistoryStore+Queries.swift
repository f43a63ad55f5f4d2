import SigbenchResults

extension HistoryStore {
  /// The run ids of every stored `run` (its key is `run:ID`; runs stored before run ids were
  /// keys are not listed).
  public func runIDs() throws -> Set<String> {
    Set(
      try db.query("SELECT run_key FROM runs WHERE run_key LIKE 'run:%'") { s in
        String(s.text(0).dropFirst(4))
      })
  }

  /// The distinct values of one measurement column (`strategy`, `lane` or `metric`), sorted.
  public func stored(_ column: HistoryColumn) throws -> [String] {
    try db.query("SELECT DISTINCT \(column.rawValue) FROM measurements ORDER BY 1") { s in
      s.text(0)
    }
  }

  /// Every stored run, ordered by committer time (run time where unknown), then run time.
  public func runs() throws -> [HistoryRunSummary] {
    try db.query(
      """
      SELECT r.id, r.kind, r.created_at, r.commit_sha, r.commit_time, r.dirty, r.build,
        r.corpus_checksum, r.processes, r.source,
        (SELECT COUNT(*) FROM measurements m WHERE m.run_id = r.id), r.incomplete
      FROM runs r ORDER BY COALESCE(r.commit_time, r.created_at), r.created_at, r.id
      """
    ) { s in
      HistoryRunSummary(
        id: s.int(0), kind: s.text(1), createdAt: s.text(2), commit: s.optionalText(3),
        commitTime: s.optionalText(4), dirty: s.isNull(5) ? nil : s.int(5) != 0,
        build: s.text(6), corpusChecksum: s.text(7), processes: Int(s.int(8)), source: s.text(9),
        measurements: Int(s.int(10)), incomplete: s.int(11) != 0)
    }
  }

  /// Stored figures, optionally of one strategy, lane and metric, in series order: committer
  /// time (run time where unknown), ties by run time.
  ///
  /// - Complexity: one indexed query; O(r log r) for r rows.
  public func rows(strategy: String? = nil, lane: String? = nil, metric: String? = nil) throws
    -> [HistoryRow]
  {
    var filters: [String] = []
    var values: [SQLValue] = []
    for (column, value) in [("m.strategy", strategy), ("m.lane", lane), ("m.metric", metric)] {
      if let value {
        filters.append("\(column) = ?")
        values.append(.text(value))
      }
    }
    let whereClause = filters.isEmpty ? "" : "WHERE " + filters.joined(separator: " AND ")
    return try db.query(
      """
      SELECT r.id, r.kind, r.created_at, r.commit_sha, r.commit_time, r.dirty, r.fingerprint,
        r.build, r.corpus_checksum, r.processes, r.source, m.strategy, m.lane, m.metric, m.unit,
        m.headline, m.per_process
      FROM measurements m JOIN runs r ON r.id = m.run_id \(whereClause)
      ORDER BY m.strategy, m.lane, m.metric, COALESCE(r.commit_time, r.created_at), r.created_at,
        r.id
      """, values
    ) { s in
      HistoryRow(
        runID: s.int(0), kind: s.text(1), createdAt: s.text(2), commit: s.optionalText(3),
        commitTime: s.optionalText(4), dirty: s.isNull(5) ? nil : s.int(5) != 0,
        fingerprint: s.text(6), build: s.text(7), corpusChecksum: s.text(8),
        processes: Int(s.int(9)), source: s.text(10), strategy: s.text(11), lane: s.text(12),
        metric: s.text(13), unit: s.text(14), headline: s.double(15),
        perProcess: HistoryStore.decode(s.text(16)))
    }
  }
}

/// A measurement column a selection names.
public enum HistoryColumn: String, Sendable, CaseIterable {
  case strategy, lane, metric
}
