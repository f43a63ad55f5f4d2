import SigbenchResults

/// The history of benchmark figures across commits: the run sheet's section (from
/// `RunResult.history`) and the page `sigbench history report` writes. Both come from
/// `HistoryTrends` alone.
public enum HistorySection {
  /// The run sheet's section; empty when the result carries no history.
  public static func render(_ r: RunResult) -> String {
    guard let t = r.history, !t.series.isEmpty else { return "" }
    var h = "<section id=\"history\">\n<h2>History across commits</h2>\n"
    h += "<p>\(escapeHTML(HistorySheetText.intro))</p>\n"
    h += body(t, chartWidth: 420, chartHeight: 220)
    return h + "</section>\n"
  }

  /// The standalone page (`history report -o DIR` → `DIR/index.html`).
  public static func page(_ t: HistoryTrends, title: String) -> String {
    var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    h += "<title>\(escapeHTML(title))</title>\n<style>\(IndexPage.stylesheet)</style>\n"
    h += "</head>\n<body>\n<h1>\(escapeHTML(title))</h1>\n"
    h += "<p>\(escapeHTML(HistorySheetText.intro))</p>\n"
    h += body(t, chartWidth: 640, chartHeight: 300)
    return h + "</body>\n</html>\n"
  }

  /// The steps table, then one chart per strategy × lane × metric.
  static func body(_ t: HistoryTrends, chartWidth: Double, chartHeight: Double) -> String {
    var h = "<p class=\"small\">Steps: \(escapeHTML(t.method))</p>\n"
    h += stepsTable(t)
    var order: [String] = []
    var byLabel: [String: [HistorySeries]] = [:]
    for s in t.series {
      if byLabel[s.label] == nil { order.append(s.label) }
      byLabel[s.label, default: []].append(s)
    }
    h += "<div class=\"charts\">\n"
    for label in order {
      if let svg = SVGChart.history(byLabel[label]!, width: chartWidth, height: chartHeight) {
        h += "<div class=\"small\">\(svg)</div>\n"
      }
    }
    return h + "</div>\n"
  }

  /// Every detected step, newest first: series, commit range, before → after, size, p-value.
  static func stepsTable(_ t: HistoryTrends) -> String {
    let steps = t.steps
    guard !steps.isEmpty else { return "<p>No steps detected.</p>\n" }
    var h = "<table class=\"steps\">\n<tr><th>series</th><th>commits</th><th>before</th>"
    h += "<th>after</th><th>change</th><th>p</th><th>machine · build · corpus</th></tr>\n"
    for s in steps {
      let change = s.step.change.map { ($0 >= 0 ? "+" : "") + format($0 * 100, digits: 1) + " %" }
      h += "<tr><td>\(escapeHTML(s.series.label))</td>"
      h += "<td><code>\(escapeHTML(s.step.commitRange))</code></td>"
      h += "<td class=\"num\">\(escapeHTML(format(s.step.before, digits: 3)))</td>"
      h += "<td class=\"num\">\(escapeHTML(format(s.step.after, digits: 3)))</td>"
      h += "<td class=\"num\">\(escapeHTML(change ?? "–"))</td>"
      h += "<td class=\"num\">\(escapeHTML(format(s.step.pValue, digits: 3)))</td>"
      h += "<td>\(escapeHTML(s.series.group))</td></tr>\n"
    }
    return h + "</table>\n"
  }
}

/// The words under the history headings.
enum HistorySheetText {
  static let intro =
    "Each point is one run's headline figure (the median over its processes), ordered by the "
    + "committer time of the commit the binary was built from (ties by run time); the bar "
    + "through it spans the per-process values. Only runs on the same machine, build and corpus "
    + "are joined; others are drawn as separate lines. A dashed red line is a detected step: "
    + "the level before and after it differ beyond what the run-to-run scatter explains. A "
    + "slow drift shows up as a step between distant commits."
}
