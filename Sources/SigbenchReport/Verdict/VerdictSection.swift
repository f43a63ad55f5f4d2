import SigbenchResults

/// The sheet's first block: `RunVerdict` as one table, a row per question.
public enum VerdictSection {
  public static func render(_ r: RunResult) -> String {
    let verdict = RunVerdict.of(r)
    guard !verdict.answers.isEmpty else { return "" }
    var h = "<section id=\"verdict\">\n<h2>Verdict</h2>\n"
    h +=
      "<div class=\"scroll\"><table class=\"verdict\">\n<thead><tr><th>question</th><th>best</th>"
    h += "<th>tied with the best</th><th>measured by</th></tr></thead>\n<tbody>\n"
    for a in verdict.answers {
      h += "<tr id=\"verdict-\(a.id)\"><th>\(escapeHTML(a.question))</th>"
      h += "<td class=\"leader\">\(a.best.map(entry) ?? "–")</td>"
      let others =
        a.tied.map(entry) + a.byConstruction.map { "\(entry($0)) by construction" }
      h += "<td>\(others.isEmpty ? "–" : others.joined(separator: ", "))"
      h += "</td><td class=\"measure\">\(escapeHTML(a.measure)); \(a.measured) measured</td></tr>\n"
    }
    h += "</tbody>\n</table></div>\n<p class=\"legend\">Tied: cannot be told apart from the best "
    h += "(quality: within 1 % and the metric's floor, the quality gate's rule; latency: "
    h += "overlapping ranges over processes, or with one process within max(5 %, 2 × the "
    h += "timer's step)). By construction: the reference draws the input polyline itself, so "
    h += "its zero gap, zero churn or rate ratio of 1 is no finding about smoothing.</p>\n"
    return h + "</section>\n"
  }

  static func entry(_ e: RunVerdict.Entry) -> String {
    "<code>\(escapeHTML(e.strategy))</code> \(escapeHTML(e.text))"
  }
}
