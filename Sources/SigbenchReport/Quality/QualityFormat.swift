import Foundation
import SigbenchResults

/// How a quality value is written: with the metric's precision and unit, "n/a" for `nil`.
enum QualityFormat {
  /// A value that is not 0 but would print as 0 at the metric's precision reads `<0.01` (or
  /// `−<0.01`), so floating-point noise never looks like an exact zero; 0 itself reads `0`.
  static func value(_ metric: QualityMetric, _ v: Double?, unit: Bool = true) -> String {
    guard let v, v.isFinite else { return "n/a" }
    let number: String
    switch metric.precision {
    case .decimals(let d):
      let step = String(format: "%.\(d)f", pow(10, -Double(d)))
      if v == 0 {
        number = "0"
      } else if abs(v) < 0.5 * pow(10, -Double(d)) {
        number = (v < 0 ? "−<" : "<") + step
      } else {
        number = String(format: "%.\(d)f", v)
      }
    case .significant(let d): number = String(format: "%.\(d)g", v)
    }
    guard unit, !metric.unit.isEmpty else { return number }
    return metric.unit == "°" ? number + "°" : number + " " + metric.unit
  }

  /// The column heading: the name, the unit once (not again when the name already says it,
  /// as in `Ink latency mean (ms)` or `Segments / sample`) and the direction (`direction`).
  static func heading(_ metric: QualityMetric) -> String {
    let saysUnit =
      metric.unit.isEmpty || metric.name.contains("(\(metric.unit))")
      || (metric.unit == "per sample" && metric.name.hasSuffix("/ sample"))
    let name = saysUnit ? metric.name : "\(metric.name) (\(metric.unit))"
    return direction(metric).isEmpty ? name : "\(name) \(direction(metric))"
  }

  /// Which way is better, as a heading shows it: ↓ lower, ↑ higher, →1 closer to 1, nothing
  /// for a metric that is not ranked.
  static func direction(_ metric: QualityMetric) -> String {
    switch metric.direction {
    case .lowerIsBetter: "↓"
    case .higherIsBetter: "↑"
    case .closerToOne: "→1"
    case .neutral: ""
    }
  }

  /// The page that defines every metric, relative to the run folder.
  static let definitionsPage = "metrics.html"

  /// The anchor of `metric` on the definitions page.
  static func anchor(_ metric: QualityMetric) -> String { "m-\(metric.id)" }
}
