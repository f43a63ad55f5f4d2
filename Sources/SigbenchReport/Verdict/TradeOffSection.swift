import SigbenchResults

/// Quality against latency, one chart per quality measure: each strategy a labelled point at its
/// precise smooth-lane p50 (x) and its corpus figure (y), the Pareto front drawn — the strategies
/// no other one beats on both; a strategy off the front is never worth choosing for that pair.
public enum TradeOffSection {
  /// The quality measures set against latency (both lower is better).
  static let measures: [QualityMetric] = [.accuracyMean, .latencyPushesMean]

  public static func render(_ r: RunResult) -> String {
    guard let q = r.quality else { return "" }
    let latency = Dictionary(
      r.bench.figures.filter { $0.lane == .smooth }.map { ($0.strategy, PreciseFigure($0).p50) }
    ) { a, _ in a }
    var charts: [String] = []
    for metric in measures {
      let points = r.strategies.map(\.label).compactMap { label -> SVGChart.LabelledPoint? in
        guard let x = latency[label] ?? nil, x > 0,
          let y = q.strategies[label].flatMap({ metric.value(in: $0) }), y.isFinite
        else { return nil }
        return SVGChart.LabelledPoint(label: label, x: x, y: y)
      }
      guard points.count >= 2 else { continue }
      charts.append(chart(metric, points))
    }
    guard !charts.isEmpty else { return "" }
    var h = "<section id=\"trade-off\">\n<h2>Quality against latency</h2>\n"
    h += "<p>Each strategy at its precise per-point p50 in the <code>smooth</code> lane (x, log "
    h += "scale) and its corpus figure (y); lower is better on both axes. Filled points joined by "
    h += "the dashed line are the Pareto front: no other strategy is both faster and better. A "
    h += "strategy off the front is never worth choosing for that pair of measures.</p>\n"
    h += "<div class=\"charts\">\n"
    for c in charts { h += "<div class=\"scroll small\">\(c)</div>\n" }
    return h + "</div>\n</section>\n"
  }

  static func chart(_ metric: QualityMetric, _ points: [SVGChart.LabelledPoint]) -> String {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let yHigh = max(ys.max()! * 1.15, ys.min()! + 1e-9)
    var chart = SVGChart(
      title: "\(metric.name) against latency",
      x: ChartAxis(
        scale: .log, low: xs.min()! / 1.5, high: xs.max()! * 2.5, title: "p50 per point (ns, log)"),
      y: ChartAxis(
        scale: .linear, low: 0, high: yHigh, title: QualityFormat.heading(metric)),
      formatX: { formatNanoseconds($0) },
      formatY: { format($0, digits: $0 < 1 ? 2 : 1) })
    chart.width = 560
    chart.height = 340
    return chart.scatter(points, front: paretoFront(points.map { ($0.x, $0.y) }))
  }

  /// Positions of the points no other point dominates (another is no worse on both and better on
  /// one), both coordinates lower-is-better. Equal points are all on the front.
  ///
  /// - Complexity: O(n²) for n strategies.
  public static func paretoFront(_ points: [(x: Double, y: Double)]) -> [Int] {
    points.indices.filter { i in
      !points.indices.contains { j in
        j != i && points[j].x <= points[i].x && points[j].y <= points[i].y
          && (points[j].x < points[i].x || points[j].y < points[i].y)
      }
    }
  }
}
