import SigbenchResults

/// The history of benchmark figures across commits: the run sheet's section (from
/// `RunResult.history`) and the page `sigbench history report` writes. Both come from
/// `HistoryTrends` alone.
public enum HistorySection {
  /// Runs a sheet's history needs before it draws anything.
  public static let sheetMinimumRuns = 3

  /// Runs in `t`: distinct (commit time, run time) pairs over every series.
  public static func runCount(_ t: HistoryTrends) -> Int {
    Set(t.series.flatMap { s in s.points.map { "\($0.time)|\($0.runTime)" } }).count
  }

  /// The run sheet's section: empty when the result carries no history; one line saying how
  /// many runs are stored until there are `sheetMinimumRuns`; then one row per strategy with
  /// each lane's series as a sparkline, its latest value and its steps.
  public static func render(_ r: RunResult) -> String {
    guard let t = r.history, !t.series.isEmpty else { return "" }
    let runs = runCount(t)
    guard runs >= sheetMinimumRuns else {
      return "<p id=\"history\">History: \(runs) run\(runs == 1 ? "" : "s") stored for this "
        + "machine, build and corpus; the trend shows from \(sheetMinimumRuns) runs "
        + "(<code>sigbench history report</code> draws every series).</p>\n"
    }
    var h = "<section id=\"history\">\n<h2>History across commits</h2>\n"
    h += "<p>\(escapeHTML(HistorySheetText.sparklines))</p>\n"
    let swept = t.sweeps ?? [:]
    h += seriesTable(t.series.filter { swept[$0.strategy] == nil })
    let folded = t.series.filter { swept[$0.strategy] != nil }
    if !folded.isEmpty {
      let configs = Set(folded.map(\.strategy)).count
      h += "<details><summary>the sweeps' \(configs) configuration\(configs == 1 ? "" : "s"), "
      h += "\(folded.count) series</summary>\n\(seriesTable(folded))</details>\n"
    }
    return h + "</section>\n"
  }

  /// The standalone page (`history report -o DIR` → `DIR/index.html`): the detected steps, the
  /// headline figures (p50 and p99, steady and batched, per lane, every strategy in one chart),
  /// an index, then every series as a table row with a sparkline, one folded table per strategy.
  public static func page(_ t: HistoryTrends, title: String) -> String {
    var h = PageHead.render(title: title, style: IndexPage.stylesheet)
    h += "<h1>\(escapeHTML(title))</h1>\n"
    h += "<p>\(runCount(t)) runs, \(t.series.count) series, \(t.steps.count) detected steps. "
    h += "\(escapeHTML(HistorySheetText.intro))</p>\n"
    let swept = t.sweeps ?? [:]
    let strategies = orderedStrategies(t).filter { swept[$0] == nil }
    var sweeps: [String] = []
    for label in orderedStrategies(t) {
      if let spec = swept[label], !sweeps.contains(spec) { sweeps.append(spec) }
    }
    h += "<nav><p>Contents: <a href=\"#steps\">detected steps</a> · <a href=\"#headline\">"
    h += "headline figures</a> · every series by strategy: "
    h += strategies.map { "<a href=\"#s-\(anchor($0))\">\(escapeHTML($0))</a>" }
      .joined(separator: " · ")
    if !sweeps.isEmpty { h += " · <a href=\"#sweeps\">sweeps</a>" }
    h += "</p></nav>\n<section id=\"steps\">\n<h2>Detected steps</h2>\n"
    h += "<p class=\"small\">\(escapeHTML(t.method))</p>\n"
    h += stepsTable(t) + "</section>\n"
    var headlineTrends = t
    headlineTrends.series = t.series.filter { swept[$0.strategy] == nil }
    h += headline(headlineTrends)
    h += "<section id=\"series\">\n<h2>Every series</h2>\n"
    for strategy in strategies {
      let mine = t.series.filter { $0.strategy == strategy }
      let steps = mine.reduce(0) { $0 + $1.steps.count }
      h += "<details id=\"s-\(anchor(strategy))\"><summary><code>\(escapeHTML(strategy))</code>: "
      h += "\(mine.count) series, \(steps) step\(steps == 1 ? "" : "s")</summary>\n"
      h += seriesTable(mine) + "</details>\n"
    }
    h += "</section>\n"
    if !sweeps.isEmpty {
      h += "<section id=\"sweeps\">\n<h2>Sweeps</h2>\n<p>The configurations of each sweep, "
      h += "folded under it (the headline charts leave them out).</p>\n"
      for spec in sweeps {
        let labels = orderedStrategies(t).filter { swept[$0] == spec }
        let mine = t.series.filter { labels.contains($0.strategy) }
        let steps = mine.reduce(0) { $0 + $1.steps.count }
        h += "<details><summary>sweep <code>\(escapeHTML(spec))</code>: \(labels.count) "
        h += "configuration\(labels.count == 1 ? "" : "s"), \(mine.count) series, \(steps) "
        h += "step\(steps == 1 ? "" : "s")</summary>\n" + seriesTable(mine) + "</details>\n"
      }
      h += "</section>\n"
    }
    return h + "</body>\n</html>\n"
  }

