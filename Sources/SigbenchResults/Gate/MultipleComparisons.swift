/// Adjusted p-values for many simultaneous comparisons (every strategy × lane × metric of a
/// gate run), so that testing more metrics does not raise the chance of a false alarm.
///
/// - Benjamini–Hochberg (1995) controls the false discovery rate: sort p ascending, adjusted
///   p(i) = min over k ≥ i of p(k) · m / k, capped at 1. The gate's default, with α = 0.01
///   applied to the adjusted values.
/// - Holm (1979) controls the family-wise error rate: adjusted p(i) = max over k ≤ i of
///   p(k) · (m − k + 1), capped at 1. Stricter; selectable.
///
/// Both return adjusted values in the input order. - Complexity: O(m log m).
public enum MultipleComparisons: String, Codable, Sendable, CaseIterable {
  case benjaminiHochberg = "benjamini-hochberg"
  case holm = "holm"

  /// Adjusted p-values, same order as `p`.
  public func adjust(_ p: [Double]) -> [Double] {
    let m = p.count
    guard m > 0 else { return [] }
    let order = p.indices.sorted { p[$0] < p[$1] }
    var adjusted = [Double](repeating: 1, count: m)
    switch self {
    case .benjaminiHochberg:
      var running = 1.0
      for rank in stride(from: m, through: 1, by: -1) {
        let i = order[rank - 1]
        running = min(running, p[i] * Double(m) / Double(rank))
        adjusted[i] = min(1, running)
      }
    case .holm:
      var running = 0.0
      for rank in 1...m {
        let i = order[rank - 1]
        running = max(running, p[i] * Double(m - rank + 1))
        adjusted[i] = min(1, running)
      }
    }
    return adjusted
  }
}
