import Foundation
import SigbenchResults

/// The benchmark part of the index page when the run carries the full `BenchReport`: a table
/// per strategy and lane (preferred per-point figure, tails, ratio to the reference, counters,
/// the 240 Hz budget), and charts of the distribution, of latency by position in the stroke
/// and by stroke length.
public enum BenchSection {
  public static func render(_ r: RunResult, _ b: BenchReport) -> String {
    var h = "<section id=\"latency\">\n<h2>Per-point latency</h2>\n"
    h += "<p>One timed event is one <code>push</code> (lane <code>smooth</code>) or one push plus "
    h += "the incremental canvas update (lane <code>smooth+raster</code>). <em>Single</em> figures "
    h += "bracket each point with two clock reads and include one read's overhead "
    h += "(\(escapeHTML(formatNanoseconds(b.timer.overheadNs)))); <em>batched</em> figures divide "
    h += "a bracket around consecutive points by their number. Steady state excludes each "
    h += "stroke's first points; \(escapeHTML(b.timer.clock)); "
    h += "\(escapeHTML(r.machine.buildConfiguration)) build.</p>\n"
    if let f = b.floor {
      h += "<p id=\"floor\">Floor: a null smoother (no work) through the same driver costs "
      h += "\(escapeHTML(formatNanoseconds(f.singleP50Ns))) a point at p50 single (p99 "
      h += "\(escapeHTML(formatNanoseconds(f.singleP99Ns)))), "
      h += "\(escapeHTML(formatNanoseconds(f.batchedP50Ns))) batched; every <code>smooth</code> "
      h += "figure includes it.</p>\n"
    }
    if let t = b.timingSample, !t.isComplete {
      h += "<p class=\"note\" id=\"timing-sample\"><strong>Sampled:</strong> "
      h += "\(escapeHTML(t.rule)). The <em>points</em> column counts the points timed.</p>\n"
    }
    h += table(r, b)
    h += "<div class=\"charts\">\n"
    if let c = percentileCurve(b) { h += "<div class=\"scroll\">\(c)</div>\n" }
    if let c = boxPlot(b) { h += "<div class=\"scroll\">\(c)</div>\n" }
    if let c = positionChart(b) { h += "<div class=\"scroll\">\(c)</div>\n" }
    if let c = lengthChart(b) { h += "<div class=\"scroll\">\(c)</div>\n" }
    h += "</div>\n</section>\n"
    return h
  }

  static func counters(_ b: BenchReport, _ strategy: String, _ lane: BenchLane) -> CounterFigures? {
    b.counters.first { $0.strategy == strategy && $0.lane == lane }
  }

