extension QualityFigures {
  /// How a figure pools over parts (drawings, or any finer or coarser parts) into a corpus
  /// figure: declared once, by the metric that shows the figure (`QualityMetric.pooling`), or
  /// in `supportingFigures` for the two figures no metric shows. `Accumulator` applies it.
  public enum Pooling: Sendable, Hashable {
    /// Σ w·v / Σ w over the parts with the figure (exact pooled means; a p50 or p95 becomes
    /// the weighted mean of the parts' percentiles, which is all the parts keep); every part
    /// weighs 1 when all weights are 0.
    case mean(Weight)
    /// The largest (the first of equal values stays).
    case largest
    /// The smallest (the first of equal values stays).
    case smallest
    /// Σ v.
    case total
    /// The width's standard deviation pooled exactly:
    /// √(Σ w (sd² + mean²) / Σ w − mean²), w = `inkLength`, over parts with both figures.
    case widthDeviation
    /// The geometric mean over motions of their rate ratios (`RateStability`; exactly 1 when
    /// every motion's ratio is 1); without motions, the parts' own, weighted by `samples`.
    case rateRatio(RateRatio)
  }

  /// What a weighted mean weighs a part by: the count the figure is taken over.
  public enum Weight: Sendable, Hashable {
    case count(KeyPath<QualityFigures, Int> & Sendable)
    case inkLength
    case one
    case predictions
    case scoredPredictions

    public func of(_ p: QualityFigures) -> Double {
      switch self {
      case .count(let k): Double(p[keyPath: k])
      case .inkLength: p.inkLength ?? 0
      case .one: 1
      case .predictions: Double(p.predictions ?? 0)
      case .scoredPredictions: Double(p.scoredPredictions ?? 0)
      }
    }
  }

  /// Which rate ratio of a motion.
  public enum RateRatio: Sendable, Hashable {
    case width, area
    public func of(_ r: RateStability) -> Double? {
      switch self {
      case .width: r.widthRatio
      case .area: r.areaRatio
      }
    }
  }

  /// The figures no metric shows, with their pooling: the churn's largest value and the ink
  /// length (the weight of the width and curvature figures).
  public static let supportingFigures:
    [(figure: WritableKeyPath<QualityFigures, Double?> & Sendable, pooling: Pooling)] = [
      (\.churnMax, .largest), (\.inkLength, .total),
    ]

  /// The counts, with the key each is stored under: they add up, and they are the weights.
  public static let counts:
    [(key: String, figure: WritableKeyPath<QualityFigures, Int> & Sendable)] = [
      ("drawings", \.drawings), ("strokes", \.strokes), ("samples", \.samples),
      ("strokesWithoutInk", \.strokesWithoutInk), ("accuracyPoints", \.accuracyPoints),
      ("reverseAccuracyPoints", \.reverseAccuracyPoints), ("gapStrokes", \.gapStrokes),
      ("joins", \.joins), ("cornerJoins", \.cornerJoins),
      ("pressureCredibleDrawings", \.pressureCredibleDrawings),
      ("timedSamples", \.timedSamples), ("updates", \.updates),
    ]

  /// Every pooled figure: the catalog's, then the supporting ones.
  public static let pooledFigures:
    [(figure: WritableKeyPath<QualityFigures, Double?> & Sendable, pooling: Pooling)] =
      QualityMetric.catalog.map { ($0.figure, $0.pooling) } + supportingFigures
}
