import SigbenchCore

/// What `sigbench strategies --check SPEC` prints: one line per rule of the contract suite
/// (passed, failed, not applicable), and under each failed rule what failed and the first
/// stroke it failed on, as JSON samples ready to replay.
public enum StrategyCheckText {
  /// The lines for `outcomes` of `label`, checked with `seed`.
  public static func lines(
    _ outcomes: [ContractRuleOutcome], label: String, seed: UInt64, external: Bool
  ) -> [String] {
    let failed = outcomes.filter { $0.status == .failed || $0.status == .notChecked }.count
    var lines = [
      "contract check of \(label)\(external ? " (external)" : "") (seed \(seed)): "
        + (failed == 0 ? "every rule holds" : "\(failed) of \(outcomes.count) rules fail")
    ]
    for o in outcomes {
      switch o.status {
      case .passed:
        lines.append("  ok    \(o.rule) (\(o.strokes) stroke\(o.strokes == 1 ? "" : "s"))")
      case .notApplicable:
        lines.append("  n/a   \(o.rule): \(ConsoleText.escaped(o.reason ?? ""))")
      case .notChecked:
        lines.append("  --    \(o.rule): not checked: \(ConsoleText.escaped(o.reason ?? ""))")
      case .failed:
        lines.append("  FAIL  \(o.rule)")
        lines.append("        \(ConsoleText.escaped(o.reason ?? ""))")
        if let s = o.stroke {
          lines.append("        first failing stroke (\(s.count) samples): \(json(s))")
        }
      }
    }
    return lines
  }

  /// `samples` as a JSON array of `{"x","y","t","pressure"}` objects (channels present only).
  static func json(_ samples: [Sample]) -> String {
    let items = samples.map { s -> String in
      var fields = ["\"x\":\(JSONText.number(s.x))", "\"y\":\(JSONText.number(s.y))"]
      if let t = s.time { fields.append("\"t\":\(JSONText.number(t))") }
      if let p = s.pressure { fields.append("\"pressure\":\(JSONText.number(p))") }
      return "{" + fields.joined(separator: ",") + "}"
    }
    return "[" + items.joined(separator: ",") + "]"
  }
}
