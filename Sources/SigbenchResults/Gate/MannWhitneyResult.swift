/// The outcome of one Mann–Whitney U test (see `MannWhitney` in SigbenchBench).
public struct MannWhitneyResult: Codable, Hashable, Sendable {
  /// U of the first sample.
  public var u: Double
  /// Two-sided p-value.
  public var p: Double
  /// "exact" or "normal approximation (tie- and continuity-corrected)".
  public var method: String

  public init(
    u: Double, p: Double, method: String
  ) {
    self.u = u
    self.p = p
    self.method = method
  }
}
