extension QualityFigures {
  /// One strategy's figures over a corpus, from its figures per drawing (or any finer or
  /// coarser parts: the rule is associative up to the percentile approximation below).
  ///
  /// The rule, per figure, over the parts where the figure is present (absent parts neither
  /// count nor weigh; a figure absent everywhere stays `nil`):
  /// - counts (`drawings`, `strokes`, `samples`, `joins`, …) add up;
  /// - maxima take the largest, minima the smallest;
  /// - means and percentiles are weighted means, weighted by the count the figure is taken
  ///   over: accuracy by `accuracyPoints`, reverse accuracy by `reverseAccuracyPoints`, gaps by
  ///   `gapStrokes`, turns by `joins` (corner turns by `cornerJoins`), latency in pushes by
  ///   `samples`, in ms by `timedSamples`, churn by `updates`, prediction reach by
  ///   `predictions` and prediction error by `scoredPredictions`, per-sample sizes and the
  ///   Spearman correlation by `samples`, width mean and curvature variation by `inkLength`.
  ///   Means are therefore exact pooled means; a p50 or p95 is the weighted mean of the
  ///   parts' percentiles, not a percentile of the pooled values (which the parts do not
  ///   keep);
  /// - `widthSD` pools exactly: √(Σ w (sd² + mean²) / Σ w − mean²) with w = `inkLength`;
  /// - `inkArea` is the mean per drawing (every part weighs 1);
  /// - when all weights of a figure are 0 (a corpus of taps has no ink length), every part
  ///   weighs 1;
  /// - `reference` is the common reference or `mixed`; `pressure` is `nil`;
  /// - `rateWidthRatio` and `rateAreaRatio` are the geometric means over `rateStability` of
  ///   the motions' ratios (exactly 1 when every motion's ratio is 1), else the parts' own
  ///   (weighted by `samples`).
  ///
  /// - Complexity: O(p + r) for p parts and r motions.
  public static func aggregate(
    _ parts: [QualityFigures], rateStability: [RateStability] = []
  ) -> QualityFigures {
    var a = QualityFigures()
    let sum = { (k: KeyPath<QualityFigures, Int>) in parts.reduce(0) { $0 + $1[keyPath: k] } }
    a.drawings = sum(\.drawings)
    a.strokes = sum(\.strokes)
    a.samples = sum(\.samples)
    a.strokesWithoutInk = sum(\.strokesWithoutInk)
    a.accuracyPoints = sum(\.accuracyPoints)
    a.reverseAccuracyPoints = sum(\.reverseAccuracyPoints)
    a.gapStrokes = sum(\.gapStrokes)
    a.joins = sum(\.joins)
    a.cornerJoins = sum(\.cornerJoins)
    a.pressureCredibleDrawings = sum(\.pressureCredibleDrawings)
    a.timedSamples = sum(\.timedSamples)
    a.updates = sum(\.updates)
    a.reference = AccuracyReference.combining(parts.map(\.reference))

    let pooled = Pooling(parts: parts)
    a.accuracyMean = pooled.mean(\.accuracyMean, by: \.accuracyPoints)
    a.accuracyP95 = pooled.mean(\.accuracyP95, by: \.accuracyPoints)
    a.accuracyMax = pooled.largest(\.accuracyMax)
    a.reverseAccuracyMean = pooled.mean(\.reverseAccuracyMean, by: \.reverseAccuracyPoints)
    a.reverseAccuracyP95 = pooled.mean(\.reverseAccuracyP95, by: \.reverseAccuracyPoints)
    a.reverseAccuracyMax = pooled.largest(\.reverseAccuracyMax)
    a.startGapMean = pooled.mean(\.startGapMean, by: \.gapStrokes)
    a.startGapMax = pooled.largest(\.startGapMax)
    a.endGapMean = pooled.mean(\.endGapMean, by: \.gapStrokes)
    a.endGapMax = pooled.largest(\.endGapMax)
    a.turnP50 = pooled.mean(\.turnP50, by: \.joins)
    a.turnP95 = pooled.mean(\.turnP95, by: \.joins)
    a.turnMax = pooled.largest(\.turnMax)
    a.cornerTurnP50 = pooled.mean(\.cornerTurnP50, by: \.cornerJoins)
    a.cornerTurnP95 = pooled.mean(\.cornerTurnP95, by: \.cornerJoins)
    a.cornerTurnMax = pooled.largest(\.cornerTurnMax)
    a.curvatureVariation = pooled.mean(\.curvatureVariation, by: { $0.inkLength ?? 0 })
    a.curvatureVariationAway = pooled.mean(\.curvatureVariationAway, by: { $0.inkLength ?? 0 })
    a.inkLength = pooled.total(\.inkLength)
    a.widthMean = pooled.mean(\.widthMean, by: { $0.inkLength ?? 0 })
    a.widthSD = pooled.standardDeviation(mean: a.widthMean)
    a.widthMin = pooled.smallest(\.widthMin)
    a.widthMax = pooled.largest(\.widthMax)
    a.inkArea = pooled.mean(\.inkArea, by: { _ in 1 })
    a.pressureWidthSpearman = pooled.mean(\.pressureWidthSpearman, by: \.samples)
    a.latencyPushesMean = pooled.mean(\.latencyPushesMean, by: \.samples)
    a.latencyPushesP95 = pooled.mean(\.latencyPushesP95, by: \.samples)
    a.latencyPushesMax = pooled.largest(\.latencyPushesMax)
    a.latencyMsMean = pooled.mean(\.latencyMsMean, by: \.timedSamples)
    a.latencyMsP95 = pooled.mean(\.latencyMsP95, by: \.timedSamples)
    a.latencyMsMax = pooled.largest(\.latencyMsMax)
    a.churnMean = pooled.mean(\.churnMean, by: \.updates)
    a.churnP95 = pooled.mean(\.churnP95, by: \.updates)
    a.churnMax = pooled.largest(\.churnMax)
    let made = parts.compactMap(\.predictions)
    a.predictions = made.isEmpty ? nil : made.reduce(0, +)
    let scored = parts.compactMap(\.scoredPredictions)
    a.scoredPredictions = scored.isEmpty ? nil : scored.reduce(0, +)
    a.predictionAheadMsMean = pooled.mean(\.predictionAheadMsMean) { Double($0.predictions ?? 0) }
    a.predictionAheadPxMean = pooled.mean(\.predictionAheadPxMean) { Double($0.predictions ?? 0) }
    a.predictionErrorMean = pooled.mean(\.predictionErrorMean) {
      Double($0.scoredPredictions ?? 0)
    }
    a.predictionErrorP95 = pooled.mean(\.predictionErrorP95) { Double($0.scoredPredictions ?? 0) }
    a.segmentsPerSample = pooled.mean(\.segmentsPerSample, by: \.samples)
    a.fillElementsPerSample = pooled.mean(\.fillElementsPerSample, by: \.samples)
    a.fillVerticesPerSample = pooled.mean(\.fillVerticesPerSample, by: \.samples)
    a.svgBytesPerSample = pooled.mean(\.svgBytesPerSample, by: \.samples)
    a.rateWidthRatio =
      RateStability.geometricMean(rateStability.map(\.widthRatio))
      ?? pooled.mean(\.rateWidthRatio, by: \.samples)
    a.rateAreaRatio =
      RateStability.geometricMean(rateStability.map(\.areaRatio))
      ?? pooled.mean(\.rateAreaRatio, by: \.samples)
    return a
  }
}

