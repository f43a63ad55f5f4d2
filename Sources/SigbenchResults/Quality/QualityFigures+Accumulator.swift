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

    /// Where a pooled figure is stored: a catalog metric's slot, or one of the two supporting
    /// figures.
    enum Place: Sendable, Equatable {
      case metric(Int)
      case churnMax
      case inkLength
    }

    /// One entry of `pooledFigures`, resolved once so that folding a part reads no key path
    /// (the fold runs once per drawing and strategy, under the run's lock): where the figure
    /// is, how it pools, and for a mean weighted by a count, that count's position in
    /// `counts`.
    struct Entry: Sendable {
      let place: Place
      let pooling: Pooling
      let count: Int?
    }

    /// `pooledFigures`, in order (catalog metrics, then the supporting figures).
    static let entries: [Entry] = QualityFigures.pooledFigures.enumerated().map { i, f in
      let place: Place
      if i < QualityMetric.catalog.count {
        place = .metric(i)
      } else if f.figure == \QualityFigures.churnMax {
        place = .churnMax
      } else if f.figure == \QualityFigures.inkLength {
        place = .inkLength
      } else {
        preconditionFailure("supporting figure \(f.figure) has no place in the accumulator")
      }
      var count: Int?
      if case .mean(.count(let k)) = f.pooling {
        count = QualityFigures.counts.firstIndex { ($0.figure as AnyKeyPath) == (k as AnyKeyPath) }
        precondition(count != nil, "a mean is weighted by \(k), which is not in counts")
      }
      return Entry(place: place, pooling: f.pooling, count: count)
    }

    /// Counts, reference, predictions, extremes and totals, as the result holds them.
    private var running = QualityFigures()
    /// One running mean per pooled figure (used by the mean-like poolings).
    private var pooled = Array(repeating: Mean(), count: QualityFigures.pooledFigures.count)

    public init() {}

    /// Folds one part in (a drawing's figures, or any coarser part).
    ///
    /// - Complexity: O(f) for f pooled figures, without hashing or key paths.
    public mutating func add(_ p: QualityFigures) {
      running.addCounts(p)
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
      for (i, entry) in Accumulator.entries.enumerated() {
        let v = p.value(at: entry.place)
        switch entry.pooling {
        case .mean(let weight):
          guard let v else { continue }
          let w = entry.count.map { Double(p.count(at: $0)) } ?? weight.of(p)
          pooled[i].add(v, weight: w)
        case .rateRatio:
          if let v { pooled[i].add(v, weight: Double(p.samples)) }
        case .widthDeviation:
          if let sd = p[.widthSD], let mu = p[.widthMean] {
            pooled[i].add(sd * sd + mu * mu, weight: p.inkLength ?? 0)
          }
        case .total:
          if let v { running.setValue((running.value(at: entry.place) ?? 0) + v, at: entry.place) }
        case .largest:
          guard let v else { continue }
          if let current = running.value(at: entry.place), !(current < v) { continue }
          running.setValue(v, at: entry.place)
        case .smallest:
          guard let v else { continue }
          if let current = running.value(at: entry.place), !(v < current) { continue }
          running.setValue(v, at: entry.place)
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
