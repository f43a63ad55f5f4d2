import SigbenchCore

// MARK: Settled smoothed points
//
// Until the width rule is decided (8 samples) no smoothed point is final and every push's
// exact tail smooths every sample again; the fits of all but the newest `window` samples do
// not depend on the newest one. They are kept (`settledPoints`) and reused by the next tails
// and by the final points the decision releases: the same operations on the same inputs.

extension SigbenchSmooth {
  /// `smoothed(i, last: last, source: s)`, from `settledPoints` when it holds sample `i` under
  /// the same rule, else computed and kept when no later sample can change it.
  ///
  /// Smoothed point `i` with the stroke ending at `last` reads the samples up to
  /// `min(last, i + max(window, 1))` and the corner flags below that (each final once the
  /// sample after it is kept), `timed`, and the width rule. With `i + max(window, 1) ≤ last`
  /// its window is not cut at the end, so it equals `smoothed(i, last: Int.max, …)` at every
  /// later push as long as `timed` and the rule (`settledRule(for:)`) are unchanged.
  ///
  /// - Complexity: O(1) for a kept point (after `adoptRule(for:)`), else one fit (`smoothed`).
  @inline(__always) mutating func settled(_ i: Int, last: Int, source s: WidthSource)
    -> WeightedPoint
  {
    adoptRule(for: s)
    if i < settledCount { return settledPoints[i & 15] }
    let (p, slope) = fitted(i, last: last)
    let q = WeightedPoint(p, width: width(i, slope: slope, source: s))
    if i == settledCount, min(last, count - 1) - i >= max(settings.window, 1) {
      settledPoints[i & 15] = q
      settledSlopes[i & 15] = slope
      settledCount = i + 1
    }
    return q
  }

  /// Smoothed point `i` (with the stroke going on) from `settledPoints`, or `nil` when it does
  /// not hold it (under the rule for `s`, `adoptRule(for:)`).
  @inline(__always) mutating func settledPoint(_ i: Int, source s: WidthSource) -> WeightedPoint? {
    guard i < settledCount else { return nil }
    adoptRule(for: s)
    guard i < settledCount else { return nil }
    return settledPoints[i & 15]
  }

  /// Makes `settledPoints` hold the points under the rule for `s`. When only the width formula
  /// changes (the decision from `undecided` to `pressure`, with `timed` unchanged) the
  /// positions and slopes stand and each kept point's width is recomputed from its kept slope
  /// (`width(_:slope:source:)`, the operations `smoothed` applies to the same inputs); when
  /// `timed` changes (the fit's abscissae) the store is emptied.
  ///
  /// - Complexity: O(1) when the rule is unchanged, else at most 16 widths.
  @inline(__always) mutating func adoptRule(for s: WidthSource) {
    let rule = settledRule(for: s)
    guard rule != settledRule else { return }
    if rule & 1 == settledRule & 1 {
      // Only the kept slots are read back: none below `finalPoints`, none 16 or more behind.
      var i = max(finalPoints, settledCount - 16)
      while i < settledCount {
        settledPoints[i & 15].width = width(i, slope: settledSlopes[i & 15], source: s)
        i += 1
      }
    } else {
      settledCount = 0
    }
    settledRule = rule
  }

  /// What, besides the samples, a smoothed point depends on: `timed` (the fit's abscissae and
  /// the slope's unit) and the width formula `width(_:slope:source:)` applies for `s` — the
  /// pressure one, the speed one (`speed`, or any non-pressure rule on timed input) or the step
  /// one. Distinct values for distinct dependencies, never 0 (the initial `settledRule`
  /// matches none, which empties the store).
  @inline(__always) func settledRule(for s: WidthSource) -> Int {
    let formula = s == .pressure ? 1 : (s == .speed || timed) ? 2 : 3
    return formula * 2 + (timed ? 1 : 0)
  }
}
