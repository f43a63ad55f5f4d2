/// The four timing verdicts, plus the states a gate reports around them.
public enum Verdict: String, Codable, Hashable, Sendable {
  case regressed = "regressed"
  case improved = "improved"
  case noChange = "no change"
  case inconclusive = "inconclusive"
  /// A regression the baseline acknowledges with a reason: reported, does not fail.
  case acknowledged = "acknowledged regression"
  /// Flagged in the first round but not reproduced when re-measured.
  case notConfirmed = "not confirmed"
  /// The baseline's fingerprint or corpus differs: no timing verdict is possible.
  case incompatible = "incompatible"
  /// A counter could not be measured on one side.
  case unavailable = "unavailable"
  /// Budget check: within / over.
  case withinBudget = "within budget"
  case overBudget = "over budget"

  /// True for verdicts that fail the gate.
  public var fails: Bool { self == .regressed || self == .overBudget }
}
