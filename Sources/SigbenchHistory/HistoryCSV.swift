import Foundation
import SigbenchResults

/// `sigbench history export --csv`: every stored figure, one row per run × strategy × lane ×
/// metric, for people who want their own plots (RFC 4180 quoting; per-process values joined
/// by `;`).
public enum HistoryCSV {
  public static let header = [
    "run_id", "kind", "created_at", "commit", "commit_time", "dirty", "fingerprint", "build",
    "corpus_checksum", "processes", "source", "strategy", "lane", "metric", "unit", "headline",
    "per_process",
  ]

  /// - Complexity: O(r) for r rows.
  public static func render(_ rows: [HistoryRow]) -> String {
    var out = header.joined(separator: ",") + "\n"
    for r in rows {
      let fields: [String] = [
        String(r.runID), r.kind, r.createdAt, r.commit ?? "", r.commitTime ?? "",
        r.dirty.map { $0 ? "true" : "false" } ?? "", r.fingerprint, r.build, r.corpusChecksum,
        String(r.processes), r.source, r.strategy, r.lane, r.metric, r.unit, "\(r.headline)",
        r.perProcess.map { "\($0)" }.joined(separator: ";"),
      ]
      out += fields.map(quote).joined(separator: ",") + "\n"
    }
    return out
  }

  /// A field quoted when it holds a comma, quote or line break (quotes doubled).
  static func quote(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return s
    }
    return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
