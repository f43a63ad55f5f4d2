import Foundation
import SigbenchDigest
import SigbenchResults
import Testing

@testable import SigbenchReport

/// Every report page carries one small inline script (legend toggle, sortable tables) under a
/// Content-Security-Policy that admits exactly that script and its one style sheet by hash (#41).
/// The pages used to promise "no script"; the browser behaviour is checked by
/// `scripts/check-report.sh` (a key hides and shows its series, a heading sorts its table, no
/// policy violation).
@Suite("page script and policy")
struct PageScriptTests {
  /// Every kind of page, on a result of 12 strategies whose gallery runs to a second page.
  static func pages() throws -> [(name: String, html: String)] {
    var r = PageLayoutTests.result()
    let one = r.samples[0]
    r.samples = (0..<(IndexPage.rowsPerPage + 1)).map { i in
      var s = one
      s.name = "d\(i)"
      return s
    }
    let gallery = try #require(IndexPage.galleryPages(r).first)
    return [
      ("index", IndexPage.render(r)), ("gallery", gallery.html),
      ("sample", try #require(SamplePage.render(r, sample: one))),
      ("metrics", MetricsPage.render()),
      ("history", HistorySection.page(PageLayoutTests.crowdedHistory(), title: "history")),
    ]
  }

  /// The bodies of every inline `<tag>…</tag>`.
  static func inline(_ tag: String, in html: String) -> [String] {
    html.components(separatedBy: "<\(tag)>").dropFirst().compactMap {
      $0.components(separatedBy: "</\(tag)>").first
    }
  }

  @Test("each page's policy admits exactly its one script and one style sheet, by SHA-256")
  func policyAdmitsExactlyThePage() throws {
    for (name, html) in try Self.pages() {
      let scripts = Self.inline("script", in: html)
      let styles = Self.inline("style", in: html)
      #expect(scripts.count == 1 && styles.count == 1, "\(name)")
      let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\""
      let policy = try #require(
        html.components(separatedBy: meta).dropFirst().first?.components(separatedBy: "\"").first,
        "\(name) has no policy")
      #expect(
        policy
          == "default-src 'none'; script-src \(SHA256Digest.cspSource(scripts[0])); "
          + "style-src \(SHA256Digest.cspSource(styles[0])); img-src 'self'; base-uri 'none'; "
          + "form-action 'none'", "\(name)")
      // The policy comes before anything it governs.
      let at = try #require(html.range(of: meta)).lowerBound
      let style = try #require(html.range(of: "<style>")).lowerBound
      #expect(at < style, "\(name)")
      // Nothing the hashes would refuse: no inline handlers or style attributes, no URL fetches.
      for refused in [" onclick=", " onload=", " style=\"", "javascript:", "http://", "https://"] {
        #expect(!html.contains(refused), "\(name) contains \(refused)")
      }
    }
  }

  @Test("the script cannot end its own tag, and the page reads without it")
  func scriptIsSmallAndOptional() throws {
    #expect(!PageScript.source.lowercased().contains("</script"))
    #expect(!PageScript.source.contains("<!--"))
    #expect(PageScript.source.utf8.count < 4_000, "\(PageScript.source.utf8.count) bytes")
    // Everything the script works on is already in the HTML: it adds no content of its own.
    for call in ["innerHTML", "insertAdjacentHTML", "document.write", "fetch(", "XMLHttpRequest"] {
      #expect(!PageScript.source.contains(call), "\(call)")
    }
  }

  @Test("every legend key names a series of its own chart, so a click can hide it")
  func keysMatchSeries() throws {
    for (name, html) in try Self.pages() {
      for svg in html.components(separatedBy: "<svg class=\"chart\"").dropFirst() {
        let chart = svg.components(separatedBy: "</svg>")[0]
        let keys = Self.ids(of: "g class=\"key\"", in: chart)
        let series = Set(Self.ids(of: "g class=\"series\"", in: chart))
        #expect(Set(keys).count == keys.count, "\(name): a key repeats")
        #expect(Set(keys) == series, "\(name): keys \(keys) for series \(series.sorted())")
      }
    }
  }

  static func ids(of element: String, in svg: String) -> [String] {
    svg.components(separatedBy: "<\(element) data-series=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
  }
}

/// Phones (#41): at 390 px the history charts (434 px wide) made the page scroll sideways. Every
/// chart and table of every page sits in its own scroll box, so only the box scrolls.
@Suite("pages on a phone")
struct PhoneWidthTests {
  @Test("every chart and every table is inside a scroll box")
  func wideThingsScrollInTheirBox() throws {
    for (name, html) in try PageScriptTests.pages() {
      for opening in ["<svg class=\"chart\"", "<table"] {
        let pieces = html.components(separatedBy: opening)
        for k in 1..<pieces.count {
          let before = pieces[0..<k].joined(separator: opening)
          #expect(Self.insideScroll(before), "\(name): \(opening) #\(k) is outside a scroll box")
        }
      }
    }
  }

  /// Whether the end of `html` is inside an open `<div class="scroll">`.
  static func insideScroll(_ html: String) -> Bool {
    var stack: [Bool] = []
    var rest = html[...]
    while let open = rest.range(of: "<div") {
      let close = rest.range(of: "</div>")
      if let close, close.lowerBound < open.lowerBound {
        if !stack.isEmpty { stack.removeLast() }
        rest = rest[close.upperBound...]
        continue
      }
      let tag = rest[open.lowerBound...].prefix { $0 != ">" }
      stack.append(tag.contains("class=\"scroll\""))
      rest = rest[open.upperBound...]
    }
    while let close = rest.range(of: "</div>") {
      if !stack.isEmpty { stack.removeLast() }
      rest = rest[close.upperBound...]
    }
    return stack.contains(true)
  }
}
