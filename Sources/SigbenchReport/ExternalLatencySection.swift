import SigbenchResults

/// The sheet's table of external strategies' latency: their own lanes (`self-timed`, the
/// program's clock around its own push; `round-trip`, sigbench's clock around request and
/// reply), apart from the in-process table and never ranked or divided by the reference.
public enum ExternalLatencySection {
  /// The table and its note; empty when no external strategy ran.
  public static func render(_ b: BenchReport) -> String {
    let figures = b.externalLatency ?? []
    guard !figures.isEmpty else { return "" }
    var labels: [String] = []
    for f in figures where !labels.contains(f.strategy) { labels.append(f.strategy) }
    let lanes = ExternalLatencyFigures.Lane.allCases
    var h = "<h3 id=\"external-latency\">External strategies: their own lanes</h3>\n"
    h += "<div class=\"scroll\"><table class=\"bench\">\n<thead><tr><th rowspan=\"2\">strategy"
    h += "</th><th rowspan=\"2\">pushes timed</th>"
    for lane in lanes {
      h += "<th colspan=\"3\" class=\"lane\">lane <code>\(escapeHTML(lane.rawValue))</code></th>"
    }
    h += "</tr>\n<tr>"
    for _ in lanes { h += "<th>push p50</th><th>push p99</th><th>finish p50</th>" }
    h += "</tr></thead>\n<tbody>\n"
    for label in labels {
      let mine = figures.filter { $0.strategy == label }
      h += "<tr><th><code>\(escapeHTML(label))</code></th>"
      if let why = mine.first?.unavailableReason {
        h += "<td colspan=\"\(1 + 3 * lanes.count)\">unavailable: \(escapeHTML(why))</td></tr>\n"
        continue
      }
      h += "<td class=\"num\">\(mine.first?.push?.count ?? 0)</td>"
      for lane in lanes {
        let f = mine.first { $0.lane == lane }
        for v in [f?.push?.p50, f?.push?.p99, f?.finish?.p50] {
          h += "<td class=\"num\">\(v.map(formatNanoseconds) ?? "–")</td>"
        }
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n"
    h += "<p><em>self-timed</em>: the program's own monotonic clock around its own push, as it "
    h += "reports it in each reply. <em>round-trip</em>: sigbench's clock around one request and "
    h += "its reply (encoding, the pipes, the program's parsing and writing, decoding and "
    h += "checking). Neither is comparable with the in-process lanes above, which time the push "
    h += "alone: they are not ranked, not divided by the reference and not gated; callgrind's "
    h += "counters do not apply (they count sigbench's instructions, not the program's).</p>\n"
    return h
  }
}
