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

  public static let latencyPushesMean = latency(
    "ink-latency-mean", "Ink latency mean", ms: false, "mean", true, key: "latencyPushesMean",
    .mean(.count(\.samples)))
  public static let latencyPushesP95 = latency(
    "ink-latency-p95", "Ink latency p95", ms: false, "95th percentile", false,
    key: "latencyPushesP95", .mean(.count(\.samples)))
  public static let latencyPushesMax = latency(
    "ink-latency-max", "Ink latency max", ms: false, "largest value", false,
    key: "latencyPushesMax", .largest)
  public static let latencyMsMean = latency(
    "ink-latency-ms-mean", "Ink latency mean (ms)", ms: true, "mean", true,
    key: "latencyMsMean", .mean(.count(\.timedSamples)))
  public static let latencyMsP95 = latency(
    "ink-latency-ms-p95", "Ink latency p95 (ms)", ms: true, "95th percentile", false,
    key: "latencyMsP95", .mean(.count(\.timedSamples)))
  public static let latencyMsMax = latency(
    "ink-latency-ms-max", "Ink latency max (ms)", ms: true, "largest value", false,
    key: "latencyMsMax", .largest)
  public static let churnMean = churn(
    "churn-mean", "Churn mean", "mean", headline: true, key: "churnMean", .mean(.count(\.updates)))
  public static let churnP95 = churn(
    "churn-p95", "Churn p95", "95th percentile", headline: false, key: "churnP95",
    .mean(.count(\.updates)))

  static let latencyMetrics: [QualityMetric] = [
    latencyPushesMean, latencyPushesP95, latencyPushesMax, latencyMsMean, latencyMsP95,
    latencyMsMax, churnMean, churnP95,
  ]

  private static func latency(
    _ id: String, _ name: String, ms: Bool, _ statistic: String, _ headline: Bool,
    key: String,
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
      key: key, pooling: pooling)
  }

  private static func churn(
    _ id: String, _ name: String, _ statistic: String, headline: Bool,
    key: String,
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
      key: key, pooling: pooling)
  }

  public static let segmentsPerSample = size(
    "segments-per-sample", "Segments / sample", headline: false,
    meaning: "Centreline segments emitted per input point.",
    definition: "Centreline segments of the final ink divided by input samples.",
    key: "segmentsPerSample", .mean(.count(\.samples)))
  public static let fillElementsPerSample = size(
    "fill-elements-per-sample", "Fill elements / sample", headline: true,
    meaning: "Drawing commands the renderer fills per input point.",
    definition: "Outline path elements (move, line, quadratic, cubic, close) plus discs of"
      + " the final ink, divided by input samples.", key: "fillElementsPerSample",
    .mean(.count(\.samples)))
  public static let fillVerticesPerSample = size(
    "fill-vertices-per-sample", "Fill vertices / sample", headline: false,
    meaning: "Points stored in the fill per input point.",
    definition: "Points stored in the fill of the final ink (move and line 1, quadratic 2,"
      + " cubic 3, close 0, disc 1) divided by input samples.", key: "fillVerticesPerSample",
    .mean(.count(\.samples)))
  public static let svgBytesPerSample = size(
    "svg-bytes-per-sample", "SVG bytes / sample", headline: false,
    meaning: "Size of the vector export per input point.",
    definition: "Bytes of the drawing's SVG export (the same filled outlines as rendered)"
      + " divided by input samples.", key: "svgBytesPerSample", .mean(.count(\.samples)))

  static let sizeMetrics: [QualityMetric] = [
    segmentsPerSample, fillElementsPerSample, fillVerticesPerSample, svgBytesPerSample,
  ]

  private static func size(
    _ id: String, _ name: String, headline: Bool, meaning: String, definition: String,
    key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "per sample", group: .size, direction: .lowerIsBetter,
      headline: headline, precision: .decimals(2), meaning: meaning,
      definition: definition + " Over all strokes of a drawing; aggregated, total over total"
        + " (the mean weighted by samples). n/a without samples.",
      key: key, pooling: pooling)
  }
}
