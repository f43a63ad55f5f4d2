import SigbenchResults

/// The plain-text (and `--json`) output of `sigbench history list`, `show` and `steps`.
public enum HistoryTables {
  public static func list(_ runs: [HistoryRunSummary], json: Bool) -> [String] {
    if json { return [(try? HistoryJSON.array(runs)) ?? "[]"] }
    var rows = [
      [
        "id", "kind", "started", "commit", "commit time", "build", "corpus", "procs",
        "figures", "source",
      ]
    ]
    for r in runs {
      rows.append([
        String(r.id), r.kind + (r.incomplete ? " (incomplete merge)" : ""), r.createdAt,
        Provenance.label(commit: r.commit, dirty: r.dirty),
        r.commitTime ?? "–", r.build, r.corpusChecksum, String(r.processes),
        String(r.measurements), r.source,
      ])
    }
    return pad(rows) + ["\(runs.count) run(s)"]
  }

  public static func show(_ rows: [HistoryRow], json: Bool) -> [String] {
    if json { return [(try? HistoryJSON.array(rows)) ?? "[]"] }
    var table = [["commit", "time", "run", "kind", "headline", "min", "max", "procs", "group"]]
    for r in rows {
      table.append([
        Provenance.label(commit: r.commit, dirty: r.dirty), r.orderTime, r.createdAt, r.kind,
        format(r.headline, digits: 3) + " " + r.unit,
        format(r.perProcess.min() ?? r.headline, digits: 3),
        format(r.perProcess.max() ?? r.headline, digits: 3), String(r.processes),
        r.comparabilityGroup,
      ])
    }
    return pad(table) + ["\(rows.count) point(s)"]
  }

  public static func steps(_ t: HistoryTrends, json: Bool) -> [String] {
    if json { return [(try? HistoryJSON.steps(t)) ?? "{}"] }
    let steps = t.steps
    var table = [["when", "series", "commits", "before", "after", "change", "p"]]
    for s in steps {
      let change = s.step.change.map { ($0 >= 0 ? "+" : "") + format($0 * 100, digits: 1) + " %" }
      table.append([
        s.step.toTime, s.series.label, s.step.commitRange, format(s.step.before, digits: 3),
        format(s.step.after, digits: 3), change ?? "–", format(s.step.pValue, digits: 3),
      ])
    }
    return (steps.isEmpty ? ["no steps detected"] : pad(table)) + ["method: \(t.method)"]
  }

  /// Columns padded to their widest cell, two spaces apart.
  static func pad(_ rows: [[String]]) -> [String] {
    var widths: [Int] = []
    for r in rows {
      for (i, c) in r.enumerated() {
        if i >= widths.count { widths.append(0) }
        widths[i] = max(widths[i], c.count)
      }
    }
    return rows.map { r in
      r.enumerated().map { i, c in
        i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count)
      }.joined(separator: "  ")
    }
  }
}