  static func table(_ r: RunResult, _ b: BenchReport) -> String {
    var h = "<div class=\"scroll\"><table class=\"bench\">\n<thead><tr><th>strategy</th>"
    h += "<th>lane</th><th>points</th><th>p50</th><th>p99</th><th>max</th><th>batched p50</th>"
    h += "<th>p50 ÷ reference</th><th>finish p50</th><th>instructions / point</th>"
    h += "<th>allocations / point</th><th>p99 of 240 Hz period</th>"
    h += "<th>mean end gap</th><th>mean error vs truth</th>"
    h += r.gate == nil ? "" : "<th>verdict vs baseline</th>"
    h += "</tr></thead>\n<tbody>\n"
    for f in b.figures {
      h +=
        "<tr><th><code>\(escapeHTML(f.strategy))</code></th><td>\(escapeHTML(f.lane.rawValue))</td>"
      let s = f.steady ?? f.all
      h += "<td class=\"num\">\(f.all?.count ?? 0)</td>"
      for v in [s?.p50, s?.p99, f.all?.max] {
        h += "<td class=\"num\">\(v.map(formatNanoseconds) ?? "–")</td>"
      }
      let batched = f.batched.map { formatNanoseconds($0.p50) } ?? "–"
      h += "<td class=\"num\">\(batched)\(f.preferred == "batched" ? " ★" : "")</td>"
      h +=
        "<td class=\"num\">\(f.ratioToReference["p50"].map { format($0, digits: 2) + "×" } ?? "–")</td>"
      // With the finish per stroke point when measured (what a batch-mode strategy defers).
      let perPoint = f.finishPerPoint.map { " (\(formatNanoseconds($0.p50)) / point)" } ?? ""
      h += "<td class=\"num\">\(f.finish.map { formatNanoseconds($0.p50) } ?? "–")\(perPoint)</td>"
      if let c = counters(b, f.strategy, f.lane) {
        if let reason = c.unavailableReason {
          h += "<td colspan=\"2\" title=\"\(escapeHTML(reason))\">unavailable</td>"
        } else {
          h +=
            "<td class=\"num\">\(c.steadyInstructionsPerPoint.map { format($0, digits: 0) } ?? "unavailable")</td>"
          h +=
            "<td class=\"num\">\(c.allocationsPerPoint.map { format($0, digits: 3) } ?? "unavailable")</td>"
        }
      } else {
        h +=
          "<td colspan=\"2\" title=\"no counter run for this strategy and lane\">unavailable</td>"
      }
      if let budget = f.budget {
        h += "<td class=\"num\">\(format(budget.p99FractionOfPeriod * 100, digits: 3)) %"
        h += budget.pointsOverPeriod > 0 ? " — <strong>would drop a sample</strong>" : ""
        h += "</td>"
      } else {
        h += "<td>–</td>"
      }
      let q = IndexPage.quality(r, f.strategy)
      h +=
        f.lane == .smooth
        ? "<td class=\"num\">\(q.endGap.map { format($0, digits: 2) + " px" } ?? "–")</td>"
          + "<td class=\"num\">\(q.truth.map { format($0, digits: 3) + " px" } ?? "–")</td>"
        : "<td></td><td></td>"
      if let g = r.gate {
        let v = GateSection.summary(g, strategy: f.strategy, lane: f.lane) ?? "not compared"
        h += "<td><a href=\"#gate\">\(escapeHTML(v))</a></td>"
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n"
    h += "<p>★ the batched figure is the precise per-point cost for this strategy (the single "
    h += "bracket is too close to the timer). Counters come from a callgrind run over a subset of "
    h += "points; \"unavailable\" means they could not be measured (never 0).</p>\n"
    return h
  }

  static func smooth(_ b: BenchReport) -> [LaneFigures] { b.figures.filter { $0.lane == .smooth } }

  static func percentileCurve(_ b: BenchReport) -> String? {
    LatencyCharts.percentileCurve(
      title: "Latency percentiles per point, steady state",
      b.figures.compactMap { f in
        (f.steady ?? f.all).map { ("\(f.strategy) [\(f.lane.rawValue)]", $0) }
      })
  }

  static func boxPlot(_ b: BenchReport) -> String? {
    let boxes = smooth(b).compactMap { f -> SVGChart.Box? in
      guard let s = f.steady ?? f.all else { return nil }
      return SVGChart.Box(
        name: f.strategy, whiskerLow: s.min ?? s.p50, low: s.p25 ?? s.p50, median: s.p50,
        high: s.p75 ?? s.p90, whiskerHigh: s.p99)
    }
    guard !boxes.isEmpty else { return nil }
    let lo = boxes.map(\.whiskerLow).min() ?? 1
    let hi = boxes.map(\.whiskerHigh).max() ?? 10
    return SVGChart(
      title: "push latency across strategies (box p25–p75, line p50, whiskers min–p99)",
      x: ChartAxis(scale: .linear, low: 0, high: 1, title: "strategy"),
      y: ChartAxis(scale: .log, low: lo, high: hi, title: "latency per point (ns, log)"),
      formatY: { formatNanoseconds($0) }
    ).boxes(boxes, references: LatencyCharts.budgets)
  }

  static func positionChart(_ b: BenchReport) -> String? {
    let series = smooth(b).map { f in
      SVGChart.Series(
        name: f.strategy,
        points: f.deciles.enumerated().compactMap { i, v in v.map { (Double(i) * 10 + 5, $0) } })
    }.filter { !$0.points.isEmpty }
    guard !series.isEmpty else { return nil }
    let ys = series.flatMap { $0.points.map(\.y) }
    return SVGChart(
      title: "push latency by position in the stroke (median per tenth)",
      x: ChartAxis(
        scale: .linear, low: 0, high: 100, title: "position in the stroke (% of its samples)"),
      y: ChartAxis(
        scale: .log, low: ys.min() ?? 1, high: ys.max() ?? 10, title: "median latency (ns, log)"),
      formatX: { format($0, digits: 0) + " %" }, formatY: { formatNanoseconds($0) }
    ).lines(series, references: LatencyCharts.budgets)
  }

  static func lengthChart(_ b: BenchReport) -> String? {
    let series = smooth(b).map { f in
      SVGChart.Series(
        name: f.strategy, points: f.synthetic.map { (Double($0.length), $0.lastTenthP50) })
    }.filter { !$0.points.isEmpty }
    guard !series.isEmpty else { return nil }
    let xs = series.flatMap { $0.points.map(\.x) }
    let ys = series.flatMap { $0.points.map(\.y) }
    return SVGChart(
      title: "push latency at the end of synthetic strokes of growing length (O(n) rises)",
      x: ChartAxis(
        scale: .log, low: xs.min() ?? 10, high: xs.max() ?? 10_000,
        title: "stroke length (samples, log)"),
      y: ChartAxis(
        scale: .log, low: ys.min() ?? 1, high: ys.max() ?? 10,
        title: "median of the last tenth (ns, log)"),
      formatX: { format($0, digits: 0) }, formatY: { formatNanoseconds($0) }
    ).lines(series, references: LatencyCharts.budgets)
  }
}
