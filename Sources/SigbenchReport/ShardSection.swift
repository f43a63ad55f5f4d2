import SigbenchCore
import SigbenchResults

/// The sheet's section on shards: for a shard run, which part of the corpus it read and how the
/// corpus was identified; for a merged run, which shards it joined (and which are missing),
/// where each kind of figure came from, and the timing of every machine-and-build group.
public enum ShardSection {
  /// The section; empty for a run that is neither a shard nor a merge.
  public static func render(_ r: RunResult) -> String {
    if let s = r.shard { return shard(s) }
    if let m = r.merge { return merge(m, r) }
    return ""
  }

  static func manifestText(_ digest: String, files: Int, bytes: Int) -> String {
    "corpus manifest <code>sha256:\(escapeHTML(String(digest.prefix(16))))…</code> (\(counted(files, "file")), "
      + "\(bytes) bytes): the files' relative paths and sizes, read with <code>stat</code> "
      + "only, so weaker than a whole run's content checksum (a file edited in place to the same "
      + "size keeps it)"
  }

  static func shard(_ s: ShardInfo) -> String {
    var h = "<section id=\"shard\">\n<h2>Shard \(s.index) of \(s.count)</h2>\n"
    h += "<p class=\"warn\">This run read one shard of the corpus: its figures cover only the "
    h += "\(counted(s.drawings, "drawing")) this shard owns (a drawing belongs to the shard its "
    h += "corpus-relative path and index in its file hash to). It is not added to the history; "
    h += "join the shards with <code>sigbench merge</code>.</p>\n<ul>\n"
    h +=
      "<li>Passed over \(counted(s.drawingsPassedOver, "drawing")) of other shards in the files it "
    h += "opened; left \(counted(s.filesUnread, "one-drawing file")) of other shards unread.</li>\n"
    h +=
      "<li>\(manifestText(s.manifestDigest, files: s.manifestFiles, bytes: s.manifestBytes)).</li>\n"
    h +=
      "<li>Content checksum of what this shard read: <code>\(escapeHTML(s.contentChecksum))</code>.</li>\n"
    if s.index != 1 {
      h += "<li>No format study: shard 1 studies the corpus's first drawings for the merge.</li>\n"
    }
    return h + "</ul>\n</section>\n"
  }

  static func merge(_ m: MergeInfo, _ r: RunResult) -> String {
    var h = "<section id=\"merge\">\n<h2>Merged from \(m.shards.count) of \(m.count) shards</h2>\n"
    if !m.complete {
      h += "<p class=\"warn\"><strong>Incomplete:</strong> shard"
      h += m.missing.count == 1 ? " " : "s "
      h += m.missing.map(String.init).joined(separator: ", ")
      h += " of \(m.count) \(m.missing.count == 1 ? "is" : "are") missing; every figure covers "
      h += "only the shards merged. Re-run the missing shards (same I/N) and merge again.</p>\n"
    }
    h += "<p>Quality, drawings, pictures, sample pages and warnings are those of one run over the "
    h += "whole corpus: each drawing's figures were folded in corpus order from the shard that "
    h +=
      "measured it. The \(manifestText(m.manifestDigest, files: m.manifestFiles, bytes: m.manifestBytes)) "
    h += "is the same in every shard.</p>\n<ul>\n"
    h += "<li>Format study: \(escapeHTML(m.formatStudySource)).</li>\n"
    h += "<li>Counters: \(escapeHTML(m.countersSource)).</li>\n"
    h += "<li>Timing: pooled only across shards of one machine and build (the median over shards "
    h += "of each figure, min–max over them beside); the benchmark tables above show group 1, "
    h +=
      "shards \(m.timingGroups.first.map { $0.shards.map(String.init).joined(separator: ", ") } ?? "none").</li>\n"
    h += "</ul>\n"
    h += "<table class=\"shards\"><tr><th>shard</th><th>run</th><th>drawings</th><th>machine</th>"
    h += "<th>build</th><th>content checksum</th><th>timing group</th></tr>\n"
    for s in m.shards {
      let group = (m.timingGroups.firstIndex { $0.shards.contains(s.index) } ?? 0) + 1
      h +=
        "<tr><td class=\"num\">\(s.index)/\(m.count)</td><td><code>\(escapeHTML(s.runID))</code></td>"
      h += "<td class=\"num\">\(s.drawings)</td><td>\(escapeHTML(machine(s.machine)))</td>"
      h += "<td>\(escapeHTML(s.build))</td><td><code>\(escapeHTML(s.contentChecksum))</code></td>"
      h += "<td class=\"num\">\(group)</td></tr>\n"
    }
    h += "</table>\n"
    for (k, g) in m.timingGroups.enumerated() where k > 0 {
      h += groupTable(g, number: k + 1)
    }
    return h + "</section>\n"
  }

  static func machine(_ m: MachineFingerprint) -> String {
    "\(m.cpuModel), \(m.cores) cores, \(m.os)"
  }

  /// A timing group other than the first: its own per-point figures, never pooled with others.
  static func groupTable(_ g: TimingGroup, number: Int) -> String {
    var h =
      "<h3>Timing group \(number): shards \(g.shards.map(String.init).joined(separator: ", "))</h3>\n"
    h += "<p>\(escapeHTML(machine(g.machine))); build \(escapeHTML(g.build)). Its own figures, "
    h += "not pooled with group 1 (another machine or build).</p>\n"
    h += "<table class=\"bench\"><tr><th>strategy</th><th>lane</th><th>batched p50 (ns)</th>"
    h += "<th>steady p99 (ns)</th><th>min–max over shards (batched p50)</th></tr>\n"
    func ns(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "n/a" }
    for f in g.figures {
      let range =
        f.acrossProcesses?["batched.p50"].map { "\(ns($0.min))–\(ns($0.max))" } ?? "one shard"
      h +=
        "<tr><td><code>\(escapeHTML(f.strategy))</code></td><td>\(escapeHTML(f.lane.rawValue))</td>"
      h += "<td class=\"num\">\(ns(f.batched?.p50))</td><td class=\"num\">\(ns(f.steady?.p99))</td>"
      h += "<td class=\"num\">\(range)</td></tr>\n"
    }
    return h + "</table>\n"
  }
}
