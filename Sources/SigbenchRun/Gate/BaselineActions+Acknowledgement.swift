import SigbenchFiles
import SigbenchResults

extension BaselineActions {
  /// The metrics an acknowledgement may name: timing, counters, quality metrics with a
  /// direction, and `external-digest` (an external strategy whose code changed since the
  /// baseline is compared anyway).
  public static var acknowledgeableMetrics: [String] {
    GateMetric.allCases.map(\.rawValue) + CounterMetric.allCases.map(\.rawValue)
      + QualityMetric.catalog.filter { $0.direction != .neutral }.map(\.id)
      + [externalDigestMetric]
  }

  /// The acknowledgement metric that lets a gate compare an external strategy whose manifest
  /// or command changed since the baseline.
  public static let externalDigestMetric = "external-digest"

  /// A known regression of `strategy` (in one `lane` and `metric`, or all), dated now;
  /// a missing reason, an unknown lane or metric is an invalid option.
  public static func acknowledgement(
    strategy: String?, lane: String?, metric: String?, reason: String?
  ) throws(PipelineError) -> Acknowledgement {
    guard let strategy, let reason, !reason.allSatisfy(\.isWhitespace) else {
      throw PipelineError(
        .invalidOption, "'baseline ack' needs --strategy <SPEC> and --reason <TEXT>.")
    }
    var parsedLane: BenchLane?
    if let l = lane {
      guard let v = BenchLane(rawValue: l) else {
        throw PipelineError(.invalidOption, "--lane must be smooth or smooth+raster; got '\(l)'.")
      }
      parsedLane = v
    }
    if let m = metric, !acknowledgeableMetrics.contains(m) {
      throw PipelineError(
        .invalidOption,
        "--metric must be one of \(acknowledgeableMetrics.joined(separator: ", ")); got '\(m)'.")
    }
    return Acknowledgement(
      strategy: strategy, lane: parsedLane, metric: metric, reason: reason,
      createdAt: RunFolder.timestamp())
  }
}
