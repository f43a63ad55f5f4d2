extension QualityMetric {
  /// Shared wording of the width definitions.
  private static let widthRule =
    "The drawn width is the full width a centreline segment carries, linear from its start"
    + " width to its end width (CSS px), taken along the centreline by arc length over all"
    + " strokes of the drawing (chords within 0.005 px of the cubics, the width linear along"
    + " each chord). A drawing without centreline length (dots) takes its zero-length"
    + " segments' widths or its disc diameters instead, each weighing 1."

  public static let widthMean = width(
    "width-mean", "Width mean", unit: "px", headline: true,
    meaning: "Average line width as drawn.",
    definition: "∫w ds / L, the arc-length mean of the drawn width. Aggregated: the mean"
      + " weighted by centreline length.", key: "widthMean", .mean(.inkLength))
  public static let widthSD = width(
    "width-sd", "Width spread", unit: "px", headline: false,
    meaning: "How much the line width varies along the stroke (standard deviation).",
    definition: "√(∫w² ds / L − mean²), the arc-length standard deviation of the drawn"
      + " width. Aggregated: pooled exactly with centreline-length weights.", key: "widthSD",
    .widthDeviation)
  public static let widthMin = width(
    "width-min", "Width min", unit: "px", headline: false,
    meaning: "The thinnest the line gets.",
    definition: "The smallest end width of any centreline segment (widths are linear"
      + " between ends). Aggregated: the smallest.", key: "widthMin", .smallest)
  public static let widthMax = width(
    "width-max", "Width max", unit: "px", headline: false,
    meaning: "The thickest the line gets.",
    definition: "The largest end width of any centreline segment. Aggregated: the largest.",
    key: "widthMax", .largest)
  public static let inkArea = width(
    "ink-area", "Ink area", unit: "px²", headline: false,
    meaning: "How much ink the drawing puts down (width × length).",
    definition: "∫w ds over the centreline, px²: the swept band without caps and joins (0"
      + " for dots). Aggregated: the mean per drawing.", key: "inkArea", .mean(.one))
  public static let rateWidthRatio = QualityMetric(
    id: "width-rate-ratio", name: "Width rate ratio", unit: "", group: .width,
    direction: .closerToOne, headline: true, precision: .decimals(3),
    meaning: "Does the line get wider when the device samples faster? 1 means no.",
    definition: "For one motion (the same true trajectory) sampled at several rates, the"
      + " mean drawn width (width-mean) at the highest rate divided by that at the lowest;"
      + " drawings of a motion at one rate are averaged. Over a corpus, the geometric mean"
      + " over motions (so ratios 2 and 0.5 average to 1). Better is closer to 1, judged"
      + " by |ln ratio|. n/a without a motion sampled at two rates. " + widthRule,
    key: "rateWidthRatio", pooling: .rateRatio(.width))
  public static let rateAreaRatio = QualityMetric(
    id: "area-rate-ratio", name: "Area rate ratio", unit: "", group: .width,
    direction: .closerToOne, headline: false, precision: .decimals(3),
    meaning: "Does the drawing put down more ink when sampled faster? 1 means no.",
    definition: "For one motion sampled at several rates, the ink area (∫w ds, px²) at the"
      + " highest rate divided by that at the lowest; drawings of a motion at one rate are"
      + " averaged. Over a corpus, the geometric mean over motions. Better is closer to 1,"
      + " judged by |ln ratio|. n/a without a motion sampled at two rates. " + widthRule,
    key: "rateAreaRatio", pooling: .rateRatio(.area))
  public static let pressureWidthSpearman = QualityMetric(
    id: "pressure-spearman", name: "Width–pressure ρ", unit: "", group: .width,
    direction: .higherIsBetter, headline: true, precision: .decimals(3),
    meaning: "Does the line get wider where the pen presses harder? 1 means always.",
    definition: "Spearman's rank correlation (ties get mean ranks) between the pen pressure"
      + " of every sample and the drawn width at the sample's projection onto its stroke's"
      + " final centreline (the nearest point; at a self-crossing, the part continuing from"
      + " the previous sample's projection), pooled over the drawing's strokes. Measured"
      + " only when the drawing's pressure channel is credible (PressureCredibility: not"
      + " absent, partial, constant, one dominant value, too few levels or too narrow a"
      + " range, over at least 8 samples). Aggregated: the mean weighted by samples. n/a"
      + " without credible pressure, with fewer than 3 samples, or when the drawn width"
      + " does not vary (a constant-width strategy).",
    key: "pressureWidthSpearman", pooling: .mean(.count(\.samples)))

  static let widthMetrics: [QualityMetric] = [
    widthMean, widthSD, widthMin, widthMax, inkArea, rateWidthRatio, rateAreaRatio,
    pressureWidthSpearman,
  ]

  private static func width(
    _ id: String, _ name: String, unit: String, headline: Bool, meaning: String,
    definition: String, key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: unit, group: .width, direction: .neutral, headline: headline,
      precision: .decimals(2), meaning: meaning,
      definition: definition + " " + widthRule + " n/a when the drawing has no ink.",
      key: key, pooling: pooling)
  }
}
