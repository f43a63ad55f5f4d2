import Foundation
import SigbenchResults

/// The sheet's quality section: one row per strategy and one column per headline metric (the
/// best value of each column marked), what each metric means, and small-multiple charts —
/// accuracy per drawing as boxes per strategy, and mean width against the sample rate for
/// motions recorded at several rates.
public enum QualitySection {
  public static func render(_ r: RunResult) -> String {
    guard let q = r.quality, !q.strategies.isEmpty else { return "" }
    let metrics = QualityMetric.catalog.filter(\.headline)
    let labels = r.strategies.map(\.label).filter { q.strategies[$0] != nil }
    var h = "<section id=\"quality\">\n<h2>Ink quality</h2>\n"
    h += "<p>Measured on every drawing against its ground truth where the corpus has one, "
    h += "else against the input polyline; aggregated over the corpus (counts add, maxima "
    h += "take the largest, means and percentiles are weighted means). Headings say which way is "
    h += "better: ↓ lower, ↑ higher, →1 closer to 1, none for a property of the design that is "
    h += "not ranked. ★ marks the best value of a column and every value tied with it (within "
    h += "1 % and the metric's floor), only where it beats the rest; n/a means the metric does "
    h += "not apply (no truth, pressure or time) and is never starred. † marks a value the "
    h += "reference reaches by construction (it draws the input itself), not ranked. "
    h += "<a href=\"\(QualityFormat.definitionsPage)\">Definitions of every metric</a>.</p>\n"
    h += "<div class=\"scroll\"><table class=\"quality\">\n<thead><tr><th>strategy</th>"
    for m in metrics {
      h += "<th title=\"\(escapeHTML(m.meaning))\"><a href=\"\(QualityFormat.definitionsPage)#"
      h += "\(QualityFormat.anchor(m))\">\(escapeHTML(QualityFormat.heading(m)))</a></th>"
    }
    h += "</tr></thead>\n<tbody>\n"
    let reference = ByConstruction.reference(r)
    let best = Dictionary(
      uniqueKeysWithValues: metrics.map { m in
        let values = labels.map { m.value(in: q.strategies[$0]!) }
        return (
          m.id, m.stars(of: ByConstruction.ranked(m, values, labels: labels, reference: reference))
        )
      })
    for (i, label) in labels.enumerated() {
      h += "<tr><th><code>\(escapeHTML(label))</code></th>"
      for m in metrics {
        let v = m.value(in: q.strategies[label]!)
        let star = best[m.id]!.contains(i)
        let text = escapeHTML(QualityFormat.value(m, v, unit: false))
        let given = ByConstruction.applies(m, label: label, reference: reference, value: v)
        h += "<td class=\"num\(star ? " best" : "")\">\(text)"
        h += star ? " ★</td>" : given ? " †</td>" : "</td>"
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n<ul class=\"meanings\">\n"
    for m in metrics {
      h += "<li><strong>\(escapeHTML(m.name))</strong>: \(escapeHTML(m.meaning))</li>\n"
    }
    h += "</ul>\n<div class=\"charts\">\n"
    if let chart = accuracyChart(r, labels) { h += "<div class=\"scroll\">\(chart)</div>\n" }
    for label in labels {
      if let chart = widthByRate(label, q.rateStability[label] ?? []) {
        h += "<div class=\"scroll small\">\(chart)</div>\n"
      }
    }
    return h + "</div>\n</section>\n"
  }

  /// Per-drawing mean accuracy as one box per strategy.
  static func accuracyChart(_ r: RunResult, _ labels: [String]) -> String? {
    let boxes = labels.compactMap { label -> SVGChart.Box? in
      let v = r.samples.compactMap { $0.page?.quality?[label]?[.accuracyMean] }.sorted()
      guard !v.isEmpty else { return nil }
      func q(_ p: Double) -> Double { Percentiles.nearestRank(v, p) ?? v[0] }
      return SVGChart.Box(
        name: label, whiskerLow: v[0], low: q(25), median: q(50), high: q(75),
        whiskerHigh: v[v.count - 1])
    }
    guard !boxes.isEmpty else { return nil }
    let lo = max(1e-3, boxes.map(\.whiskerLow).min()!)
    let hi = max(lo * 10, boxes.map(\.whiskerHigh).max()!)
    return SVGChart(
      title: "Accuracy per drawing (mean ink → reference distance; box p25–p75, whiskers min–max)",
      x: ChartAxis(scale: .linear, low: 0, high: 1, title: "strategy"),
      y: ChartAxis(scale: .log, low: lo, high: hi, title: "CSS px (log)"),
      formatY: { format($0, digits: $0 < 1 ? 2 : 1) }
    ).boxes(boxes)
  }

  /// Mean drawn width against the sample rate, one line per motion (at most 12 motions drawn).
  static func widthByRate(_ label: String, _ motions: [RateStability]) -> String? {
    let series = motions.prefix(12).map { m in
      SVGChart.Series(
        name: m.motion,
        points: m.rates.compactMap { r in r.widthMean.map { (r.rate, $0) } })
    }.filter { $0.points.count > 1 }
    guard !series.isEmpty else { return nil }
    let xs = series.flatMap { $0.points.map(\.x) }
    let ys = series.flatMap { $0.points.map(\.y) }
    var chart = SVGChart(
      title: "\(label): mean width vs sample rate",
      x: ChartAxis(scale: .linear, low: xs.min()!, high: xs.max()!, title: "sample rate (Hz)"),
      y: ChartAxis(
        scale: .linear, low: 0, high: max(ys.max()! * 1.1, 1), title: "mean width (px)"),
      formatY: { format($0, digits: 1) })
    chart.width = 320
    chart.height = 220
    return chart.lines(series)
  }
}
