extension QualityMetric {
  /// Shared wording of the ink latency definitions.
  private static let latencyRule =
    "For each input sample i of a stroke of n samples (calls: push k is call k, finish is"
    + " call n), kᵢ is the first call k ≥ i after which the stable centreline reaches the"
    + " sample's projection onto the final centreline (the nearest point; at a self-crossing"
    + " the part continuing from the previous sample's projection): the stable prefix holds a"
    + " segment and its arc length is at least the projection's, or, before any segment is"
    + " stable, a stable dot covers a projection at the start. A stroke of dots is reached"
    + " when any of its geometry is stable. Samples of all strokes are pooled; percentiles"
    + " are nearest-rank; aggregated, maxima take the largest and means and percentiles are"
    + " weighted by samples."

  static let latencyMetrics: [QualityMetric] = [
    latency(
      "ink-latency-mean", "Ink latency mean", ms: false, "mean", true, \.latencyPushesMean,
      .mean(.count(\.samples))),
    latency(
      "ink-latency-p95", "Ink latency p95", ms: false, "95th percentile", false,
      \.latencyPushesP95, .mean(.count(\.samples))),
    latency(
      "ink-latency-max", "Ink latency max", ms: false, "largest value", false,
      \.latencyPushesMax, .largest),
    latency(
      "ink-latency-ms-mean", "Ink latency mean (ms)", ms: true, "mean", true,
      \.latencyMsMean, .mean(.count(\.timedSamples))),
    latency(
      "ink-latency-ms-p95", "Ink latency p95 (ms)", ms: true, "95th percentile", false,
      \.latencyMsP95, .mean(.count(\.timedSamples))),
    latency(
      "ink-latency-ms-max", "Ink latency max (ms)", ms: true, "largest value", false,
      \.latencyMsMax, .largest),
    churn(
      "churn-mean", "Churn mean", "mean", headline: true, \.churnMean, .mean(.count(\.updates))),
    churn(
      "churn-p95", "Churn p95", "95th percentile", headline: false, \.churnP95,
      .mean(.count(\.updates))),
  ]

  private static func latency(
    _ id: String, _ name: String, ms: Bool, _ statistic: String, _ headline: Bool,
    _ figure: WritableKeyPath<QualityFigures, Double?> & Sendable,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: ms ? "ms" : "pushes", group: .latency,
      direction: .lowerIsBetter, headline: headline, precision: .decimals(ms ? 1 : 2),
      meaning: ms
        ? "How long a point waits before its ink is final, in time."
        : "How many more points the pen must send before a point's ink is final.",
      definition: "The \(statistic) of "
        + (ms
          ? "t(min(kᵢ, n − 1)) − t(i) in milliseconds (the finish happens at pen-up, the last"
            + " sample's time). " + latencyRule + " n/a without timed samples."
          : "kᵢ − i in pushes (the finish counts as one): 0 when every push is final at"
            + " once, 1 with a one-segment tentative tail. " + latencyRule
            + " n/a when no stroke has ink."),
      figure: figure, pooling: pooling)
  }

  private static func churn(
    _ id: String, _ name: String, _ statistic: String, headline: Bool,
    _ figure: WritableKeyPath<QualityFigures, Double?> & Sendable,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "px", group: .latency, direction: .lowerIsBetter,
      headline: headline, precision: .decimals(3),
      meaning: "How far the provisional tail jumps when it is redrawn.",
      definition: "The \(statistic) over updates (every call of a stroke after its first,"
        + " finish included) of the largest distance (CSS px) from the previous call's"
        + " tentative centreline, sampled at most 0.5 px apart plus its disc centres, to the current"
        + " picture near the tail: this call's stable geometry, the segment stable before it"
        + " and this call's tentative tail (segments and disc centres). An update after a call"
        + " without tentative tail counts 0, so a strategy that never shows one scores 0."
        + " Updates of all strokes are pooled; percentiles are nearest-rank; aggregated,"
        + " weighted by updates. n/a without updates.",
      figure: figure, pooling: pooling)
  }

  static let sizeMetrics: [QualityMetric] = [
    size(
      "segments-per-sample", "Segments / sample", headline: false,
      meaning: "Centreline segments emitted per input point.",
      definition: "Centreline segments of the final ink divided by input samples.",
      \.segmentsPerSample, .mean(.count(\.samples))),
    size(
      "fill-elements-per-sample", "Fill elements / sample", headline: true,
      meaning: "Drawing commands the renderer fills per input point.",
      definition: "Outline path elements (move, line, quadratic, cubic, close) plus discs of"
        + " the final ink, divided by input samples.", \.fillElementsPerSample,
      .mean(.count(\.samples))),
    size(
      "fill-vertices-per-sample", "Fill vertices / sample", headline: false,
      meaning: "Points stored in the fill per input point.",
      definition: "Points stored in the fill of the final ink (move and line 1, quadratic 2,"
        + " cubic 3, close 0, disc 1) divided by input samples.", \.fillVerticesPerSample,
      .mean(.count(\.samples))),
    size(
      "svg-bytes-per-sample", "SVG bytes / sample", headline: false,
      meaning: "Size of the vector export per input point.",
      definition: "Bytes of the drawing's SVG export (the same filled outlines as rendered)"
        + " divided by input samples.", \.svgBytesPerSample, .mean(.count(\.samples))),
  ]

  private static func size(
    _ id: String, _ name: String, headline: Bool, meaning: String, definition: String,
    _ figure: WritableKeyPath<QualityFigures, Double?> & Sendable,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "per sample", group: .size, direction: .lowerIsBetter,
      headline: headline, precision: .decimals(2), meaning: meaning,
      definition: definition + " Over all strokes of a drawing; aggregated, total over total"
        + " (the mean weighted by samples). n/a without samples.",
      figure: figure, pooling: pooling)
  }
}
