/// One rule of the strategy contract checked against one strategy (`strategies --check`,
/// and `run` for external strategies): passed, failed with what failed and the first stroke
/// it failed on, or not applicable with the reason.
public struct ContractRuleOutcome: Sendable, Hashable {
  public enum Status: String, Sendable, Hashable {
    case passed
    case failed
    /// The rule does not apply (`reason` says why).
    case notApplicable = "not applicable"
    /// No stroke reached the rule (each failed an earlier one; `reason` says why): it counts
    /// as a failure of the check.
    case notChecked = "not checked"
  }
  /// What the rule demands, in words.
  public var rule: String
  public var status: Status
  /// Strokes the rule was checked on (up to the first failure).
  public var strokes: Int
  /// What failed, or why the rule does not apply.
  public var reason: String?
  /// The first stroke it failed on.
  public var stroke: [Sample]?

  public init(
    rule: String, status: Status, strokes: Int, reason: String? = nil, stroke: [Sample]? = nil
  ) {
    self.rule = rule
    self.status = status
    self.strokes = strokes
    self.reason = reason
    self.stroke = stroke
  }
}
