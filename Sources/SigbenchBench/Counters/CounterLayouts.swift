import SigbenchResults

/// Counter figures of one worker counted at several memory layouts, folded into one set.
public enum CounterLayouts {
  /// The mean over layouts of every per-point figure, per strategy × lane (entries matched by
  /// strategy label and lane; an entry missing from a layout is left out of that mean), the
  /// largest steady-state allocation count, and `layoutSpread` = (max − min) / mean of
  /// instructions per point (nil with fewer than two layouts).
  ///
  /// The mean, not the median: the layout effect seen here is two-valued (936.19 or 948.18
  /// instructions/point for one build), so a median over a few layouts jumps by the whole gap
  /// when one layout changes side, while the mean moves by gap / layouts.
  /// O(layouts × entries²) with entries ≤ strategies × lanes.
  public static func mean(_ perLayout: [[CounterFigures]]) -> [CounterFigures] {
    guard var first = perLayout.first else { return [] }
    for (k, f) in first.enumerated() {
      let same = perLayout.compactMap { layout in
        layout.first { $0.strategy == f.strategy && $0.lane == f.lane }
      }
      func avg(_ value: (CounterFigures) -> Double?) -> Double? {
        let v = same.compactMap(value)
        return v.count == same.count && !v.isEmpty ? v.reduce(0, +) / Double(v.count) : nil
      }
      var m = f
      m.instructionsPerPoint = avg(\.instructionsPerPoint)
      m.steadyInstructionsPerPoint = avg(\.steadyInstructionsPerPoint)
      m.allocationsPerPoint = avg(\.allocationsPerPoint)
      m.swiftAllocObjectPerPoint = avg(\.swiftAllocObjectPerPoint)
      m.swiftSlowAllocPerPoint = avg(\.swiftSlowAllocPerPoint)
      m.instructionsPerFinish = avg(\.instructionsPerFinish)
      let allocs = same.compactMap(\.steadyAllocations)
      m.steadyAllocations = allocs.count == same.count ? allocs.max() : nil
      let ipp = same.compactMap(\.instructionsPerPoint)
      if ipp.count >= 2, ipp.count == same.count, let mean = m.instructionsPerPoint, mean > 0 {
        m.layoutSpread = (ipp.max()! - ipp.min()!) / mean
      }
      first[k] = m
    }
    return first
  }
}
