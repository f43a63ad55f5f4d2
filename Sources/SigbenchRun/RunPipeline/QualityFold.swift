import SigbenchCore
import SigbenchQuality
import SigbenchResults

/// Each strategy's quality over a corpus, aggregated while the corpus streams: drawings are
/// folded in as they arrive (`QualityFigures.Accumulator`), so the run keeps a few running
/// sums per strategy instead of every drawing's figures.
///
/// The result equals `QualityRun.aggregate` over the same figures bit for bit when drawings
/// are added in corpus order (`CorpusStream` folds them in that order): the same sums in the
/// same order, and the rate stability from the same widths and areas (`QualityMeasure.
/// rateStability`, which reads only `widthMean` and `inkArea` of a drawing).
///
/// - Complexity: O(s) per drawing for s strategies; memory O(s) plus, per drawing that samples
///   a motion at a stated rate (`MotionKey`), its key and two figures per strategy.
struct QualityFold: Sendable {
  /// One drawing of a motion: its key and, per strategy, its mean width (px) and ink area
  /// (px²).
  struct RatedDrawing: Sendable {
    var key: MotionKey
    var widthMean: [Double?]
    var inkArea: [Double?]
  }

  /// Strategy labels, in the run's order (the order of every drawing's figures).
  let labels: [String]
  private var accumulators: [QualityFigures.Accumulator]
  private var rated: [RatedDrawing] = []

  init(labels: [String]) {
    self.labels = labels
    accumulators = Array(repeating: .init(), count: labels.count)
  }

  /// Folds in one drawing: its figures per strategy (in `labels` order) and its motion key.
  mutating func add(_ figures: [QualityFigures], key: MotionKey?) {
    precondition(figures.count == labels.count, "one figure set per strategy")
    for k in figures.indices { accumulators[k].add(figures[k]) }
    if let key {
      rated.append(
        RatedDrawing(
          key: key, widthMean: figures.map { $0[.widthMean] }, inkArea: figures.map { $0[.inkArea] }
        )
      )
    }
  }

  /// Folds in one drawing, its motion key read from its metadata as `QualityRun.aggregate`
  /// reads it.
  mutating func add(_ figures: [QualityFigures], metadata: DrawingMetadata) {
    add(figures, key: MotionKey.read(notes: metadata.notes, sampleRate: metadata.sampleRate))
  }

  /// Strategy label → aggregated figures, and the rate stability of each strategy.
  func result() -> RunQuality {
    var perStrategy: [String: QualityFigures] = [:]
    var rates: [String: [RateStability]] = [:]
    for (k, label) in labels.enumerated() {
      let samples = rated.map {
        QualityMeasure.RateSample(
          motion: $0.key.motion, rate: $0.key.rate,
          figures: QualityFigures([.widthMean: $0.widthMean[k], .inkArea: $0.inkArea[k]]))
      }
      let stability = QualityMeasure.rateStability(samples)
      rates[label] = stability
      perStrategy[label] = accumulators[k].result(rateStability: stability)
    }
    return RunQuality(strategies: perStrategy, rateStability: rates)
  }
}
