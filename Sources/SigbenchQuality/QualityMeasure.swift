import SigbenchCore
import SigbenchResults

/// The ink quality of a strategy: per drawing from its stroke traces, per strategy over a
/// corpus, and across sample rates. Pure functions; the definitions of every figure are in
/// `QualityMetric.catalog` and in the comments of the types named there.
public enum QualityMeasure {
  /// One strategy's figures on `drawing`, from one trace per ink stroke in order
  /// (`StrokeTrace.record(drawing, through:)`).
  ///
  /// Accuracy, corners and the reference of stroke i use `drawing.groundTruth.strokes[i]`
  /// when it exists and is not empty, else the polyline through the stroke's samples. The
  /// pressure finding is `PressureCredibility.assess(drawing)` (all ink samples pooled), and
  /// the width–pressure correlation is measured only when it is credible. Distances, joins,
  /// samples and updates are pooled over the drawing's strokes.
  ///
  /// - Precondition: `traces` has one trace per stroke, each of that stroke's samples.
  /// - Complexity: O(c + r + n log n + L) for c chords of ink, r truth vertices, n
  ///   samples and L the length of ink and reference, plus O(u) for u updates.
  public static func drawing(_ drawing: Drawing, traces: [StrokeTrace]) -> QualityFigures {
    Self.drawing(QualityReference(drawing), traces: traces)
  }

  /// `drawing(_:traces:)` against a reference prepared once for the drawing, so that
  /// measuring several strategies on one drawing prepares it once (the same figures).
  public static func drawing(_ reference: QualityReference, traces: [StrokeTrace])
    -> QualityFigures
  {
    let drawing = reference.drawing
    precondition(
      traces.count == drawing.strokes.count,
      "\(drawing.name): \(traces.count) traces for \(drawing.strokes.count) strokes")
    var tally = DrawingTally(pressure: reference.pressure)
    for (i, stroke) in drawing.strokes.enumerated() {
      precondition(
        traces[i].samples.count == stroke.samples.count,
        "\(drawing.name): trace \(i) replayed \(traces[i].samples.count) samples, not "
          + "\(stroke.samples.count)")
      tally.add(samples: stroke.samples, trace: traces[i], reference: reference.strokes[i])
    }
    return tally.figures
  }

  /// Replays every stroke of `drawing` through `strategy` and measures it; use `drawing(_:
  /// traces:)` when the traces are needed for pictures too, so each stroke is smoothed once.
  public static func drawing(_ drawing: Drawing, strategy: ConfiguredStrategy) -> QualityFigures {
    Self.drawing(drawing, traces: StrokeTrace.record(drawing, through: strategy))
  }

  /// One strategy over a corpus: `QualityFigures.aggregate` (its comment states the rule:
  /// counts add, maxima take the largest, means and percentiles are means weighted by the
  /// count each figure is taken over, rate ratios are geometric means over motions).
  public static func aggregate(
    _ drawings: [QualityFigures], rateStability: [RateStability] = []
  ) -> QualityFigures {
    QualityFigures.aggregate(drawings, rateStability: rateStability)
  }
}
