extension QualityMetric {
  /// Shared wording of the join definitions.
  private static let joinRule =
    "At every join between consecutive centreline segments of a stroke, the tangent turn is"
    + " the angle (degrees, 0–180) between the direction in which one segment ends (end −"
    + " control2, else end − control1, else end − start) and the one in which the next begins"
    + " (control1 − start, else control2 − start, else end − start); segments shorter than"
    + " 1e-9 px are skipped. A join is at a true corner when it lies within 2 px of a point"
    + " where the reference (ground truth, else the input polyline) turns by more than 30°"
    + " (net, signed) within 2 px of arc. Joins of all strokes of a drawing are pooled;"
    + " percentiles are nearest-rank. Aggregated: maxima take the largest, percentiles are"
    + " means weighted by the number of joins. n/a when there is no such join."

  public static let turnP50 = turn(
    "turn-p50", "Turn p50", corner: false, statistic: "median", headline: false,
    meaning: "Typical kink where segments meet, away from real corners (0 is smooth).",
    key: "turnP50", .mean(.count(\.joins)))
  public static let turnP95 = turn(
    "turn-p95", "Turn p95", corner: false, statistic: "95th percentile", headline: true,
    meaning: "The worst 5 % of kinks where segments meet, away from real corners.",
    key: "turnP95", .mean(.count(\.joins)))
  public static let turnMax = turn(
    "turn-max", "Turn max", corner: false, statistic: "largest value", headline: false,
    meaning: "The sharpest kink where segments meet, away from real corners.", key: "turnMax",
    .largest
  )
  public static let cornerTurnP50 = turn(
    "corner-turn-p50", "Corner turn p50", corner: true, statistic: "median", headline: false,
    meaning: "Typical turn at joins on real corners: high keeps a corner sharp.",
    key: "cornerTurnP50", .mean(.count(\.cornerJoins)))
  public static let cornerTurnP95 = turn(
    "corner-turn-p95", "Corner turn p95", corner: true, statistic: "95th percentile",
    headline: false, meaning: "Turn at joins on real corners, 95th percentile.",
    key: "cornerTurnP95", .mean(.count(\.cornerJoins)))
  public static let cornerTurnMax = turn(
    "corner-turn-max", "Corner turn max", corner: true, statistic: "largest value",
    headline: false, meaning: "The largest turn at a join on a real corner.",
    key: "cornerTurnMax", .largest)
  public static let curvatureVariationAway = QualityMetric(
    id: "curvature-variation-away", name: "Curvature variation away from corners",
    unit: "px⁻⁴", group: .smoothness, direction: .lowerIsBetter, headline: true,
    precision: .significant(3),
    meaning: "How much the line's bending changes along it, away from real corners (0 for"
      + " lines and circles).",
    definition: "The part of the curvature variation (below) that arises away from true"
      + " corners: the term of the step qⱼ → qⱼ₊₁ counts unless qⱼ or qⱼ₊₁ lies within 2 px"
      + " of a point where the reference (ground truth, else the input polyline) turns by"
      + " more than 30° (net, signed) within 2 px of arc — the rule that sets joins at true"
      + " corners apart. Divided by the same whole centreline length L, so the two parts add"
      + " up to the curvature variation; aggregated, the mean weighted by centreline length."
      + " Ranked instead of the whole: a strategy that rounds a real corner lowers only the"
      + " part at the corner. n/a without centreline length.",
    key: "curvatureVariationAway", pooling: .mean(.inkLength))
  public static let curvatureVariation = QualityMetric(
    id: "curvature-variation", name: "Curvature variation", unit: "px⁻⁴",
    group: .smoothness, direction: .neutral, headline: false,
    precision: .significant(3),
    meaning: "Bending change along the whole line, real corners included (not ranked:"
      + " rounding a real corner lowers it).",
    definition: "∫(dκ/ds)² ds / L over the centreline, in px⁻⁴. Each stroke's centreline"
      + " (length L, segments joined) is sampled at n + 1 points on the cubics at equal"
      + " arc-length steps h = L / n, n = max(1, round(L / 1 px)); at every interior point"
      + " κⱼ = θⱼ / ((|qⱼ − qⱼ₋₁| + |qⱼ₊₁ − qⱼ|) / 2) with θⱼ the signed turning angle in"
      + " radians; the energy is Σ (κⱼ₊₁ − κⱼ)² / |qⱼ₊₁ − qⱼ|. So a kink of angle θ adds"
      + " about 2θ²/h³ and a polyline scores high. Strokes' energies are added and divided"
      + " by the drawing's total centreline length; aggregated, the mean weighted by"
      + " centreline length. n/a without centreline length.",
    key: "curvatureVariation", pooling: .mean(.inkLength))

  static let smoothnessMetrics: [QualityMetric] = [
    turnP50, turnP95, turnMax, cornerTurnP50, cornerTurnP95, cornerTurnMax, curvatureVariationAway,
    curvatureVariation,
  ]

  private static func turn(
    _ id: String, _ name: String, corner: Bool, statistic: String, headline: Bool,
    meaning: String, key: String,
    _ pooling: QualityFigures.Pooling
  ) -> QualityMetric {
    QualityMetric(
      id: id, name: name, unit: "°", group: .smoothness,
      direction: corner ? .neutral : .lowerIsBetter, headline: headline,
      precision: .decimals(1), meaning: meaning,
      definition: "The \(statistic) of the tangent turn at joins "
        + (corner
          ? "at true corners (not ranked: a strategy that keeps a real corner has a large turn"
            + " here, one that rounds it has none). "
          : "away from true corners. ")
        + joinRule,
      key: key, pooling: pooling)
  }
}
