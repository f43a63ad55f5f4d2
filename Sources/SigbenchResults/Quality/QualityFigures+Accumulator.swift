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

    /// How one figure pools, resolved from its `Pooling` with nothing left to look up: no key
    /// path (a key path is an object, and copying one retains it, once per figure, strategy
    /// and drawing), and for a mean weighted by a count, that count's position in `counts`.
    enum Rule: Sendable, Equatable {
      case meanByCount(Int)
      case meanByInkLength
      case meanByOne
      case meanByPredictions
      case meanByScoredPredictions
      case rateRatio
      /// With the slots of `widthSD` and `widthMean` (a metric's slot is looked up by its id).
      case widthDeviation(sd: Int, mean: Int)
      case total
      case largest
      case smallest

      /// The weight a mean by this rule gives part `p` (as `Weight.of`); `nil` for a rule
      /// that is not a weighted mean.
      func meanWeight(of p: QualityFigures) -> Double? {
        switch self {
        case .meanByCount(let k): Double(p.count(at: k))
        case .meanByInkLength: p.inkLength ?? 0
        case .meanByOne: 1
        case .meanByPredictions: Double(p.predictions ?? 0)
        case .meanByScoredPredictions: Double(p.scoredPredictions ?? 0)
        case .rateRatio, .widthDeviation, .total, .largest, .smallest: nil
        }
      }
    }

    /// One entry of `pooledFigures`, resolved once so that folding a part reads no key path
    /// (the fold runs once per drawing and strategy): where the figure is and how it pools.
    struct Entry: Sendable {
      let place: Place
      let rule: Rule
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
      return Entry(place: place, rule: rule(f.pooling))
    }

    /// `pooling` as a `Rule`.
    static func rule(_ pooling: Pooling) -> Rule {
      switch pooling {
      case .mean(.count(let k)):
        let count = QualityFigures.counts.firstIndex {
          ($0.figure as AnyKeyPath) == (k as AnyKeyPath)
        }
        guard let count else { preconditionFailure("a mean is weighted by \(k), not in counts") }
        return .meanByCount(count)
      case .mean(.inkLength): return .meanByInkLength
      case .mean(.one): return .meanByOne
      case .mean(.predictions): return .meanByPredictions
      case .mean(.scoredPredictions): return .meanByScoredPredictions
      case .rateRatio: return .rateRatio
      case .widthDeviation:
        return .widthDeviation(sd: QualityMetric.widthSD.slot, mean: QualityMetric.widthMean.slot)
      case .total: return .total
      case .largest: return .largest
      case .smallest: return .smallest
      }
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
      let entries = Accumulator.entries
      for i in entries.indices {
        let place = entries[i].place
        let v = p.value(at: place)
        let rule = entries[i].rule
        if let w = rule.meanWeight(of: p) {
          if let v { pooled[i].add(v, weight: w) }
          continue
        }
        switch rule {
        case .meanByCount, .meanByInkLength, .meanByOne, .meanByPredictions,
          .meanByScoredPredictions:
          break
        case .rateRatio:
          if let v { pooled[i].add(v, weight: Double(p.samples)) }
        case .widthDeviation(let sdSlot, let meanSlot):
          if let sd = p.slots[sdSlot], let mu = p.slots[meanSlot] {
            pooled[i].add(sd * sd + mu * mu, weight: p.inkLength ?? 0)
          }
        case .total:
          if let v { running.setValue((running.value(at: place) ?? 0) + v, at: place) }
        case .largest:
          guard let v else { continue }
          if let current = running.value(at: place), !(current < v) { continue }
          running.setValue(v, at: place)
        case .smallest:
          guard let v else { continue }
          if let current = running.value(at: place), !(v < current) { continue }
          running.setValue(v, at: place)
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
