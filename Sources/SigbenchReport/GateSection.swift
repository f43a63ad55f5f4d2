import Foundation
import SigbenchResults

/// The sheet's view of a gate against a baseline (`run --baseline NAME`): the outcome, every
/// verdict with its evidence in a details row (p-value, interval, threshold and its source,
/// sample counts), and base and head side by side. Verdicts are words; colour only repeats them.
public enum GateSection {
  static let severity: [Verdict] = [
    .regressed, .overBudget, .notConfirmed, .inconclusive, .acknowledged, .incompatible,
    .unavailable, .improved, .noChange, .withinBudget,
  ]

  /// The most severe verdict among a strategy × lane's comparisons, for the bench table.
  public static func summary(_ g: GateReport, strategy: String, lane: BenchLane) -> String? {
    let verdicts =
      g.timing.filter { $0.strategy == strategy && $0.lane == lane }.map(\.verdict)
      + g.counters.filter { $0.strategy == strategy && $0.lane == lane }.map(\.verdict)
    guard !verdicts.isEmpty else { return nil }
    return severity.first { verdicts.contains($0) }?.rawValue
  }

  public static func render(_ g: GateReport) -> String {
    var h =
      "<section id=\"gate\">\n<h2>Against baseline \(escapeHTML(g.baselineName ?? g.baseBinary ?? "base"))</h2>\n"
    h += "<p><strong>Outcome: \(escapeHTML(g.outcome))</strong> (exit \(g.exitCode)); mode "
    h += "\(escapeHTML(g.mode)), \(g.processesPerSide) processes per side; timing "
    h += "\(escapeHTML(g.timingStatus)); counters \(escapeHTML(g.counterStatus))"
    h += g.qualityStatus.map { "; quality \(escapeHTML($0))" } ?? ""
    h += ".</p>\n"
    for w in g.warnings { h += "<p class=\"warn\">Warning: \(escapeHTML(w.text))</p>\n" }
    for e in g.externalStrategies ?? [] {
      h += "<p\(e.refused ? " class=\"warn\"" : "")>External strategy "
      h += "<code>\(escapeHTML(e.strategy))</code>: \(escapeHTML(e.status))</p>\n"
    }
    h += "<div class=\"scroll\"><table class=\"gate\">\n<thead><tr><th>strategy</th><th>lane</th>"
    h += "<th>metric</th><th>verdict</th><th>base</th><th>head</th><th>head ÷ base (interval)</th>"
    h += "<th>evidence</th></tr></thead>\n<tbody>\n"
    for c in g.timing {
      let interval =
        c.ratio.map {
          "\(format($0.estimate, digits: 3)) [\(format($0.lower, digits: 3)), \(format($0.upper, digits: 3))]"
        } ?? "–"
      h += "<tr class=\"v-\(cssClass(c.verdict))\"><th><code>\(escapeHTML(c.strategy))</code></th>"
      h += "<td>\(escapeHTML(c.lane.rawValue))</td><td>\(escapeHTML(c.metric.rawValue))</td>"
      h += "<td><strong>\(escapeHTML(c.verdict.rawValue))</strong></td>"
      h += "<td class=\"num\">\(c.baseMedian.map { value($0, c.metric.isRatio) } ?? "–")</td>"
      h += "<td class=\"num\">\(c.headMedian.map { value($0, c.metric.isRatio) } ?? "–")</td>"
      h += "<td class=\"num\">\(escapeHTML(interval))</td><td><details><summary>details</summary>"
      var lines = [
        "samples: \(c.base.count) base, \(c.head.count) head process replicates",
        "test: \(c.testMethod ?? "–"), U \(c.u.map { format($0, digits: 1) } ?? "–"), p "
          + "\(c.pValue.map(sci) ?? "–"), adjusted p \(c.pAdjusted.map(sci) ?? "–") "
          + "(\(c.correction.rawValue) over \(c.comparisons) comparisons)",
        "threshold: +\(format(c.threshold.relative * 100, digits: 1)) % and "
          + "\(formatNanoseconds(c.threshold.absoluteNs)) (\(c.threshold.source)); effective "
          + "\(format(c.effectiveThreshold, digits: 4))",
      ]
      if let conf = c.confirmation {
        lines.append(
          "re-measured: \(conf.verdict.rawValue), adjusted p \(conf.pAdjusted.map(sci) ?? "–")")
      }
      if let a = c.acknowledgement { lines.append("acknowledged: \(a)") }
      if let n = c.note { lines.append(n) }
      h += lines.map { escapeHTML($0) }.joined(separator: "<br>") + "</details></td></tr>\n"
    }
    for c in g.counters {
      h += "<tr class=\"v-\(cssClass(c.verdict))\"><th><code>\(escapeHTML(c.strategy))</code></th>"
      h += "<td>\(escapeHTML(c.lane.rawValue))</td><td>\(escapeHTML(c.metric.rawValue))</td>"
      h += "<td><strong>\(escapeHTML(c.verdict.rawValue))</strong></td>"
      h += "<td class=\"num\">\(c.base.map { format($0, digits: 2) } ?? "unavailable")</td>"
      h += "<td class=\"num\">\(c.head.map { format($0, digits: 2) } ?? "unavailable")</td>"
      h += "<td class=\"num\">\(c.ratio.map { format($0, digits: 4) } ?? "–")</td><td>"
      var notes = ["deterministic counter (callgrind)"]
      if let t = c.tolerance { notes.append("tolerance ±\(format(t * 100, digits: 1)) %") }
      if let hint = c.hint { notes.append(hint) }
      if let a = c.acknowledgement { notes.append("acknowledged: \(a)") }
      h += notes.map { escapeHTML($0) }.joined(separator: "<br>") + "</td></tr>\n"
    }
    for c in g.quality ?? [] where c.verdict != .noChange && c.verdict != .unavailable {
      h += "<tr class=\"v-\(cssClass(c.verdict))\"><th><code>\(escapeHTML(c.strategy))</code></th>"
      h += "<td>quality</td><td>\(escapeHTML(c.metric))</td>"
      h += "<td><strong>\(escapeHTML(c.verdict.rawValue))</strong></td>"
      h += "<td class=\"num\">\(escapeHTML(GateMarkdown.value(c.base, c.unit)))</td>"
      h += "<td class=\"num\">\(escapeHTML(GateMarkdown.value(c.head, c.unit)))</td><td>–</td><td>"
      var notes = ["deterministic quality metric", "tolerance " + GateMarkdown.tolerance(c)]
      if let a = c.acknowledgement { notes.append("acknowledged: \(a)") }
      h += notes.map { escapeHTML($0) }.joined(separator: "<br>") + "</td></tr>\n"
    }
    for b in g.budgets {
      h += "<tr class=\"v-\(cssClass(b.verdict))\"><th><code>\(escapeHTML(b.strategy))</code></th>"
      h += "<td>\(escapeHTML(b.lane.rawValue))</td><td>p99 ÷ 240 Hz period</td>"
      h += "<td><strong>\(escapeHTML(b.verdict.rawValue))</strong></td><td></td>"
      h += "<td class=\"num\">\(format(b.p99FractionOfPeriod * 100, digits: 3)) %</td>"
      h += "<td class=\"num\">limit \(format(b.limit * 100, digits: 1)) %</td><td>"
      h +=
        b.wouldDropSample ? "would drop a sample (\(b.pointsOverPeriod) points over a period)" : ""
      h += "</td></tr>\n"
    }
    h += "</tbody>\n</table></div>\n"
    if let chart = baseVersusHead(g) { h += "<div class=\"scroll\">\(chart)</div>\n" }
    return h + "</section>\n"
  }

  static func cssClass(_ v: Verdict) -> String {
    v.rawValue.replacingOccurrences(of: " ", with: "-")
  }

  static func value(_ v: Double, _ isRatio: Bool) -> String {
    isRatio ? format(v, digits: 3) : formatNanoseconds(v)
  }

  static func sci(_ v: Double) -> String { String(format: "%.2g", v) }

  /// Base and head replicates side by side (box per side, per strategy and lane) for the first
  /// timing metric in nanoseconds.
  static func baseVersusHead(_ g: GateReport) -> String? {
    guard let metric = g.timing.map(\.metric).first(where: { !$0.isRatio }) else {
      return nil
    }
    var boxes: [SVGChart.Box] = []
    for c in g.timing where c.metric == metric {
      for (side, values) in [(GateSide.base, c.base), (GateSide.head, c.head)] where !values.isEmpty
      {
        let s = values.sorted()
        func q(_ p: Double) -> Double { Percentiles.nearestRank(s, p) ?? s[0] }
        boxes.append(
          SVGChart.Box(
            name: "\(c.strategy) \(c.lane == .smooth ? "" : "[raster] ")\(side)", whiskerLow: s[0],
            low: q(25), median: q(50), high: q(75), whiskerHigh: s[s.count - 1]))
      }
    }
    guard !boxes.isEmpty else { return nil }
    var chart = SVGChart(
      title: "\(metric) per process, base and head side by side (box p25–p75, whiskers min–max)",
      x: ChartAxis(scale: .linear, low: 0, high: 1, title: ""),
      y: ChartAxis(
        scale: .log, low: boxes.map(\.whiskerLow).min()!, high: boxes.map(\.whiskerHigh).max()!,
        title: "\(metric) (ns, log)"),
      formatY: { formatNanoseconds($0) })
    chart.width = max(640, Double(boxes.count) * 70)
    return chart.boxes(boxes, references: LatencyCharts.budgets)
  }
}