  /// The metrics drawn as charts on the history page, per timing lane.
  static let headlineMetrics = ["p50", "p99", "batch-p50"]

  /// One chart per timing lane × headline metric, a line per strategy (and comparability
  /// group, when there are several).
  static func headline(_ t: HistoryTrends) -> String {
    var h = "<section id=\"headline\">\n<h2>Headline figures</h2>\n<div class=\"charts\">\n"
    let groups = Set(t.series.map(\.group)).count
    for lane in ["smooth", "smooth+raster"] {
      for metric in headlineMetrics {
        let series = t.series.filter { $0.lane == lane && $0.metric == metric }
        guard
          let svg = SVGChart.history(
            series, width: 560, height: 260, title: "\(metric) per point, lane \(lane)",
            name: { groups > 1 ? "\($0.strategy) · \(SVGChart.shortGroup($0.group))" : $0.strategy }
          )
        else { continue }
        h += "<div class=\"scroll\">\(svg)</div>\n"
      }
    }
    return h + "</div>\n</section>\n"
  }

  /// A row per series: lane, metric, group, sparkline, latest value, range, runs and steps.
  static func seriesTable(_ series: [HistorySeries]) -> String {
    var h = "<div class=\"scroll\"><table class=\"series\">\n<thead><tr><th>strategy</th>"
    h += "<th>lane</th><th>metric</th><th>trend (oldest → newest)</th><th>latest</th>"
    h += "<th>range</th><th>runs</th><th>steps</th><th>machine · build · corpus</th></tr></thead>"
    h += "\n<tbody>\n"
    for s in series {
      let values = s.points.map(\.value)
      let unit = s.unit.isEmpty ? "" : " " + s.unit
      let digits = (values.map(abs).max() ?? 0) < 10 ? 3 : 1
      let range = values.min().map { lo in
        "\(format(lo, digits: digits))–\(format(values.max()!, digits: digits))\(unit)"
      }
      h += "<tr><td><code>\(escapeHTML(s.strategy))</code></td><td>\(escapeHTML(s.lane))</td>"
      h += "<td>\(escapeHTML(s.metric))</td>"
      h += "<td>\(Sparkline.svg(values, steps: s.steps.map(\.index)))</td>"
      h += "<td class=\"num\">\(values.last.map { format($0, digits: digits) + unit } ?? "–")</td>"
      h += "<td class=\"num\">\(escapeHTML(range ?? "–"))</td>"
      h += "<td class=\"num\">\(s.points.count)</td><td class=\"num\">\(s.steps.count)</td>"
      h += "<td>\(escapeHTML(SVGChart.shortGroup(s.group)))</td></tr>\n"
    }
    return h + "</tbody>\n</table></div>\n"
  }

  /// Strategies in the order they first appear.
  static func orderedStrategies(_ t: HistoryTrends) -> [String] {
    var out: [String] = []
    for s in t.series where !out.contains(s.strategy) { out.append(s.strategy) }
    return out
  }

  /// An id fragment for `text`: letters, digits and `-`.
  static func anchor(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }

  /// Every detected step, newest first: series, commit range, before → after, size, p-value.
  static func stepsTable(_ t: HistoryTrends) -> String {
    let steps = t.steps
    guard !steps.isEmpty else { return "<p>No steps detected.</p>\n" }
    var h = "<div class=\"scroll\"><table class=\"steps\">\n<thead><tr><th>series</th>"
    h += "<th>commits</th><th>before</th><th>after</th><th>change</th><th>p</th>"
    h += "<th>machine · build · corpus</th></tr></thead>\n<tbody>\n"
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
    return h + "</tbody></table></div>\n"
  }
}

/// The words under the history headings.
enum HistorySheetText {
  static let sparklines =
    "Each line is one strategy's precise per-point figure in one lane across the runs stored "
    + "for this machine, build and corpus, oldest left; a red dot is a detected step (the level "
    + "before and after it differ beyond the run-to-run scatter). `sigbench history report` "
    + "draws every series in full."
  static let intro =
    "Each point is one run's headline figure (the median over its processes), ordered by the "
    + "committer time of the commit the binary was built from (ties by run time); the bar "
    + "through it spans the per-process values. Only runs on the same machine, build and corpus "
    + "are joined; others are drawn as separate lines. A dashed red line is a detected step: "
    + "the level before and after it differ beyond what the run-to-run scatter explains. A "
    + "slow drift shows up as a step between distant commits."
}
