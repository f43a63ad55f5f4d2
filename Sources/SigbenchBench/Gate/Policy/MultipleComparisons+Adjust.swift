import SigbenchResults

extension MultipleComparisons {
  /// Adjusted p-values, in the order of `p`.
  ///
  /// - Complexity: O(m log m).
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