/// Weighted means, extremes and the pooled width deviation over a set of parts.
private struct Pooling {
  let parts: [QualityFigures]

  /// Σ of `figure` over the parts that have it; `nil` when none has.
  func total(_ figure: KeyPath<QualityFigures, Double?>) -> Double? {
    let values = parts.compactMap { $0[keyPath: figure] }
    return values.isEmpty ? nil : values.reduce(0, +)
  }

  /// Σ w·v / Σ w over parts with the figure; every part weighs 1 when all weights are 0.
  func mean(
    _ figure: KeyPath<QualityFigures, Double?>, by weight: (QualityFigures) -> Double
  ) -> Double? {
    var sum = 0.0
    var total = 0.0
    var plain = 0.0
    var present = 0
    for p in parts {
      guard let v = p[keyPath: figure] else { continue }
      let w = max(0, weight(p))
      sum += w * v
      total += w
      plain += v
      present += 1
    }
    guard present > 0 else { return nil }
    return total > 0 ? sum / total : plain / Double(present)
  }

  /// `mean` weighted by an integer count.
  func mean(_ figure: KeyPath<QualityFigures, Double?>, by count: KeyPath<QualityFigures, Int>)
    -> Double?
  {
    mean(figure) { Double($0[keyPath: count]) }
  }

  func largest(_ figure: KeyPath<QualityFigures, Double?>) -> Double? {
    parts.compactMap { $0[keyPath: figure] }.max()
  }

  func smallest(_ figure: KeyPath<QualityFigures, Double?>) -> Double? {
    parts.compactMap { $0[keyPath: figure] }.min()
  }

  /// √(Σ w (sd² + mean²) / Σ w − pooledMean²), w = ink length (1 each when all are 0).
  func standardDeviation(mean pooledMean: Double?) -> Double? {
    guard let m = pooledMean else { return nil }
    var sum = 0.0
    var total = 0.0
    var plainSum = 0.0
    var present = 0
    for p in parts {
      guard let sd = p.widthSD, let mu = p.widthMean else { continue }
      let w = max(0, p.inkLength ?? 0)
      sum += w * (sd * sd + mu * mu)
      total += w
      plainSum += sd * sd + mu * mu
      present += 1
    }
    guard present > 0 else { return nil }
    let second = total > 0 ? sum / total : plainSum / Double(present)
    return max(0, second - m * m).squareRoot()
  }
}
