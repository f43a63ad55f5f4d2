import SigbenchCore
import SigbenchResults

/// The quality table for a CI step summary: one row per strategy, one column per headline
/// metric, the best value of each column in bold.
public enum QualityMarkdown {
  public static func render(_ r: RunResult) -> String {
    guard let q = r.quality, !q.strategies.isEmpty else { return "" }
    let metrics = QualityMetric.catalog.filter(\.headline)
    let labels = r.strategies.map(\.label).filter { q.strategies[$0] != nil }
    var o = "## Ink quality\n\n| strategy | "
    o += metrics.map { QualityFormat.heading($0) }.joined(separator: " | ") + " |\n|---|"
    o += String(repeating: "---|", count: metrics.count) + "\n"
    let best = metrics.map { m in m.stars(of: labels.map { m.value(in: q.strategies[$0]!) }) }
    for (i, label) in labels.enumerated() {
      o += "| \(MarkdownFormat.cell(label)) |"
      for (k, m) in metrics.enumerated() {
        let v = QualityFormat.value(m, m.value(in: q.strategies[label]!), unit: false)
        o += best[k].contains(i) ? " **\(v)** |" : " \(v) |"
      }
      o += "\n"
    }
    o += "\nn/a: the metric does not apply (no truth, pressure or time channel).\n"
    let failed = r.failedCells
    guard !failed.isEmpty else { return o }
    o +=
      "\n**\(failed.count) failed cell(s)** (exit 3), each left out of its strategy's figures:\n\n"
    for c in failed.prefix(50) { o += "- \(MarkdownFormat.cell(ConsoleText.escaped(c.text)))\n" }
    if failed.count > 50 { o += "- … and \(failed.count - 50) more (`result.json`)\n" }
    return o
  }
}
