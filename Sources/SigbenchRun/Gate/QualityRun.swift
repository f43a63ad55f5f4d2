import Dispatch
import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchResults

/// Each strategy's quality over a corpus, as the gate, `baseline save` and the quality worker
/// measure it: every stroke replayed once per strategy (`StrokeTrace`), every drawing measured
/// (`QualityMeasure.drawing`), then aggregated per strategy with the rate stability of motions
/// recorded at several rates — the same figures a run's sheet shows (without the SVG size, which
/// needs the renderer's writer and is not gated).
public enum QualityRun {
  /// Strategy label → aggregated figures. Drawings are measured on every core; the result does
  /// not depend on the order.
  public static func measure(_ drawings: [Drawing], strategies: [ConfiguredStrategy])
    -> [String: QualityFigures]
  {
    final class Box: @unchecked Sendable {
      var figures: [[QualityFigures]]
      let lock = NSLock()
      init(_ n: Int, _ m: Int) { figures = Array(repeating: [], count: n) }
    }
    let box = Box(drawings.count, strategies.count)
    DispatchQueue.concurrentPerform(iterations: drawings.count) { i in
      let row = strategies.map { QualityMeasure.drawing(drawings[i], strategy: $0) }
      box.lock.lock()
      box.figures[i] = row
      box.lock.unlock()
    }
    var out: [String: QualityFigures] = [:]
    for (k, s) in strategies.enumerated() {
      var rates: [QualityMeasure.RateSample] = []
      for (i, d) in drawings.enumerated() {
        if let key = MotionKey.read(notes: d.metadata.notes, sampleRate: d.metadata.sampleRate) {
          rates.append(.init(motion: key.motion, rate: key.rate, figures: box.figures[i][k]))
        }
      }
      out[s.label] = QualityMeasure.aggregate(
        box.figures.map { $0[k] }, rateStability: QualityMeasure.rateStability(rates))
    }
    return out
  }
}
