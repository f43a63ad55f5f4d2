import Foundation
import SigbenchResults

/// The latency charts of the index page, built from `RunResult` alone.
public enum LatencyCharts {
  /// Ink budgets drawn as horizontal lines where they fit the scale: one sample period at 240,
  /// 120 and 60 Hz (Apple Pencil samples at 240 Hz; displays refresh at 120 or 60 Hz).
  public static let budgets: [SVGChart.Reference] = [
    .init(value: 4.17e6, label: "4.17 ms (240 Hz sample period)"),
    .init(value: 8.33e6, label: "8.33 ms (120 Hz)"),
    .init(value: 16.67e6, label: "16.67 ms (60 Hz frame)"),
  ]

  /// "Nines" position of a percentile: −log₁₀(1 − p/100), so 50 → 0.30, 90 → 1, 99 → 2, 99.9 → 3;
  /// the maximum is drawn at 4.
  static func nines(_ p: Double) -> Double { p >= 100 ? 4 : -log10(1 - p / 100) }

  static func ninesLabel(_ x: Double) -> String {
    switch x {
    case 4: return "max"
    case 3: return "99.9"
    case 2: return "99"
    case 1: return "90"
    default: return format(100 * (1 - pow10(-x)), digits: 0)
    }
  }

  /// The percentile curve of named latency summaries (p50, p90, p99, p99.9, max), with the
  /// budget lines where they fit; `nil` when there is nothing to draw.
  public static func percentileCurve(title: String, _ summaries: [(String, LatencySummary)])
    -> String?
  {
    let series = summaries.map { name, p in
      SVGChart.Series(
        name: name,
        points: [
          (nines(50), p.p50), (nines(90), p.p90), (nines(99), p.p99), (nines(99.9), p.p999),
          (nines(100), p.max),
        ])
    }
    guard !series.isEmpty else { return nil }
    let ys = series.flatMap { $0.points.map(\.y) }.filter { $0 > 0 }
    let chart = SVGChart(
      title: title,
      x: ChartAxis(
        scale: .linear, low: nines(50), high: 4, title: "percentile (log scale of 1 − p)"),
      y: ChartAxis(
        scale: .log, low: ys.min() ?? 1, high: ys.max() ?? 10, title: "latency per point (ns, log)"),
      formatX: ninesLabel, formatY: { formatNanoseconds($0) })
    return chart.lines(series, references: budgets)
  }
}
