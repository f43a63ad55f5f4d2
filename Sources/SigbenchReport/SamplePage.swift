import SigbenchResults

/// One sample's page (`samples/<n>-<name>.html`): large renders of every strategy side by side
/// with the raw samples overlaid on demand (a CSS-only toggle), the mid-stroke moment with the
/// tentative tail in its own colour, zoomed crops of the stroke end and the sharpest corner,
/// the sample's metadata and per-strategy metrics. Generated from `RunResult` alone.
public enum SamplePage {
  public static func render(_ r: RunResult, sample s: SampleEntry) -> String? {
    guard let page = s.page else { return nil }
    // Pages live one folder down: every link goes up one level.
    func src(_ path: String) -> String { escapeURLPath("../" + path) }
    var h = PageHead.render(
      title: "\(s.name) — sigbench run \(r.runID)", style: IndexPage.stylesheet + stylesheet)
    h += "<p><a href=\"../index.html\">← run \(escapeHTML(r.runID))</a></p>\n"
    h += "<h1>\(escapeHTML(s.name))</h1>\n"
    h += "<p>\(escapeHTML(s.format)), \(s.strokes) strokes, \(s.points) points"
    h += s.hoverPoints > 0 ? ", \(s.hoverPoints) hover points" : ""
    h += s.hasPressure ? ", pressure" : ""
    h += s.timed ? "" : ", untimed"
    h += "</p>\n"
    if let failures = s.failures, !failures.isEmpty {
      h += "<div class=\"warn\"><strong>Failed cells</strong> (left out of the figures and "
      h += "pictures below; the run exits 3):<ul class=\"plain\">"
      for f in failures {
        h += "<li><code>\(escapeHTML(f.who))</code>, "
        h += "\(escapeHTML(f.stage.rawValue)): \(escapeHTML(f.reason))</li>"
      }
      h += "</ul></div>\n"
    }

    h += "<div class=\"scroll\"><table class=\"meta\">\n"
    for (k, v) in s.metadata.sorted(by: { $0.key < $1.key }) {
      h += "<tr><th>\(escapeHTML(k))</th><td>\(escapeHTML(v))</td></tr>\n"
    }
    h += "</table></div>\n"

    h += "<h2>Metrics</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>strategy</th>"
    h += "<th>centreline segments</th><th>fill elements</th><th>end gap</th>"
    h += "<th>error vs truth (mean / max)</th></tr></thead>\n<tbody>\n"
    for st in r.picturedStrategies {
      guard let m = page.metrics[st.label] else { continue }
      h += "<tr><th><code>\(escapeHTML(st.label))</code></th><td class=\"num\">\(m.segments)</td>"
      h += "<td class=\"num\">\(m.fillElements)</td>"
      h += "<td class=\"num\">\(m.endGapPx.map { format($0, digits: 2) + " px" } ?? "–")</td>"
      if let mean = m.truthMeanPx, let mx = m.truthMaxPx {
        h += "<td class=\"num\">\(format(mean, digits: 3)) / \(format(mx, digits: 3)) px</td>"
      } else {
        h += "<td>no ground truth</td>"
      }
      h += "</tr>\n"
    }
    h += "</tbody>\n</table></div>\n"
    h += qualityTable(r, page)

    h += "<h2>Final ink</h2>\n"
    h += "<input type=\"checkbox\" id=\"raw-toggle\"><label for=\"raw-toggle\"> overlay the raw "
    h += "samples (blue dots)</label>\n<div class=\"renders\">\n"
    for st in r.picturedStrategies {
      guard let img = page.large[st.label] else { continue }
      h += "<figure><div class=\"stack\"><img src=\"\(src(img))\" alt=\"\(escapeHTML(st.label)) "
      h += "ink of \(escapeHTML(s.name))\">"
      // No overlay when the raw samples' pictures failed (their path is empty).
      if !page.rawOverlay.isEmpty {
        h += "<img class=\"raw\" src=\"\(src(page.rawOverlay))\" alt=\"raw samples\">"
      }
      h += "</div><figcaption><code>\(escapeHTML(st.label))</code>"
      h += "</figcaption></figure>\n"
    }
    h += "</div>\n"

    h += "<h2>Mid-stroke: stable ink and the tentative tail</h2>\n"
    h += "<p>\(escapeHTML(page.midStrokeNote)). Stable ink is black; the tail the strategy may "
    h += "still revise is <span class=\"tentative\">orange</span>; raw samples are blue dots.</p>\n"
    h += "<div class=\"renders\">\n"
    for st in r.picturedStrategies {
      guard let img = page.midStroke[st.label] else { continue }
      h += "<figure><img src=\"\(src(img))\" alt=\"\(escapeHTML(st.label)) mid-stroke\">"
      h += "<figcaption><code>\(escapeHTML(st.label))</code></figcaption></figure>\n"
    }
    h += "</div>\n"

    for (title, crops, note) in [
      ("Stroke end (zoomed)", page.endCrop, "Centred on the last sample of the last stroke."),
      ("Sharpest corner (zoomed)", page.cornerCrop, page.cornerNote ?? ""),
    ] where !crops.isEmpty {
      h += "<h2>\(escapeHTML(title))</h2>\n<p>\(escapeHTML(note)) Blue dots are raw samples.</p>\n"
      h += "<div class=\"renders crops\">\n"
      for st in r.picturedStrategies {
        guard let img = crops[st.label] else { continue }
        h +=
          "<figure><img src=\"\(src(img))\" alt=\"\(escapeHTML(st.label)): \(escapeHTML(title))\">"
        h += "<figcaption><code>\(escapeHTML(st.label))</code></figcaption></figure>\n"
      }
      h += "</div>\n"
    }
    if let diffs = s.inkDiff, let base = r.inkBaseRun {
      h += "<h2>Ink against run <code>\(escapeHTML(base))</code></h2>\n"
      h += "<p>Base, this run, and the difference: red is ink only the base had, blue is ink only "
      h += "this run has, grey is ink both have.</p>\n<div class=\"scroll\"><table>\n"
      h += "<thead><tr><th>strategy</th><th>changed</th><th>base</th><th>this run</th>"
      h += "<th>difference</th></tr></thead>\n<tbody>\n"
      for st in r.picturedStrategies {
        guard let d = diffs[st.label] else { continue }
        h += "<tr><th><code>\(escapeHTML(st.label))</code></th>"
        if d.missingInBase {
          h += "<td>new (not in base)</td><td>–</td>"
        } else {
          h += "<td class=\"num\">\(format(d.changedShare * 100, digits: 2)) % "
          h += "(\(d.changedPixels) px)</td><td><img src=\"\(src(d.base))\" alt=\"base\"></td>"
        }
        h += "<td><img src=\"\(src(s.images[st.label] ?? ""))\" alt=\"this run\"></td>"
        h +=
          d.missingInBase
          ? "<td>–</td>" : "<td><img src=\"\(src(d.diff))\" alt=\"difference\"></td>"
        h += "</tr>\n"
      }
      h += "</tbody>\n</table></div>\n"
    }
    h += "</body>\n</html>\n"
    return h
  }

