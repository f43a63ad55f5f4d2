extension QualityFigures {
  /// `QualityFigures.aggregate` folded one part at a time, so a corpus can be aggregated while
  /// it streams without keeping its per-drawing figures.
  ///
  /// The rule is `aggregate`'s (see its comment), and so are the arithmetic and its order: the
  /// same sums, taken in the order the parts are added, and the same tie rule for the largest
  /// and smallest values. Parts added in the order `aggregate` reads them therefore give a
  /// result equal to `aggregate`'s bit for bit; `aggregate` stays the reference.
  ///
  /// - Complexity: O(1) time and memory per part (about 30 running sums), O(r) for `result`
  ///   with r motions.
  public struct Accumulator: Sendable {
    /// How a weighted mean weighs a part (`aggregate`'s weights).
    enum Weight: Sendable {
      case count(KeyPath<QualityFigures, Int> & Sendable)
      case inkLength
      case one
      case predictions
      case scoredPredictions

      func of(_ p: QualityFigures) -> Double {
        switch self {
        case .count(let k): Double(p[keyPath: k])
        case .inkLength: p.inkLength ?? 0
        case .one: 1
        case .predictions: Double(p.predictions ?? 0)
        case .scoredPredictions: Double(p.scoredPredictions ?? 0)
        }
      }
    }

    /// Σ w·v, Σ w, Σ v and the number of parts with the figure (`aggregate`'s pooled mean).
    struct Mean: Sendable {
      var sum = 0.0
      var total = 0.0
      var plain = 0.0
      var present = 0

      mutating func add(_ v: Double, weight: Double) {
        let w = max(0, weight)
        sum += w * v
        total += w
        plain += v
        present += 1
      }

      /// Σ w·v / Σ w; the plain mean when every weight is 0; `nil` without parts.
      var value: Double? {
        guard present > 0 else { return nil }
        return total > 0 ? sum / total : plain / Double(present)
      }
    }

    static let counts: [WritableKeyPath<QualityFigures, Int> & Sendable] = [
      \.drawings, \.strokes, \.samples, \.strokesWithoutInk, \.accuracyPoints,
      \.reverseAccuracyPoints, \.gapStrokes, \.joins, \.cornerJoins, \.pressureCredibleDrawings,
      \.timedSamples, \.updates,
    ]

    static let means: [(WritableKeyPath<QualityFigures, Double?> & Sendable, Weight)] = [
      (\.accuracyMean, .count(\.accuracyPoints)), (\.accuracyP95, .count(\.accuracyPoints)),
      (\.reverseAccuracyMean, .count(\.reverseAccuracyPoints)),
      (\.reverseAccuracyP95, .count(\.reverseAccuracyPoints)),
      (\.startGapMean, .count(\.gapStrokes)), (\.endGapMean, .count(\.gapStrokes)),
      (\.turnP50, .count(\.joins)), (\.turnP95, .count(\.joins)),
      (\.cornerTurnP50, .count(\.cornerJoins)), (\.cornerTurnP95, .count(\.cornerJoins)),
      (\.curvatureVariation, .inkLength), (\.curvatureVariationAway, .inkLength),
      (\.widthMean, .inkLength), (\.inkArea, .one),
      (\.pressureWidthSpearman, .count(\.samples)),
      (\.latencyPushesMean, .count(\.samples)), (\.latencyPushesP95, .count(\.samples)),
      (\.latencyMsMean, .count(\.timedSamples)), (\.latencyMsP95, .count(\.timedSamples)),
      (\.churnMean, .count(\.updates)), (\.churnP95, .count(\.updates)),
      (\.predictionAheadMsMean, .predictions), (\.predictionAheadPxMean, .predictions),
      (\.predictionErrorMean, .scoredPredictions), (\.predictionErrorP95, .scoredPredictions),
      (\.segmentsPerSample, .count(\.samples)), (\.fillElementsPerSample, .count(\.samples)),
      (\.fillVerticesPerSample, .count(\.samples)), (\.svgBytesPerSample, .count(\.samples)),
      (\.rateWidthRatio, .count(\.samples)), (\.rateAreaRatio, .count(\.samples)),
    ]

    static let largest: [WritableKeyPath<QualityFigures, Double?> & Sendable] = [
      \.accuracyMax, \.reverseAccuracyMax, \.startGapMax, \.endGapMax, \.turnMax,
      \.cornerTurnMax, \.widthMax, \.latencyPushesMax, \.latencyMsMax, \.churnMax,
    ]

    static let smallest: [WritableKeyPath<QualityFigures, Double?> & Sendable] = [\.widthMin]

    /// Counts, reference, ink length, predictions and extremes, as the result holds them.
    private var running = QualityFigures()
    private var pooled = Array(repeating: Mean(), count: Accumulator.means.count)
    /// Σ w (sd² + mean²) over the parts with a width deviation and mean (w = ink length).
    private var widthMoment = Mean()

    public init() {}

    /// Folds one part in (a drawing's figures, or any coarser part).
    public mutating func add(_ p: QualityFigures) {
      for k in Self.counts { running[keyPath: k] += p[keyPath: k] }
      if let r = p.reference {
        if let current = running.reference {
          if current != r { running.reference = .mixed }
        } else {
          running.reference = r
        }
      }
      if let v = p.inkLength { running.inkLength = (running.inkLength ?? 0) + v }
      if let v = p.predictions { running.predictions = (running.predictions ?? 0) + v }
      if let v = p.scoredPredictions {
        running.scoredPredictions = (running.scoredPredictions ?? 0) + v
      }
      for (i, (k, weight)) in Self.means.enumerated() {
        guard let v = p[keyPath: k] else { continue }
        pooled[i].add(v, weight: weight.of(p))
      }
      // `Sequence.max()` and `min()`: the first value stays unless a later one is strictly
      // larger (smaller).
      for k in Self.largest {
        guard let v = p[keyPath: k] else { continue }
        if let current = running[keyPath: k], !(current < v) { continue }
        running[keyPath: k] = v
      }
      for k in Self.smallest {
        guard let v = p[keyPath: k] else { continue }
        if let current = running[keyPath: k], !(v < current) { continue }
        running[keyPath: k] = v
      }
      if let sd = p.widthSD, let mu = p.widthMean {
        widthMoment.add(sd * sd + mu * mu, weight: p.inkLength ?? 0)
      }
    }

    /// The aggregate of the parts added, with `rateStability` as `aggregate` takes it.
    public func result(rateStability: [RateStability] = []) -> QualityFigures {
      var a = running
      for (i, (k, _)) in Self.means.enumerated() { a[keyPath: k] = pooled[i].value }
      if let m = a.widthMean, let second = widthMoment.value {
        a.widthSD = max(0, second - m * m).squareRoot()
      }
      a.rateWidthRatio =
        RateStability.geometricMean(rateStability.map(\.widthRatio)) ?? a.rateWidthRatio
      a.rateAreaRatio =
        RateStability.geometricMean(rateStability.map(\.areaRatio)) ?? a.rateAreaRatio
      return a
    }
  }
}
