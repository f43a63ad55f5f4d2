import SigbenchCore
import SigbenchResults

/// What `sigbench merge` prints before the run summary: the shards joined, the missing ones,
/// the timing groups and where the format study and counters came from.
public enum MergeText {
  public static func lines(_ r: RunResult) -> [String] {
    guard let m = r.merge else { return [] }
    var lines = [
      "merged \(m.shards.count) of \(m.count) shards: \(counted(r.corpus.drawings, "drawing")), "
        + "corpus manifest sha256:\(m.manifestDigest.prefix(16))… (\(counted(m.manifestFiles, "file")))"
    ]
    if !m.complete {
      lines.append(
        "INCOMPLETE: missing \(m.missing.count == 1 ? "shard" : "shards") "
          + "\(m.missing.map(String.init).joined(separator: ", ")) of \(m.count)")
    }
    for (k, g) in m.timingGroups.enumerated() {
      lines.append(
        "timing group \(k + 1)\(k == 0 ? " (the sheet's benchmark)" : ""): shards "
          + "\(g.shards.map(String.init).joined(separator: ", ")) on \(g.machine.cpuModel), "
          + "\(g.build)")
    }
    lines.append("format study: \(m.formatStudySource)")
    lines.append(m.countersSource)
    return lines
  }
}
