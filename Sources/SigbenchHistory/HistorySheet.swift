import SigbenchResults

/// What a run's sheet shows of the history (stored in the run's `result.json`): for each of
/// the run's strategies and lanes, the batched per-point median over the last `maxPoints` runs
/// on the same machine, build and corpus, with the steps found in it.
public enum HistorySheet {
  /// The figure shown: `batch-p50`, the precise per-point figure.
  public static let metric = "batch-p50"
  /// Runs per series on the sheet (the newest).
  public static let maxPoints = 50

  /// The run's history section, read from `store` after the run was appended.
  ///
  /// - Complexity: one query, then the detector's cost per series of at most `maxPoints`.
  public static func trends(for r: RunResult, in store: HistoryStore) throws -> HistoryTrends {
    let group = [
      HistoryRecord.fingerprint(r.machine), r.machine.buildConfiguration,
      r.provenance.corpusChecksum,
    ].joined(separator: " · ")
    let labels = Set(r.strategies.map(\.label))
    let rows = try store.rows(metric: metric).filter {
      labels.contains($0.strategy) && $0.comparabilityGroup == group
    }
    var kept: [HistoryRow] = []
    var start = 0
    while start < rows.count {
      var end = start
      while end < rows.count && rows[end].strategy == rows[start].strategy
        && rows[end].lane == rows[start].lane
      {
        end += 1
      }
      kept += rows[max(start, end - maxPoints)..<end]
      start = end
    }
    var t = HistoryTrendBuilder.build(kept)
    let swept = SweepRecord.members(of: r.sweeps ?? [])
    t.sweeps = swept.isEmpty ? nil : swept
    return t
  }
}
