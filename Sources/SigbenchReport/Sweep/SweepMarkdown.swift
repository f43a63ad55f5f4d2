import SigbenchResults

/// The best configurations of each sweep for a CI step summary: per question, the spec to
/// copy, its value and the default's.
public enum SweepMarkdown {
  public static func render(_ r: RunResult) -> String {
    guard let sweeps = r.sweeps, !sweeps.isEmpty else { return "" }
    var o = ""
    for sweep in sweeps {
      let f = SweepFigures(sweep, in: r)
      o += "\n## Sweep `\(sweep.spec)`: best configurations\n\n"
      o += "| question | best configuration | value | default (`\(sweep.defaultLabel)`) |\n"
      o += "|---|---|---|---|\n"
      for a in SweepAnswers.of(f) {
        guard let best = a.best else { continue }
        let metric = SweepAnswers.metric(of: a)
        let fallback = f.p50[sweep.defaultLabel].map(formatNanoseconds) ?? "n/a"
        let d = metric.map { QualityFormat.value($0, f.value($0, sweep.defaultLabel)) } ?? fallback
        o += "| \(MarkdownFormat.cell(a.question)) | `\(best.strategy)` | "
        o += "\(MarkdownFormat.cell(best.text)) | \(MarkdownFormat.cell(d)) |\n"
      }
    }
    return o
  }
}
