extension QualityFigures {
  /// One strategy's figures over a corpus, from its figures per drawing (or any finer or
  /// coarser parts), folded in the order given: `Accumulator`, the one pooling rule.
  ///
  /// - Complexity: O(p + r) for p parts and r motions.
  public static func aggregate(
    _ parts: [QualityFigures], rateStability: [RateStability] = []
  ) -> QualityFigures {
    var a = Accumulator()
    for p in parts { a.add(p) }
    return a.result(rateStability: rateStability)
  }

  /// The pooling rule, one part at a time, so a corpus can be aggregated while it streams
  /// without keeping its per-drawing figures. Per figure, over the parts where it is present
  /// (absent parts neither count nor weigh; a figure absent everywhere stays `nil`):
  /// - counts (`drawings`, `strokes`, `samples`, `joins`, …) add up;
  /// - every other figure pools as its declaration says (`QualityMetric.pooling`, or
  ///   `supportingFigures`): weighted means, extremes, totals, the exactly pooled width
  ///   deviation, the rate ratios' geometric mean over motions;
  /// - `reference` is the common reference or `mixed`; `pressure` is `nil`; `predictions`
  ///   and `scoredPredictions` add up where present.
  ///
  /// The sums are taken in the order the parts are added, so the same parts in the same order
  /// give the same bits (corpus order, whatever the number of workers).
  ///
  /// - Complexity: O(1) time and memory per part (one running sum per figure), O(r) for
  ///   `result` with r motions.
  public struct Accumulator: Sendable {
    /// Σ w·v, Σ w, Σ v and the number of parts with the figure.
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

    /// Counts, reference, predictions, extremes and totals, as the result holds them.
    private var running = QualityFigures()
    /// One running mean per pooled figure (used by the mean-like poolings).
    private var pooled = Array(repeating: Mean(), count: QualityFigures.pooledFigures.count)

    public init() {}

    /// Folds one part in (a drawing's figures, or any coarser part).
    public mutating func add(_ p: QualityFigures) {
      for (_, k) in QualityFigures.counts { running[keyPath: k] += p[keyPath: k] }
      if let r = p.reference {
        if let current = running.reference {
          if current != r { running.reference = .mixed }
        } else {
          running.reference = r
        }
      }
      if let v = p.predictions { running.predictions = (running.predictions ?? 0) + v }
      if let v = p.scoredPredictions {
        running.scoredPredictions = (running.scoredPredictions ?? 0) + v
      }
      for (i, (k, pooling)) in QualityFigures.pooledFigures.enumerated() {
        switch pooling {
        case .mean(let weight):
          if let v = p[keyPath: k] { pooled[i].add(v, weight: weight.of(p)) }
        case .rateRatio:
          if let v = p[keyPath: k] { pooled[i].add(v, weight: Double(p.samples)) }
        case .widthDeviation:
          if let sd = p[.widthSD], let mu = p[.widthMean] {
            pooled[i].add(sd * sd + mu * mu, weight: p.inkLength ?? 0)
          }
        case .total:
          if let v = p[keyPath: k] { running[keyPath: k] = (running[keyPath: k] ?? 0) + v }
        case .largest:
          guard let v = p[keyPath: k] else { continue }
          if let current = running[keyPath: k], !(current < v) { continue }
          running[keyPath: k] = v
        case .smallest:
          guard let v = p[keyPath: k] else { continue }
          if let current = running[keyPath: k], !(v < current) { continue }
          running[keyPath: k] = v
        }
      }
    }

    /// The aggregate of the parts added; `rateStability` holds the corpus's motions.
    public func result(rateStability: [RateStability] = []) -> QualityFigures {
      var a = running
      let figures = QualityFigures.pooledFigures
      for (i, (k, pooling)) in figures.enumerated() {
        switch pooling {
        case .mean: a[keyPath: k] = pooled[i].value
        case .rateRatio(let ratio):
          a[keyPath: k] =
            RateStability.geometricMean(rateStability.map(ratio.of)) ?? pooled[i].value
        case .total, .largest, .smallest, .widthDeviation: break
        }
      }
      // After the means: the deviation needs the pooled width mean.
      for (i, (k, pooling)) in figures.enumerated() where pooling == .widthDeviation {
        if let m = a[.widthMean], let second = pooled[i].value {
          a[keyPath: k] = max(0, second - m * m).squareRoot()
        }
      }
      return a
    }
  }
}
