extension QualityMetric {
  /// Shared wording of the accuracy definitions.
  private static let sampling =
    "A stroke's ink is its centreline (the cubic segments a strategy emits, taken as one path),"
    + " or its disc centres when it has no centreline; its reference is the drawing's ground"
    + " truth for that stroke, or the polyline through the stroke's samples when the drawing has"
    + " none. Both are sampled every 1 px of arc length, ends included (ink points lie on the"
    + " cubics; the centreline is compared as chords within 0.005 px of it), so each point"
    + " stands for the same length of curve. Nearest points are exact (a uniform grid, the same"
    + " answer as comparing with every edge). Points of all strokes of a drawing are pooled;"
    + " percentiles are nearest-rank. Strokes without any ink are left out and counted apart."

  public static let accuracyMean = distance(
    "accuracy-mean", "Accuracy mean", headline: true, statistic: "mean",
    meaning: "How far the ink strays from the true line, on average.",
    direction: "from every ink point to the nearest point of the reference", key: "accuracyMean",
    .mean(.count(\.accuracyPoints)))
  public static let accuracyP95 = distance(
    "accuracy-p95", "Accuracy p95", headline: true, statistic: "95th percentile",
    meaning: "How far the ink strays from the true line, at its worst 5 %.",
    direction: "from every ink point to the nearest point of the reference", key: "accuracyP95",
    .mean(.count(\.accuracyPoints)))
  public static let accuracyMax = distance(
    "accuracy-max", "Accuracy max", headline: false, statistic: "largest value",
    meaning: "The farthest the ink strays from the true line.",
    direction: "from every ink point to the nearest point of the reference", key: "accuracyMax",
    .largest)
  public static let reverseAccuracyMean = distance(
    "reverse-accuracy-mean", "Coverage mean", headline: false, statistic: "mean",
    meaning: "How far the true line is from the ink on average: missing ink counts here.",
    direction: "from every reference point to the nearest point of the ink",
    key: "reverseAccuracyMean", .mean(.count(\.reverseAccuracyPoints)))
  public static let reverseAccuracyP95 = distance(
    "reverse-accuracy-p95", "Coverage p95", headline: true, statistic: "95th percentile",
    meaning: "How far the true line is from the ink at its worst 5 %: catches a missing end.",
    direction: "from every reference point to the nearest point of the ink",
    key: "reverseAccuracyP95", .mean(.count(\.reverseAccuracyPoints)))
  public static let reverseAccuracyMax = distance(
    "reverse-accuracy-max", "Coverage max", headline: false, statistic: "largest value",
    meaning: "The farthest any part of the true line is from the ink.",
    direction: "from every reference point to the nearest point of the ink",
    key: "reverseAccuracyMax", .largest)

  static let accuracyMetrics: [QualityMetric] = [
    accuracyMean, accuracyP95, accuracyMax, reverseAccuracyMean, reverseAccuracyP95,
    reverseAccuracyMax,
  ]

  private static func distance(
    _ id: String, _ name: String, headline: Bool, statistic: String, meaning: String,
    direction: String, key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "px", group: .accuracy, direction: .lowerIsBetter,
      headline: headline, precision: .decimals(3), meaning: meaning,
      definition: "The \(statistic) of the distance (CSS px) \(direction). " + sampling
        + " Aggregated over drawings: "
        + (statistic == "largest value"
          ? "the largest." : "the mean weighted by the number of points measured.")
        + " n/a when no stroke has ink and a reference.",
      key: key, pooling: pooling)
  }

  public static let startGapMean = gap(
    "start-gap", "Start gap", headline: false, side: "first", what: "starts", mean: true,
    key: "startGapMean", .mean(.count(\.gapStrokes)))
  public static let startGapMax = gap(
    "start-gap-max", "Start gap max", headline: false, side: "first", what: "starts",
    mean: false, key: "startGapMax", .largest)
  public static let endGapMean = gap(
    "end-gap", "End gap", headline: true, side: "last", what: "ends", mean: true,
    key: "endGapMean", .mean(.count(\.gapStrokes)))
  public static let endGapMax = gap(
    "end-gap-max", "End gap max", headline: false, side: "last", what: "ends", mean: false,
    key: "endGapMax", .largest)

  static let endMetrics: [QualityMetric] = [startGapMean, startGapMax, endGapMean, endGapMax]

  private static func gap(
    _ id: String, _ name: String, headline: Bool, side: String, what: String, mean: Bool,
    key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "px", group: .ends, direction: .lowerIsBetter,
      headline: headline, precision: .decimals(2),
      meaning: "How far from the pen's \(side) point the ink \(what)"
        + (mean ? ", on average over strokes." : ", at the worst stroke."),
      definition: "Per stroke, the distance (CSS px) from its \(side) sample to where its ink"
        + " \(what): the \(side == "first" ? "start of the first" : "end of the last")"
        + " centreline segment, or the \(side) disc centre when the stroke has no centreline."
        + (mean
          ? " The mean over the strokes with ink; aggregated, the mean weighted by strokes."
          : " The largest over the strokes with ink; aggregated, the largest.")
        + " 0 means the ink reaches the pen-\(side == "first" ? "down" : "up") point."
        + " n/a when no stroke has ink.",
      key: key, pooling: pooling)
  }
}
