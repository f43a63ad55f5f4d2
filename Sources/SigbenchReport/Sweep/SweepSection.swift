import SigbenchResults

/// The sheet's sweep section, one part per swept spec (#47):
/// - the best configuration per question among the sweep's (the verdict's questions and rule),
///   each a spec ready to copy, beside the strategy's default;
/// - the Pareto front of accuracy against smooth-lane latency over its configurations;
/// - each headline metric and the latency against a swept option's value (one option), as heat
///   maps (two options), or as the best value at each option value (three or more);
/// - the best configurations' ink beside the default's on the drawings the default scores worst.
public enum SweepSection {
  public static func render(_ r: RunResult) -> String {
    guard let sweeps = r.sweeps, !sweeps.isEmpty else { return "" }
    var h = "<section id=\"sweeps\">\n<h2>Sweeps</h2>\n"
    h += "<p>Each swept spec's configurations, measured like any strategy in this run (quality "
    h += "over the whole corpus, the <code>smooth</code> lane's batched p50), set against the "
    h += "strategy's default configuration, which the run measures beside them.</p>\n"
    for (i, sweep) in sweeps.enumerated() {
      h += part(SweepFigures(sweep, in: r), index: i, run: r)
    }
    return h + "</section>\n"
  }

  /// The configurations whose pictures a run with sweeps draws besides the strategies it
  /// draws anyway: each sweep's best configuration per question (the leaders' first), in
  /// sweep order, each once.
  public static func pictured(_ r: RunResult) -> [String] {
    var labels: [String] = []
    for sweep in r.sweeps ?? [] {
      for a in SweepAnswers.of(SweepFigures(sweep, in: r)) {
        if let best = a.best?.strategy, !labels.contains(best) { labels.append(best) }
      }
    }
    return labels
  }

  static func part(_ f: SweepFigures, index: Int, run r: RunResult) -> String {
    let s = f.sweep
    var h = "<h3 id=\"sweep-\(index)\">Sweep <code>\(escapeHTML(s.spec))</code></h3>\n"
    h += "<p>\(s.configs.count) configuration\(s.configs.count == 1 ? "" : "s") over "
    h += s.options.map { "<code>\(escapeHTML($0.name))</code> × \($0.values.count)" }
      .joined(separator: ", ")
    h += "; default <code>\(escapeHTML(s.defaultLabel))</code>.</p>\n"
    if !s.skipped.isEmpty {
      h += "<details><summary>\(s.skipped.count) skipped for breaking a constraint</summary>"
      h += "<ul class=\"plain\">"
      for k in s.skipped {
        h += "<li><code>\(escapeHTML(k.spec))</code>: \(escapeHTML(k.reason))</li>"
      }
      h += "</ul></details>\n"
    }
    let answers = SweepAnswers.of(f)
    h += SweepAnswers.table(answers, f)
    h += SweepFronts.render(f)
    h += "<div class=\"charts\">\n"
    for chart in optionCharts(f) { h += "<div class=\"scroll small\">\(chart)</div>\n" }
    h += "</div>\n"
    h += SweepAnswers.pictures(answers, f, run: r)
    return h
  }

  /// The headline metrics and the latency against the swept options.
  static func optionCharts(_ f: SweepFigures) -> [String] {
    let metrics = QualityMetric.catalog.filter { $0.headline && $0.direction != .neutral }
    let options = f.sweep.options
    var charts: [String] = []
    // The configuration with `values` for the swept options, among the grid's.
    func label(_ values: [String: String]) -> String? {
      f.configs.first { l in values.allSatisfy { f.options[l]?[$0.key] == $0.value } }
    }
    let latency: (String) -> Double? = { f.p50[$0] }
    let series:
      [(
        title: String, yTitle: String, value: (String) -> Double?, better: (Double, Double) -> Bool,
        text: @Sendable (Double) -> String
      )] =
        metrics.map { m in
          (
            m.name, QualityFormat.heading(m), { f.value(m, $0) }, { m.isBetter($0, than: $1) },
            { QualityFormat.value(m, $0, unit: false) }
          )
        } + [
          (
            "Latency (smooth lane)", "batched p50 (ns)", latency, { $0 < $1 },
            { formatNanoseconds($0) }
          )
        ]
    if options.count == 2 {
      let (a, b) = (options[0], options[1])
      for m in series {
        charts.append(
          SweepCharts.heatMap(
            title: m.title, rows: a, columns: b,
            value: { r, c in label([a.name: r, b.name: c]).flatMap(m.value) }, better: m.better,
            text: m.text))
      }
      return charts
    }
    for option in options {
      for m in series {
        // One option: its configurations; more: the best over the other options at each value.
        let points = option.values.map { v -> (value: String, y: Double?) in
          let ys = f.configs.filter { f.options[$0]?[option.name] == v }.compactMap(m.value)
          return (v, ys.min { m.better($0, $1) })
        }
        let title = options.count == 1 ? m.title : "\(m.title) (best over the other options)"
        if let c = SweepCharts.line(
          title: title, option: option, yTitle: m.yTitle, points: points,
          reference: m.value(f.sweep.defaultLabel), formatY: m.text)
        {
          charts.append(c)
        }
      }
    }
    return charts
  }
}
