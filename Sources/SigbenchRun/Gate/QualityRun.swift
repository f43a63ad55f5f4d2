import Dispatch
import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchRender
import SigbenchResults

/// Each strategy's quality over a corpus, measured the same way wherever it is needed — a run's
/// sheet, the gate, `baseline save`, the quality worker: every stroke replayed once per strategy
/// (`StrokeTrace`), every drawing measured (`QualityMeasure.drawing`, plus the SVG size), then
/// aggregated per strategy with the rate stability of motions recorded at several rates.
public enum QualityRun {
  /// One drawing's figures from its traces (one per stroke), SVG bytes per sample included.
  public static func drawing(_ d: Drawing, traces: [StrokeTrace]) throws -> QualityFigures {
    try drawing(QualityReference(d), traces: traces)
  }

  /// `drawing(_:traces:)` against a reference prepared once for the drawing (measuring
  /// every strategy on one drawing prepares it once; the same figures).
  public static func drawing(_ reference: QualityReference, traces: [StrokeTrace]) throws
    -> QualityFigures
  {
    var q = QualityMeasure.drawing(reference, traces: traces)
    q[.svgBytesPerSample] = try svgBytesPerSample(traces.map(\.ink), samples: q.samples)
    return q
  }

  /// Bytes of the SVG export of the ink (`SVGWriter` with the default `VectorStyle`: no
  /// background, tight box) per input sample; `nil` without samples, and when there is nothing
  /// to export (ink too thin to have bounds, e.g. `straight(size=5e-324)`), so one such drawing
  /// is an n/a figure, not a failed run. The bytes are counted without writing the text
  /// (`SVGWriter.byteCountIfInked`).
  static func svgBytesPerSample(_ inks: [InkGeometry], samples: Int) throws -> Double? {
    guard samples > 0, let bytes = try SVGWriter().byteCountIfInked(inks) else { return nil }
    return Double(bytes) / Double(samples)
  }

  /// Strategy label → aggregated figures, from `figures[drawing][strategy]` (same order as
  /// `drawings` and `strategies`).
  public static func aggregate(
    _ figures: [[QualityFigures]], _ drawings: [Drawing], strategies: [ConfiguredStrategy]
  ) -> RunQuality {
    var perStrategy: [String: QualityFigures] = [:]
    var rates: [String: [RateStability]] = [:]
    for (k, s) in strategies.enumerated() {
      var samples: [QualityMeasure.RateSample] = []
      for (i, d) in drawings.enumerated() {
        if let key = MotionKey.read(notes: d.metadata.notes, sampleRate: d.metadata.sampleRate) {
          samples.append(.init(motion: key.motion, rate: key.rate, figures: figures[i][k]))
        }
      }
      let stability = QualityMeasure.rateStability(samples)
      rates[s.label] = stability
      perStrategy[s.label] = QualityMeasure.aggregate(
        figures.map { $0[k] }, rateStability: stability)
    }
    return RunQuality(strategies: perStrategy, rateStability: rates)
  }

  /// Each strategy's figures over a corpus, and the cells that failed (`CellFailures`: a
  /// failing cell is left out of its strategy's figures and the rest go on).
  public struct Measured: Sendable {
    public var figures: [String: QualityFigures]
    /// In corpus order, then strategy order.
    public var failed: [FailedCell]
  }

  /// Strategy label → aggregated figures over `drawings`, measured on every core (the result
  /// does not depend on the order); a failing cell is left out and listed. With `injection`,
  /// its `fail=STAGE` applies as in `run`.
  public static func measureCells(
    _ drawings: [Drawing], strategies: [ConfiguredStrategy], injection: Injection? = nil
  ) -> Measured {
    final class Box: @unchecked Sendable {
      var figures: [[QualityFigures]]
      var failed: [[FailedCell]]
      let lock = NSLock()
      init(_ n: Int) {
        figures = Array(repeating: [], count: n)
        failed = Array(repeating: [], count: n)
      }
    }
    let box = Box(drawings.count)
    DispatchQueue.concurrentPerform(iterations: drawings.count) { i in
      let d = drawings[i]
      var cells = CellFailures(drawing: d.name, strict: false, injected: injection)
      let reference = QualityReference(d)
      // Not strict: `attempt` records instead of throwing.
      let row = strategies.map { s in
        let traces = try? cells.attempt(.smoothing, s) { try CellFailures.smooth(d, s) }
        let q = traces.flatMap { t in
          try? cells.attempt(.quality, s) { try drawing(reference, traces: t) }
        }
        return q ?? QualityFigures()
      }
      box.lock.lock()
      box.figures[i] = row
      box.failed[i] = cells.list.map { FailedCell(drawing: d.name, failure: $0) }
      box.lock.unlock()
    }
    return Measured(
      figures: aggregate(box.figures, drawings, strategies: strategies).strategies,
      failed: box.failed.flatMap { $0 })
  }

  /// `measureCells` for the callers whose figures must cover every drawing (`baseline save`,
  /// the quality worker of a base binary): throws `PipelineError(.invalidBenchmark)` (exit 3)
  /// naming every failed cell instead of returning figures with drawings left out.
  public static func measure(_ drawings: [Drawing], strategies: [ConfiguredStrategy]) throws
    -> [String: QualityFigures]
  {
    let m = measureCells(drawings, strategies: strategies)
    guard m.failed.isEmpty else {
      throw PipelineError(
        .invalidBenchmark,
        "quality could not be measured in \(m.failed.count) cell(s), so these figures would "
          + "leave drawings out: " + m.failed.prefix(10).map(\.text).joined(separator: "; "))
    }
    return m.figures
  }
}
