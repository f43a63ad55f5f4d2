import Foundation
import SigbenchResults

/// How a quality value is written: with the metric's precision and unit, "n/a" for `nil`.
enum QualityFormat {
  static func value(_ metric: QualityMetric, _ v: Double?, unit: Bool = true) -> String {
    guard let v, v.isFinite else { return "n/a" }
    let number: String
    switch metric.precision {
    case .decimals(let d): number = String(format: "%.\(d)f", v)
    case .significant(let d): number = String(format: "%.\(d)g", v)
    }
    guard unit, !metric.unit.isEmpty else { return number }
    return metric.unit == "°" ? number + "°" : number + " " + metric.unit
  }

  /// The column heading: name and unit.
  static func heading(_ metric: QualityMetric) -> String {
    metric.unit.isEmpty ? metric.name : "\(metric.name) (\(metric.unit))"
  }

  /// The page that defines every metric, relative to the run folder.
  static let definitionsPage = "metrics.html"

  /// The anchor of `metric` on the definitions page.
  static func anchor(_ metric: QualityMetric) -> String { "m-\(metric.id)" }
}
