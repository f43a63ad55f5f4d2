import Foundation
import SigbenchResults

/// The benchmark part of the index page when the run carries the full `BenchReport`: a table
/// with a row per strategy and the lanes as column groups (precise per-point figure, tail,
/// ratio to the reference, counters, the 240 Hz budget), and charts of the distribution, of latency by position in the stroke
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
      h += "\(escapeHTML(t.rule)). The <em>points timed</em> column counts them.</p>\n"
    }
    for (label, why) in (b.failedStrategies ?? [:]).sorted(by: { $0.key < $1.key }) {
      h += "<p class=\"warn\"><code>\(escapeHTML(label))</code> could not be timed (exit 3): "
      h += "\(escapeHTML(why))</p>\n"
    }
    h += table(r, b)
    h += ExternalLatencySection.render(b)
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

  /// One row per strategy, the lanes as column groups: the precise p50 (`PreciseFigure`), the
  /// steady p99, the precise p50 ÷ the reference's same figure, the counters and the share of
  /// the 240 Hz period; then the finish cost and, with a gate, its verdict.
  static func table(_ r: RunResult, _ b: BenchReport) -> String {
    let lanes = BenchLane.allCases.filter { lane in b.figures.contains { $0.lane == lane } }
    var strategies: [String] = []
    for f in b.figures where !strategies.contains(f.strategy) { strategies.append(f.strategy) }
    var h = "<div class=\"scroll\"><table class=\"bench\">\n<thead><tr><th rowspan=\"2\">"
    h += "strategy</th><th rowspan=\"2\">points timed</th>"
    for lane in lanes {
      h += "<th colspan=\"6\" class=\"lane\">lane <code>\(escapeHTML(lane.rawValue))</code></th>"
    }
    h += "<th rowspan=\"2\">finish p50 ↓</th>"
    h += r.gate == nil ? "" : "<th rowspan=\"2\">verdict vs baseline</th>"
    h += "</tr>\n<tr>"
    for _ in lanes {
      h += "<th>p50 ↓</th><th>p99 ↓</th><th>× ref. ↓</th><th>instr. / point ↓</th>"
      h += "<th>allocs / point ↓</th><th>p99 / 240 Hz period ↓</th>"
    }
    h += "</tr></thead>\n<tbody>\n"
    for strategy in strategies {
      let byLane = Dictionary(
        b.figures.filter { $0.strategy == strategy }.map { ($0.lane, $0) }
      ) { a, _ in a }
      let first = lanes.lazy.compactMap { byLane[$0] }.first
      h += "<tr><th><code>\(escapeHTML(strategy))</code></th>"
      h += "<td class=\"num\">\(first?.all?.count ?? 0)</td>"
      for lane in lanes { h += cells(byLane[lane], b) }
      // With the finish per stroke point when measured (what a batch-mode strategy defers).
      let perPoint = first?.finishPerPoint.map { " (\(formatNanoseconds($0.p50)) / point)" } ?? ""
      h +=
        "<td class=\"num\">\(first?.finish.map { formatNanoseconds($0.p50) } ?? "–")\(perPoint)</td>"
      if let g = r.gate {
        let v = lanes.compactMap { lane in
          GateSection.summary(g, strategy: strategy, lane: lane).map { "\(lane.rawValue): \($0)" }
        }
        h +=
          "<td><a href=\"#gate\">\(escapeHTML(v.isEmpty ? "not compared" : v.joined(separator: "; ")))</a></td>"
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n"
    h += "<p>p50 is the precise per-point figure: the steady single bracket, or where marked "
    h += "<sup>b</sup> the batched median (the single bracket is too close to the timer); "
    h += "× ref. divides it by the reference strategy's same figure, measured in the same "
    h += "process and lane. ↓: lower is better. Counters come from a callgrind run over a subset "
    h += "of points; \"unavailable\" means they could not be measured (never 0).</p>\n"
    return h
  }

  /// One lane's six cells of a strategy's row (dashes when the lane was not measured).
  static func cells(_ f: LaneFigures?, _ b: BenchReport) -> String {
    guard let f else { return String(repeating: "<td>–</td>", count: 6) }
    let precise = PreciseFigure(f)
    var h = "<td class=\"num\">\(precise.p50.map(formatNanoseconds) ?? "–")"
    h += precise.kind == "batched" ? "<sup>b</sup></td>" : "</td>"
    h += "<td class=\"num\">\((f.steady ?? f.all).map { formatNanoseconds($0.p99) } ?? "–")</td>"
    h +=
      "<td class=\"num\">\(precise.ratioToReference.map { format($0, digits: 2) + "×" } ?? "–")</td>"
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
      h += "<td colspan=\"2\" title=\"no counter run for this strategy and lane\">unavailable</td>"
    }
    if let budget = f.budget {
      h += "<td class=\"num\">\(format(budget.p99FractionOfPeriod * 100, digits: 3)) %"
      h += budget.pointsOverPeriod > 0 ? " — <strong>would drop a sample</strong>" : ""
      return h + "</td>"
    }
    return h + "<td>–</td>"
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
