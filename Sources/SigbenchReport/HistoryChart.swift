import Foundation
import SigbenchResults

extension SVGChart {
  /// One strategy × lane × metric across commits: each comparability group (machine, build,
  /// corpus) as its own line, every run's per-process spread as a vertical bar, and each
  /// detected step as a dashed vertical line labelled with its size. The x axis is the runs in
  /// commit order over all groups (oldest left), so groups sit apart where their runs do.
  /// `title` defaults to the first series' label and `name` (a legend entry per series) to its
  /// comparability group.
  public static func history(
    _ series: [HistorySeries], width: Double = 640, height: Double = 300, title: String? = nil,
    name: (HistorySeries) -> String = { shortGroup($0.group) }
  ) -> String? {
    let all = series.flatMap { s in s.points.map { ($0.time, $0.runTime) } }.sorted { $0 < $1 }
    guard let first = series.first, !all.isEmpty else { return nil }
    // One x position per run (distinct commit time and run time), oldest first.
    var position: [String: Int] = [:]
    for p in all where position["\(p.0)|\(p.1)"] == nil {
      position["\(p.0)|\(p.1)"] = position.count
    }
    let lows = series.flatMap { $0.points.map(\.low) }.filter(\.isFinite)
    let highs = series.flatMap { $0.points.map(\.high) }.filter(\.isFinite)
    guard let lo = lows.min(), let hi = highs.max() else { return nil }
    let pad = max((hi - lo) * 0.08, abs(hi) * 0.01, 1e-9)
    let unit = first.unit.isEmpty ? "" : " (\(first.unit))"
    var chart = SVGChart(
      title: title ?? first.label,
      x: ChartAxis(
        scale: .linear, low: -0.5, high: Double(max(position.count, 2)) - 0.5,
        title: "runs in commit order (oldest left)"),
      y: ChartAxis(scale: .linear, low: lo - pad, high: hi + pad, title: first.metric + unit),
      formatY: { v in
        format(v, digits: abs(hi) < 10 ? 3 : 1)
      })
    chart.width = width
    chart.height = height
    chart.x.integer = true
    chart.reserveLegend(series.map(name))
    var s = chart.open()
    s += chart.axes(xTicks: chart.x.ticks { format($0, digits: 0) })
    for (i, serie) in series.enumerated() {
      let c = SVGChart.colours[i % SVGChart.colours.count]
      let d = SVGChart.dashes[i % SVGChart.dashes.count]
      let xs = serie.points.map { Double(position["\($0.time)|\($0.runTime)"] ?? 0) }
      s += "<g class=\"series\" data-series=\"\(i)\">\n"
      for (x, p) in zip(xs, serie.points) where p.high > p.low {
        s += "<line x1=\"\(chart.num(chart.px(x)))\" x2=\"\(chart.num(chart.px(x)))\" "
        s += "y1=\"\(chart.num(chart.py(p.low)))\" y2=\"\(chart.num(chart.py(p.high)))\" "
        s += "stroke=\"\(c)\" stroke-opacity=\"0.45\" stroke-width=\"3\"/>\n"
      }
      let path = zip(xs, serie.points).map {
        "\(chart.num(chart.px($0))),\(chart.num(chart.py($1.value)))"
      }
      s += "<polyline fill=\"none\" stroke=\"\(c)\" stroke-width=\"1.5\""
      if !d.isEmpty { s += " stroke-dasharray=\"\(d)\"" }
      s += " points=\"\(path.joined(separator: " "))\"><title>\(escapeHTML(serie.group))</title>"
      s += "</polyline>\n"
      for (x, p) in zip(xs, serie.points) {
        s += "<g><title>\(escapeHTML(p.shortCommit)) \(escapeHTML(p.time)): "
        s += "\(escapeHTML(format(p.value, digits: 3)))\(escapeHTML(unit))</title>"
        s += chart.marker(i, chart.px(x), chart.py(p.value), c) + "</g>\n"
      }
      for step in serie.steps where step.index > 0 && step.index < xs.count {
        let x = (xs[step.index - 1] + xs[step.index]) / 2
        let label = step.change.map { ($0 >= 0 ? "+" : "") + format($0 * 100, digits: 1) + " %" }
        s +=
          "<line class=\"step\" x1=\"\(chart.num(chart.px(x)))\" x2=\"\(chart.num(chart.px(x)))\" "
        s += "y1=\"\(chart.num(chart.top))\" y2=\"\(chart.num(chart.top + chart.plotHeight))\" "
        s += "stroke=\"#b00\" stroke-dasharray=\"4 3\"><title>step \(escapeHTML(step.commitRange))"
        s += "</title></line>\n"
        s += "<text x=\"\(chart.num(chart.px(x) + 3))\" y=\"\(chart.num(chart.top + 12))\" "
        s += "font-size=\"10\" fill=\"#b00\">\(escapeHTML(label ?? "step"))</text>\n"
      }
      s += "</g>\n"
    }
    s += chart.legend(series.map(name))
    return s + "</svg>\n"
  }

  /// A comparability group short enough for a legend: the CPU model's start, the build and
  /// the corpus checksum's first 8 digits (`AMD EPYC · release · 310ed39a`).
  public static func shortGroup(_ group: String) -> String {
    let parts = group.components(separatedBy: " · ")
    guard parts.count == 3 else { return String(group.prefix(40)) }
    let cpu = parts[0].split(separator: ";").first.map(String.init) ?? parts[0]
    return "\(cpu.prefix(20)) · \(parts[1]) · \(parts[2].prefix(8))"
  }
}
