import SigbenchResults

/// The sheet's gallery, bounded: the index shows at most `rowsPerPage` drawings and the rest go
/// to `gallery-2.html`, `gallery-3.html`, … in the run folder, `rowsPerPage` each, in one order
/// stated on every page. A 10,000-drawing run keeps a usable index (one row per drawing was 237
/// rows, 1,185 thumbnails and 67 MB for `../shared/corpus`).
///
/// Order: with an ink comparison, changed drawings first, most changed first; otherwise, when
/// the gallery is paged, the worst-scoring first (largest mean distance from the reference over
/// the strategies); then corpus order. A gallery that fits on the index keeps corpus order.
extension IndexPage {
  /// Drawings on the index and on each further gallery page.
  public static let rowsPerPage = 50

  /// The gallery section of the index (the first page).
  static func gallery(_ r: RunResult) -> String {
    galleryPage(r, page: 1)
  }

  /// Every further gallery page: its file name in the run folder and its HTML.
  public static func galleryPages(_ r: RunResult) -> [(path: String, html: String)] {
    let pages = pageCount(r)
    guard pages > 1 else { return [] }
    return (2...pages).map { k in
      var h = PageHead.render(
        title: "sigbench run \(r.runID): gallery page \(k) of \(pages)", style: stylesheet)
      h += "<p><a href=\"index.html\">← run \(escapeHTML(r.runID))</a></p>\n"
      h += galleryPage(r, page: k)
      h += "</body>\n</html>\n"
      return (galleryFile(k), h)
    }
  }

  /// `index.html` for page 1, `gallery-K.html` for the others.
  static func galleryFile(_ page: Int) -> String {
    page == 1 ? "index.html" : "gallery-\(page).html"
  }

  static func pageCount(_ r: RunResult) -> Int {
    max(1, (galleryEntries(r).count + rowsPerPage - 1) / rowsPerPage)
  }

  /// The drawings a gallery can show (a run without pictures has none).
  static func galleryEntries(_ r: RunResult) -> [SampleEntry] {
    r.samples.filter { !$0.rawImage.isEmpty }
  }

  /// The worst mean distance from the reference over a drawing's strategies (0 without one).
  static func worstScore(_ s: SampleEntry) -> Double {
    s.page?.quality?.values.compactMap { $0[.accuracyMean] }.max() ?? 0
  }

  /// The gallery's order and the sentence that states it.
  static func galleryOrder(_ r: RunResult) -> (entries: [SampleEntry], rule: String) {
    let entries = galleryEntries(r)
    if r.inkBaseRun != nil {
      return (
        orderedSamples(RunResult.galleryCopy(r, entries)),
        "changed drawings first, most changed first (largest share of changed pixels over the "
          + "strategies), then corpus order"
      )
    }
    guard entries.count > rowsPerPage else { return (entries, "corpus order") }
    let sorted = entries.enumerated().sorted { a, b in
      let sa = worstScore(a.element)
      let sb = worstScore(b.element)
      return sa != sb ? sa > sb : a.offset < b.offset
    }.map(\.element)
    return (
      sorted,
      "worst-scoring first: the largest mean distance from the reference (ground truth where the "
        + "corpus has it, else the input polyline) over the strategies, then corpus order"
    )
  }

  /// Gallery page `page` (1 = the index's section).
  static func galleryPage(_ r: RunResult, page: Int) -> String {
    var h = "<section id=\"gallery\" class=\"gallery\">\n<h2>Ink</h2>\n"
    let all = galleryEntries(r)
    if all.isEmpty {
      h += "<p>No pictures in this run (<code>--no-render</code>): metrics, quality and timing "
      h += "only.</p>\n</section>\n"
      return h
    }
    if let base = r.inkBaseRun {
      let changed = all.filter { maxChange($0) > 0 }
      h += "<p>Ink compared with run <code>\(escapeHTML(base))</code>: \(changed.count) of "
      h += "\(all.count) samples changed (listed first; details on each sample's page).</p>\n"
    }
    let (ordered, rule) = galleryOrder(r)
    let pages = pageCount(r)
    let from = (page - 1) * rowsPerPage
    let rows = Array(ordered[min(from, ordered.count)..<min(from + rowsPerPage, ordered.count)])
    if pages > 1 {
      h += "<p>Drawings \(from + 1)–\(from + rows.count) of \(ordered.count) (\(rowsPerPage) a "
      h += "page; order: \(escapeHTML(rule))). Pages: "
      h += (1...pages).map { k in
        k == page ? "<strong>\(k)</strong>" : "<a href=\"\(galleryFile(k))\">\(k)</a>"
      }.joined(separator: " ")
      h += "</p>\n"
    }
    for sample in rows { h += galleryRow(r, sample) }
    return h + "</section>\n"
  }

  /// One drawing: its name (linking to its page) and facts, then its raw input and every
  /// strategy's ink as a grid of pictures at least 200 px wide that wraps into rows, so every
  /// strategy is on screen without scrolling sideways.
  static func galleryRow(_ r: RunResult, _ sample: SampleEntry) -> String {
    let name =
      sample.page.map { "<a href=\"\(escapeURLPath($0.path))\">\(escapeHTML(sample.name))</a>" }
      ?? escapeHTML(sample.name)
    var h = "<div class=\"drawing\"><h3>\(name) <small>\(escapeHTML(sample.format)), "
    h += "\(sample.strokes) strokes, \(sample.points) points"
    if sample.hasPressure { h += ", pressure" }
    if !sample.timed { h += ", untimed" }
    if let diffs = sample.inkDiff {
      let changed = diffs.filter { $0.value.changedPixels > 0 }.sorted { $0.key < $1.key }
      h += changed.isEmpty ? "; ink unchanged" : "; <strong>ink changed:</strong> "
      h += changed.map {
        "\(escapeHTML($0.key)) \(format($0.value.changedShare * 100, digits: 1)) %"
      }
      .joined(separator: ", ")
    }
    h += "</small></h3>\n<div class=\"inks\">"
    if let failed = FailedCellsSection.placeholder(sample, strategy: nil) {
      h += "<figure>\(failed)<figcaption>raw input</figcaption></figure>"
    } else {
      h += "<figure><img src=\"\(escapeURLPath(sample.rawImage))\" alt=\"raw samples of "
      h += "\(escapeHTML(sample.name))\"><figcaption>raw input</figcaption></figure>"
    }
    for s in r.picturedStrategies {
      h += "<figure>"
      if let img = sample.images[s.label] {
        h += sample.page.map { "<a href=\"\(escapeURLPath($0.path))\">" } ?? ""
        h += "<img src=\"\(escapeURLPath(img))\" alt=\"\(escapeHTML(s.label)) ink of "
        h += "\(escapeHTML(sample.name))\">" + (sample.page == nil ? "" : "</a>")
      } else {
        h +=
          FailedCellsSection.placeholder(sample, strategy: s.label)
          ?? "<span class=\"none\">–</span>"
      }
      h += "<figcaption><code>\(escapeHTML(s.label))</code></figcaption></figure>"
    }
    return h + "</div></div>\n"
  }
}

extension RunResult {
  /// This result with only `samples` (the gallery's ordering reads samples and the base run).
  fileprivate static func galleryCopy(_ r: RunResult, _ samples: [SampleEntry]) -> RunResult {
    var c = r
    c.samples = samples
    return c
  }
}
