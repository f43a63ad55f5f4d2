extension QualityMetric {
  /// Shared wording of the prediction definitions.
  private static let predictionRule =
    "A prediction is the pen position and time a strategy reports with a push when it draws"
    + " ahead of the input (ink-modeler's Kalman prediction); it is made at the pushed"
    + " sample's time. Predictions of all strokes are pooled; aggregated, means and"
    + " percentiles are weighted by the predictions they are taken over. n/a for strategies"
    + " that do not predict."

  public static let predictionAheadMsMean = prediction(
    "prediction-ahead-ms", "Prediction reach (ms)", unit: "ms", headline: false,
    direction: .neutral, meaning: "How far into the future the drawn prediction runs.",
    definition: "The mean over predictions of the predicted time minus the time of the"
      + " sample it was made at, in ms. " + predictionRule, key: "predictionAheadMsMean",
    .mean(.predictions))
  public static let predictionAheadPxMean = prediction(
    "prediction-ahead-px", "Prediction reach (px)", unit: "px", headline: false,
    direction: .neutral, meaning: "How far ahead of the latest sample the prediction draws.",
    definition: "The mean over predictions of the distance (CSS px) from the sample it was"
      + " made at to the predicted point. " + predictionRule, key: "predictionAheadPxMean",
    .mean(.predictions))
  public static let predictionErrorMean = prediction(
    "prediction-error-mean", "Prediction error mean", unit: "px", headline: true,
    direction: .lowerIsBetter, meaning: "How wrong the prediction was once the pen got there.",
    definition: "The mean over scored predictions of the distance (CSS px) from the"
      + " predicted point to where the pen was at the predicted time: the stroke's samples"
      + " interpolated linearly in time. A prediction is scored when its time lies within"
      + " the stroke's sample times (one made after the last sample's time is not). "
      + predictionRule, key: "predictionErrorMean", .mean(.scoredPredictions))
  public static let predictionErrorP95 = prediction(
    "prediction-error-p95", "Prediction error p95", unit: "px", headline: false,
    direction: .lowerIsBetter, meaning: "How wrong the worst 5 % of predictions were.",
    definition: "The nearest-rank 95th percentile of the distances of `prediction-error-mean`."
      + " " + predictionRule, key: "predictionErrorP95", .mean(.scoredPredictions))

  static let predictionMetrics: [QualityMetric] = [
    predictionAheadMsMean, predictionAheadPxMean, predictionErrorMean, predictionErrorP95,
  ]

  private static func prediction(
    _ id: String, _ name: String, unit: String, headline: Bool, direction: Direction,
    meaning: String, definition: String,
    key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: unit, group: .latency, direction: direction, headline: headline,
      precision: .decimals(unit == "ms" ? 1 : 2), meaning: meaning, definition: definition,
      key: key, pooling: pooling)
  }
}
