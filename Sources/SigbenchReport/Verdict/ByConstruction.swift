import SigbenchResults

/// Values that say nothing about smoothing: the reference strategy (`straight`, the input
/// polyline itself) reaching a metric's ideal exactly — a zero end gap, zero churn, zero ink
/// latency, a rate ratio of 1 — because it draws what came in. The verdict sets such wins apart
/// and the tables mark them † instead of ranking them.
enum ByConstruction {
  /// The id of the reference strategy every run measures.
  static let referenceID = "straight"

  /// The label of the run's reference strategy: the one with `referenceID` and default options
  /// (label equal to its id), else the first with that id.
  static func reference(_ r: RunResult) -> String? {
    let candidates = r.strategies.filter { $0.id == referenceID }
    return (candidates.first { $0.label == referenceID } ?? candidates.first)?.label
  }

  /// True when `label` is the reference and `value` is exactly the ideal of a lower-is-better
  /// (0) or closer-to-1 (1) metric.
  static func applies(
    _ metric: QualityMetric, label: String, reference: String?, value: Double?
  ) -> Bool {
    guard label == reference, let value else { return false }
    switch metric.direction {
    case .lowerIsBetter: return value == 0
    case .closerToOne: return value == 1
    case .higherIsBetter, .neutral: return false
    }
  }

  /// `values` (one per label) with the by-construction ones removed, for ranking.
  static func ranked(
    _ metric: QualityMetric, _ values: [Double?], labels: [String], reference: String?
  ) -> [Double?] {
    values.indices.map { i in
      applies(metric, label: labels[i], reference: reference, value: values[i]) ? nil : values[i]
    }
  }
}
