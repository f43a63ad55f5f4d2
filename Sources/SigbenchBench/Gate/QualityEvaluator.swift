import Foundation
import SigbenchResults

/// The quality part of the gate: every directional metric of `QualityMetric.catalog` (neutral
/// ones are properties of a design, never gated), per strategy present on both sides.
///
/// A metric regresses when it got worse by more than both parts of its tolerance: for "lower
/// is better", head − base > max(relative × |base|, absolute); "higher is better" mirrors it;
/// "closer to 1" compares |ln value| the same way. It improves symmetrically; a side without a
/// value (n/a) gives "unavailable". Deterministic figures need no test and no re-measurement.
public enum QualityEvaluator {
  public static func compare(
    head: [String: QualityFigures], base: [String: QualityFigures], settings: GateSettings
  ) -> [QualityComparison] {
    var out: [QualityComparison] = []
    for strategy in head.keys.sorted() {
      guard let h = head[strategy], let b = base[strategy] else { continue }
      for m in QualityMetric.catalog where m.direction != .neutral {
        let tol = settings.qualityTolerance(m.id, unit: m.unit)
        let hv = m.value(in: h)
        let bv = m.value(in: b)
        out.append(
          QualityComparison(
            strategy: strategy, metric: m.id, unit: m.unit, direction: m.direction.rawValue,
            base: bv, head: hv, verdict: verdict(m.direction, head: hv, base: bv, tol),
            tolerance: tol))
      }
    }
    return out
  }

  /// The verdict of one metric; see the type's comment.
  public static func verdict(
    _ direction: QualityMetric.Direction, head: Double?, base: Double?, _ t: QualityTolerance
  ) -> Verdict {
    guard let head, let base, head.isFinite, base.isFinite else { return .unavailable }
    if direction == .neutral { return .noChange }
    guard let (worse, allowed) = t.change(direction, from: base, to: head) else {
      return .unavailable
    }
    if worse > allowed { return .regressed }
    if -worse > allowed { return .improved }
    return .noChange
  }
}
