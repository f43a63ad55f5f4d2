import SigbenchCore
import SigbenchResults

/// The run's `index.html`: what was run, on what, the per-point latency table and a gallery
/// with the raw input and each strategy's ink side by side. Static, inline CSS, relative
/// links, no network, one small inline script the page reads without (`PageHead`); generated
/// from `RunResult` alone.
public enum IndexPage {
  public static func render(_ r: RunResult) -> String {
    var h = ""
    h += PageHead.render(title: "sigbench run \(r.runID)", style: stylesheet)
    h += "<h1>sigbench run <code>\(escapeHTML(r.runID))</code></h1>\n"
    h += VerdictSection.render(r)
    h += FailedCellsSection.render(r)
    h += header(r)
    h += ShardSection.render(r)
    h += ExternalStrategiesSection.render(r)
    h += PackageStrategiesSection.render(r)
    h += TradeOffSection.render(r)
    h += SweepSection.render(r)
    h += BenchSection.render(r, r.bench)
    h += QualitySection.render(r)
    h += HistorySection.render(r)
    if let g = r.gate { h += GateSection.render(g) }
    if let t = FormatTables.sheetTable(of: r) { h += table(t, id: "format-study") }
    h += gallery(r)
    h += "</body>\n</html>\n"
    return h
  }

