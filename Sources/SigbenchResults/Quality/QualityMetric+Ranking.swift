extension QualityMetric {
  /// Positions in `values` that cannot be told apart from the best: the best value (`best(of:)`)
  /// and every value not worse than it beyond the metric's `tolerance` (the quality gate's
  /// rule, `QualityTolerance.change`). Empty for a neutral metric or when no value is present;
  /// n/a never leads.
  ///
  /// - Complexity: O(n).
  public func leaders(of values: [Double?]) -> [Int] {
    guard let first = best(of: values).first, let top = values[first] else { return [] }
    return values.indices.filter { i in
      guard let (worse, allowed) = tolerance.change(direction, from: top, to: values[i]) else {
        return false
      }
      return worse <= allowed
    }
  }

  /// The positions a table stars: the leaders, when they beat every other value present by more
  /// than the tolerance. None when every present value is tied with the best (floating-point
  /// noise, or all equal) or when fewer than two values are present (nothing was beaten).
  public func stars(of values: [Double?]) -> Set<Int> {
    let present = values.filter { $0?.isFinite == true }.count
    let leaders = leaders(of: values)
    guard present >= 2, leaders.count < present else { return [] }
    return Set(leaders)
  }
}
