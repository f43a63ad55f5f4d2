import SigbenchResults

/// A sweep's Pareto fronts: accuracy against latency (the smooth lane's batched p50, or a
/// process strategy's round trip), against ink latency in pushes and against churn. Points
/// carry a number (a label per point stays legible however many configurations crowd a
/// corner), and one key under the charts maps each number to its configuration, the front's
/// members of each chart named beside it.
enum SweepFronts {
  static func render(_ f: SweepFigures) -> String {
    let numbers = Dictionary(uniqueKeysWithValues: f.labels.enumerated().map { ($1, $0 + 1) })
    let accuracy: (String) -> Double? = { f.value(.accuracyMean, $0) }
    let axes:
      [(
        title: String, x: (String) -> Double?, axis: String, log: Bool,
        text: @Sendable (Double) -> String
      )] = [
        (
          "latency", { f.p50[$0] }, f.latencyName, true, { formatNanoseconds($0) }
        ),
        (
          "ink latency", { f.value(.latencyPushesMean, $0) },
          QualityFormat.heading(.latencyPushesMean), false, { format($0, digits: 1) }
        ),
        (
          "churn", { f.value(.churnMean, $0) }, QualityFormat.heading(.churnMean), false,
          { format($0, digits: 2) }
        ),
      ]
    var charts: [String] = []
    var onFront: [String: [String]] = [:]
    for a in axes {
      let rows = f.labels.compactMap { label -> (String, Double, Double)? in
        guard let x = a.x(label), let y = accuracy(label), x.isFinite, y.isFinite,
          !a.log || x > 0
        else { return nil }
        return (label, x, y)
      }
      guard rows.count >= 2 else { continue }
      let front = TradeOffSection.paretoFront(rows.map { (x: $0.1, y: $0.2) })
      for i in front { onFront[rows[i].0, default: []].append(a.title) }
      let xs = rows.map(\.1)
      let ys = rows.map(\.2)
      let yPad = max((ys.max()! - ys.min()!) * 0.15, ys.max()! * 0.01, 1e-9)
      let xLow = a.log ? xs.min()! / 1.5 : max(0, xs.min()! - (xs.max()! - xs.min()!) * 0.1)
      let xHigh = a.log ? xs.max()! * 1.5 : xs.max()! + max((xs.max()! - xs.min()!) * 0.1, 1e-3)
      var chart = SVGChart(
        title: "Accuracy mean against \(a.title)",
        x: ChartAxis(scale: a.log ? .log : .linear, low: xLow, high: xHigh, title: a.axis),
        y: ChartAxis(
          scale: .linear, low: max(0, ys.min()! - yPad), high: ys.max()! + yPad,
          title: QualityFormat.heading(.accuracyMean)),
        formatX: a.text, formatY: { format($0, digits: $0 < 1 ? 3 : 2) })
      chart.width = 420
      chart.height = 300
      let points = rows.map {
        SVGChart.LabelledPoint(
          label: $0.0 == f.sweep.defaultLabel ? "D" : String(numbers[$0.0]!), x: $0.1, y: $0.2)
      }
      charts.append(chart.scatter(points, front: front))
    }
    guard !charts.isEmpty else { return "" }
    var h = "<p>Pareto fronts (filled points, joined): the configurations no other one of this "
    h += "sweep beats on both accuracy and "
    h +=
      f.roundTrip
      ? "latency (here the round trip of a process strategy: its own front, never set against "
        + "in-process latency), "
      : "latency (the <code>smooth</code> lane's batched p50), "
    h += "on both accuracy and ink latency (pushes until the ink is final), and on both accuracy "
    h += "and churn (how far the provisional tail moves). Lower is better on every axis."
    if let front = f.sweep.front, !f.roundTrip {
      h += " Only the \(front.count) configuration\(front.count == 1 ? "" : "s") on the latency "
      h += "front (and the default) were timed in the <code>smooth+raster</code> lane and counted "
      h += "under callgrind."
    }
    h += "</p>\n<div class=\"charts\">\n"
    for c in charts { h += "<div class=\"scroll small\">\(c)</div>\n" }
    h += "</div>\n<details open><summary>Key to the numbers (D: the default)</summary>"
    h += "<ul class=\"plain\">"
    for label in f.labels {
      let fronts = onFront[label] ?? []
      let mark = label == f.sweep.defaultLabel ? "D" : String(numbers[label]!)
      h += "<li>\(mark). <code>\(escapeHTML(label))</code>"
      if !fronts.isEmpty {
        h += " — <strong>on the \(fronts.joined(separator: ", ")) front</strong>"
      }
      h += "</li>"
    }
    return h + "</ul></details>\n"
  }
}