  static let stylesheet = """
    .renders{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:12px}
    .renders.crops{grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
    figure{margin:0}
    figcaption{font-size:12px}
    .stack{position:relative;display:block}
    .stack img{display:block;width:100%;height:auto;border:1px solid #ddd}
    .stack img.raw{position:absolute;left:0;top:0;display:none;border-color:transparent}
    #raw-toggle:checked ~ .renders .stack img.raw{display:block}
    .renders img{width:100%;height:auto;border:1px solid #ddd}
    .tentative{color:#e65014;font-weight:bold}
    @media print{#raw-toggle,label[for=raw-toggle]{display:none}}
    """

  /// Every quality metric of this sample, one column per strategy (metric rows, so the long
  /// catalog reads down the page); the best value of each row marked.
  static func qualityTable(_ r: RunResult, _ page: SamplePageInfo) -> String {
    guard let q = page.quality, !q.isEmpty else { return "" }
    let labels = r.strategies.map(\.label).filter { q[$0] != nil }
    let reference = ByConstruction.reference(r)
    var h = "<h2>Quality</h2>\n<p>Against this drawing's ground truth where it has one, else "
    h +=
      "against its input polyline; ★ marks the best value of a row and those tied with it "
    h += "(within 1 % and the metric's floor), only where they beat the rest; † a value the "
    h += "reference reaches by construction. "
    h += "<a href=\"../\(QualityFormat.definitionsPage)\">Definitions</a>.</p>\n"
    h += "<div class=\"scroll\"><table class=\"quality\">\n<thead><tr><th>metric</th>"
    for l in labels { h += "<th><code>\(escapeHTML(l))</code></th>" }
    h += "</tr></thead>\n<tbody>\n"
    for m in QualityMetric.catalog {
      let values = labels.map { m.value(in: q[$0]!) }
      let best = m.stars(
        of: ByConstruction.ranked(m, values, labels: labels, reference: reference))
      h += "<tr><th><a href=\"../\(QualityFormat.definitionsPage)#\(QualityFormat.anchor(m))\" "
      h += "title=\"\(escapeHTML(m.meaning))\">\(escapeHTML(QualityFormat.heading(m)))</a></th>"
      for (i, v) in values.enumerated() {
        let star = best.contains(i)
        let text = escapeHTML(QualityFormat.value(m, v, unit: false))
        let given = ByConstruction.applies(m, label: labels[i], reference: reference, value: v)
        h += "<td class=\"num\(star ? " best" : "")\">\(text)"
        h += star ? " ★</td>" : given ? " †</td>" : "</td>"
      }
      h += "</tr>\n"
    }
    return h + "</tbody>\n</table></div>\n"
  }
}
