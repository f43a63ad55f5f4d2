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
  /// (`SVGWriter.byteCount`).
  static func svgBytesPerSample(_ inks: [InkGeometry], samples: Int) throws -> Double? {
    guard samples > 0, InkBounds.of(inks) != nil else { return nil }
    return Double(try SVGWriter().byteCount(inks)) / Double(samples)
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

  /// Strategy label → aggregated figures over `drawings`, measured on every core (the result
  /// does not depend on the order).
  public static func measure(_ drawings: [Drawing], strategies: [ConfiguredStrategy]) throws
    -> [String: QualityFigures]
  {
    final class Box: @unchecked Sendable {
      var figures: [[QualityFigures]]
      var error: (any Error)?
      let lock = NSLock()
      init(_ n: Int) { figures = Array(repeating: [], count: n) }
    }
    let box = Box(drawings.count)
    DispatchQueue.concurrentPerform(iterations: drawings.count) { i in
      do {
        let reference = QualityReference(drawings[i])
        let row = try strategies.map {
          try drawing(reference, traces: StrokeTrace.record(drawings[i], through: $0))
        }
        box.lock.lock()
        box.figures[i] = row
        box.lock.unlock()
      } catch {
        box.lock.lock()
        box.error = box.error ?? error
        box.lock.unlock()
      }
    }
    if let e = box.error { throw e }
    return aggregate(box.figures, drawings, strategies: strategies).strategies
  }
}
