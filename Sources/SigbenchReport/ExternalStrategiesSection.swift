import SigbenchResults

/// The sheet's account of external strategies: where each came from (manifest, command,
/// digests) and what the contract suite found, run before the corpus. A strategy that fails
/// the suite still runs; its row is marked here so no reader takes its figures at face value.
public enum ExternalStrategiesSection {
  /// The section; empty when the run has no external strategy.
  public static func render(_ r: RunResult) -> String {
    let external = r.strategies.filter { $0.external != nil }
    guard !external.isEmpty else { return "" }
    var h = "<section id=\"external\">\n<h2>External strategies</h2>\n"
    h += "<p>Judged like the built-ins (quality, pictures, gate, history). A process strategy's "
    h += "latency is in lanes of its own (<a href=\"#external-latency\">self-timed and round "
    h += "trip</a>); a library strategy is timed in the in-process lanes, in worker processes "
    h += "that load it. Digests are SHA-256 of the manifest and of the files its command names "
    h += "(a library: its shared object).</p>\n"
    h += "<div class=\"scroll\"><table>\n<thead><tr><th>strategy</th><th>contract check</th>"
    h += "<th>manifest</th><th>command or library</th><th>manifest digest</th>"
    h += "<th>command digest</th>"
    h += "</tr></thead>\n<tbody>\n"
    for s in external {
      guard let o = s.external else { continue }
      let failures = s.contractFailures ?? []
      h += "<tr\(failures.isEmpty ? "" : " class=\"warn\"")><th><code>\(escapeHTML(s.label))</code>"
      h += "</th><td>"
      if s.contractFailures == nil {
        h += "not run"
      } else if failures.isEmpty {
        h += "every rule holds"
      } else {
        h += "<strong>fails \(failures.count) rule\(failures.count == 1 ? "" : "s")</strong>"
        h += "<ul class=\"plain\">"
        for f in failures { h += "<li>\(escapeHTML(f))</li>" }
        h += "</ul>"
      }
      h += "</td><td><code>\(escapeHTML(o.manifestPath))</code></td>"
      // A library runs no command of its own: its shared object, served by sigbench.
      let runs =
        o.kind == "library"
        ? "library " + o.commandFiles.joined(separator: " ") : o.command.joined(separator: " ")
      h += "<td><code>\(escapeHTML(runs))</code></td>"
      h += "<td><code title=\"\(escapeHTML(o.manifestDigest))\">"
      h += "\(escapeHTML(String(o.manifestDigest.prefix(12))))</code></td>"
      if let d = o.commandDigest {
        h += "<td><code title=\"\(escapeHTML(d))\">\(escapeHTML(String(d.prefix(12))))</code> "
        h += "(\(escapeHTML(o.commandFiles.joined(separator: ", "))))</td>"
      } else {
        h += "<td>none (the command names no file)</td>"
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n</section>\n"
    return h
  }
}
