import Foundation
import SigbenchCore
import SigbenchResults

/// What `sigbench tune` prints: the best spec ready to copy, its metric value, the evaluations
/// spent and why the search stopped, the searched options, and the path taken.
public enum TuneText {
  public static func lines(_ t: TuneOutcome) -> [String] {
    let unit = t.unit.isEmpty ? "" : " \(t.unit)"
    // Four significant digits on the console; --json keeps every digit.
    func value(_ v: Double?) -> String { v.map { String(format: "%.4g", $0) + unit } ?? "n/a" }
    var lines = [
      "best: \(t.best)",
      "\(t.metric) (\(t.direction) is better): \(value(t.value)) over \(t.drawings) drawing"
        + "\(t.drawings == 1 ? "" : "s") of \(t.corpus)",
      "evaluations: \(t.evaluations) of a budget of \(t.budget) (\(t.stop)); seed \(t.seed)",
      "method: \(t.method)",
    ]
    if let bound = t.maxP50 {
      lines.append(
        "latency bound: smooth-lane batched p50 ≤ \(ParameterValue.format(bound)) ns, timed on "
          + "this machine: the result depends on timing and may differ between runs")
    } else {
      lines.append("deterministic: the same seed and corpus give the same path")
    }
    lines.append("searched:")
    for d in t.dimensions {
      lines.append(
        "  \(d.option) in [\(ParameterValue.format(d.low)), \(ParameterValue.format(d.high))], "
          + "\(d.spacing) spacing (\(d.source))")
    }
    lines.append("path:")
    for m in t.path {
      let how = m.step == 0 ? "start" : "step \(ParameterValue.format(m.step))"
      lines.append(
        "  \(m.evaluations). \(m.spec): \(value(m.value)) (\(how))")
    }
    return lines
  }
}