  static let stylesheet = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#111;background:#fff}
    table{border-collapse:collapse;margin:.5em 0}
    th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
    td.num{text-align:right;font-variant-numeric:tabular-nums}
    table.bench td.num{white-space:nowrap}
    .warn{background:#fff3cd;border:1px solid #e0c060;padding:4px 8px;margin:4px 0}
    .gallery img{display:block;width:100%;height:auto;border:1px solid #ddd}
    .gallery h3{font-size:14px;margin:1em 0 .3em}
    .inks{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px}
    .inks figure{margin:0}
    .inks figcaption{font-size:12px}
    pre,code{overflow-wrap:anywhere}
    .scroll{overflow-x:auto}
    code{font-size:90%}
    ul.plain{margin:0;padding-left:1.2em}
    tr.v-regressed td,tr.v-over-budget td{background:#fde2e2}
    tr.v-improved td{background:#e2f5e2}
    td.best{font-weight:bold}
    ul.meanings{font-size:90%;color:#333}
    .small{display:inline-block;vertical-align:top;max-width:100%}
    table.verdict td.leader{font-weight:bold}
    table.verdict td.measure{font-size:90%;color:#444}
    p.legend{font-size:90%;color:#444;max-width:70em}
    details.notes>summary{background:#fff3cd;border:1px solid #e0c060;padding:2px 8px}
    li.warn,tr.warn{background:#fff3cd}
    span.failed{display:block;font-size:12px;background:#fde2e2;padding:4px;overflow-wrap:anywhere}
    svg.chart g.key{cursor:pointer}
    svg.chart g.key[aria-pressed=false]{opacity:.35}
    svg.chart g.series.hidden{display:none}
    th[aria-sort]{cursor:pointer}
    th[aria-sort=ascending]::after{content:" ▲";font-size:80%}
    th[aria-sort=descending]::after{content:" ▼";font-size:80%}
    @media print{.scroll{overflow:visible}}
    """

  /// The build stamp in one line: commit (with `+dirty`), its time, build and compiler.
  static func commitFact(_ p: Provenance) -> String {
    var parts = [p.commitLabel]
    if let t = p.commitTime { parts.append("committed \(t)") }
    if let b = p.buildConfiguration { parts.append("\(b) build") }
    if let c = p.toolchain { parts.append(c) }
    return parts.joined(separator: ", ") + " (the build stamp of the binary that ran)"
  }

  static func header(_ r: RunResult) -> String {
    var h = "<section id=\"run\">\n"
    // Every warning and note folds into one line with its count; the warnings (debug build,
    // dropped samples, unsettled warm-up, unavailable counters) are listed first.
    let warnings = r.bench.warnings.filter { !$0.kind.isRoutine }.map(\.text)
    let notes = r.bench.warnings.filter(\.kind.isRoutine).map(\.text)
    if !warnings.isEmpty || !notes.isEmpty {
      h += "<details class=\"notes\"><summary>\(count(warnings.count, "warning")) and "
      h += "\(count(notes.count, "note")) on the figures</summary>\n<ul>\n"
      for w in warnings { h += "<li class=\"warn\">Warning: \(escapeHTML(w))</li>\n" }
      for w in notes { h += "<li>\(escapeHTML(w))</li>\n" }
      h += "</ul>\n</details>\n"
    }
    h += "<details class=\"facts\"><summary>Run: \(counted(r.corpus.drawings, "drawing")) from "
    h += "<code>\(escapeHTML(r.corpus.root))</code>, "
    h += "\(counted(r.strategies.count, "strategy", "strategies")), "
    h += "\(escapeHTML(r.machine.buildConfiguration)) build, commit "
    h += "\(escapeHTML(r.provenance.commitLabel))"
    h += "</summary>\n"
    h += "<div class=\"scroll\"><table>\n"
    let rows: [(String, String)] = [
      ("Command", "sigbench " + r.commandLine.joined(separator: " ")),
      ("Started", r.createdAt),
      ("Build", r.machine.buildConfiguration),
      (
        "Machine",
        "\(r.machine.cpuModel), \(r.machine.cores) cores, \(r.machine.os), \(r.machine.toolchain)"
      ),
      ("Commit", commitFact(r.provenance)),
      (
        "Corpus",
        "\(r.corpus.root): \(counted(r.corpus.filesRead, "file")), "
          + "\(counted(r.corpus.drawings, "drawing")), \(counted(r.corpus.strokes, "stroke")), "
          + "\(counted(r.corpus.points, "point")); formats "
          + r.corpus.formats.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
          .joined(separator: ", ") + "; checksum \(r.provenance.corpusChecksum)"
      ),
      (
        "Timer",
        "\(r.timer.clock): resolution \(formatNanoseconds(r.timer.resolutionNs)), "
          + "smallest step \(formatNanoseconds(r.timer.smallestStepNs)), empty bracket p50 "
          + "\(formatNanoseconds(r.timer.overheadNs)) / p99 \(formatNanoseconds(r.timer.overheadP99Ns)) "
          + "(included in every per-point figure)"
      ),
    ]
    for (k, v) in rows { h += "<tr><th>\(escapeHTML(k))</th><td>\(escapeHTML(v))</td></tr>\n" }
    h += "<tr><th>Sample rates</th><td>\(escapeHTML(sampleRates(r)))</td></tr>\n"
    h += "<tr><th>Strategies</th><td><ul class=\"plain\">"
    for st in r.strategies {
      let opts = st.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      h += "<li><code>\(escapeHTML(st.label))</code>"
      h += opts.isEmpty ? "" : " — \(escapeHTML(opts.joined(separator: ", ")))"
      h += "</li>"
    }
    h += "</ul></td></tr>\n</table></div>\n</details>\n"
    if !r.corpus.skipped.isEmpty || !r.corpus.rejected.isEmpty {
      h += "<details open><summary>Files not used (\(r.corpus.skipped.count) skipped, "
      h += "\(r.corpus.rejected.count) rejected)</summary>\n<ul>\n"
      let notes =
        r.corpus.rejected.map { ("rejected", $0) } + r.corpus.skipped.map { ("skipped", $0) }
      for (what, f) in notes.prefix(listedFileNotes) {
        h += "<li>\(what) <code>\(escapeHTML(f.file))</code>: \(escapeHTML(f.message))</li>\n"
      }
      h += notListed(notes.count, field: "corpus.rejected and corpus.skipped")
      h += "</ul>\n</details>\n"
    }
    if !r.corpus.warnings.isEmpty {
      h += "<details><summary>Reader warnings (\(r.corpus.warnings.count))</summary>\n<ul>\n"
      for w in r.corpus.warnings.prefix(listedFileNotes) { h += "<li>\(escapeHTML(w))</li>\n" }
      h += notListed(r.corpus.warnings.count, field: "corpus.warnings")
      h += "</ul>\n</details>\n"
    }
    h += "</section>\n"
    return h
  }

  /// "1 warning", "3 notes", "no warning".
  static func count(_ n: Int, _ noun: String) -> String {
    n == 0 ? "no \(noun)" : counted(n, noun)
  }

  /// Files not used and reader warnings listed on the sheet, each list: the first this many in
  /// corpus order (a 10,000-file corpus can have thousands of warnings; `result.json` keeps
  /// them all).
  public static let listedFileNotes = 100

  /// The closing item of a list cut at `listedFileNotes`: how many more, and where they are.
  static func notListed(_ count: Int, field: String) -> String {
    guard count > listedFileNotes else { return "" }
    return "<li>… and \(count - listedFileNotes) more: every one is in <code>result.json</code> "
      + "(<code>\(field)</code>).</li>\n"
  }

  /// Largest share of changed ink over a sample's strategies (0 without a comparison).
  static func maxChange(_ s: SampleEntry) -> Double {
    s.inkDiff?.values.map { $0.changedPixels > 0 ? max($0.changedShare, 1e-9) : 0 }.max() ?? 0
  }

  /// Samples in corpus order, except that with an ink comparison, changed samples come first
  /// (most changed first).
  static func orderedSamples(_ r: RunResult) -> [SampleEntry] {
    guard r.inkBaseRun != nil else { return r.samples }
    return r.samples.enumerated().sorted { a, b in
      let ca = maxChange(a.element)
      let cb = maxChange(b.element)
      return ca != cb ? ca > cb : a.offset < b.offset
    }.map(\.element)
  }

  /// Rates in bins with counts, highest count first: "100 Hz: 80 drawings; 60 Hz: 12;
  /// 30–60 Hz: 40; timed, rate not stated: 3; untimed: 2". A rate within 5 % of a common device
  /// rate (`deviceRates`; the nearest when two are) counts as that rate (readers estimate rates from timestamps, so
  /// 100.00000000009 and 99.9 Hz are one device); any other falls into a range of
  /// `rateRanges`.
  public static func sampleRates(_ r: RunResult) -> String {
    var counts: [String: Int] = [:]
    var order: [String: Double] = [:]
    for s in r.samples {
      let key: String
      if let rate = s.sampleRate ?? legacyRate(s.metadata["sample rate"]) {
        let bin = rateBin(rate)
        key = bin.0
        order[key] = bin.1
      } else {
        key = s.timed ? "timed, rate not stated" : "untimed"
        order[key] = .infinity
      }
      counts[key, default: 0] += 1
    }
    if counts.isEmpty { return "–" }
    let sorted = counts.sorted { a, b in
      a.value != b.value ? a.value > b.value : (order[a.key]!, a.key) < (order[b.key]!, b.key)
    }
    return sorted.enumerated().map { i, e in
      "\(e.key): \(e.value)\(i == 0 ? (e.value == 1 ? " drawing" : " drawings") : "")"
    }.joined(separator: "; ")
  }

  /// Rates digitizers and touch screens commonly report, Hz.
  static let deviceRates: [Double] = [30, 50, 60, 75, 90, 100, 120, 125, 133, 200, 240, 250, 500]
  /// Ranges for the other rates, Hz (lower bound inclusive).
  static let rateRanges: [Double] = [0, 10, 30, 60, 100, 200, 500, 1000]

  /// The bin of `rate` and its sort position.
  static func rateBin(_ rate: Double) -> (String, Double) {
    if let d = deviceRates.filter({ abs(rate - $0) <= 0.05 * $0 }).min(by: {
      abs(rate - $0) < abs(rate - $1)
    }) {
      return ("\(Int(d)) Hz", d)
    }
    let lo = rateRanges.last { $0 <= rate } ?? 0
    guard let hi = rateRanges.first(where: { $0 > rate }) else {
      return ("≥ \(Int(lo)) Hz", lo)
    }
    return ("\(Int(lo))–\(Int(hi)) Hz", lo)
  }

  /// The rate in a "sample rate" metadata text ("100.00000000009095 Hz") of older results.
  static func legacyRate(_ text: String?) -> Double? {
    guard let text, text.hasSuffix(" Hz"), let v = Double(text.dropLast(3)), v.isFinite, v > 0
    else { return nil }
    return v
  }

  /// A `ReportTable` as a section.
  static func table(_ t: ReportTable, id: String) -> String {
    var h =
      "<section id=\"\(id)\">\n<h2>\(escapeHTML(t.title))</h2>\n<p>\(escapeHTML(t.note))</p>\n"
    h += "<div class=\"scroll\"><table>\n<thead><tr>"
    for c in t.columns { h += "<th>\(escapeHTML(c))</th>" }
    h += "</tr></thead>\n<tbody>\n"
    for row in t.rows {
      h += "<tr>"
      for (i, cell) in row.enumerated() {
        h += i == 0 ? "<th>\(escapeHTML(cell))</th>" : "<td class=\"num\">\(escapeHTML(cell))</td>"
      }
      h += "</tr>\n"
    }
    return h + "</tbody>\n</table></div>\n</section>\n"
  }
}
