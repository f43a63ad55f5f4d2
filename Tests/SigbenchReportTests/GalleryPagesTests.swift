import SigbenchReport
import SigbenchResults
import Testing

/// Issue 16, item 4: the index keeps a bounded gallery at any corpus size (one row per drawing
/// was 237 rows and 1,185 thumbnails for `../shared/corpus`), worst-scoring first with the rule
/// stated, and the rest on further pages. Scaled down from 10,000 drawings to 120.
@Suite("bounded gallery")
struct GalleryPagesTests {
  /// A result of `n` drawings; drawing i scores `score(i)` px mean distance from the reference.
  static func result(_ n: Int, score: (Int) -> Double) -> RunResult {
    var r = IndexPageTests.fixture()
    r.samples = (0..<n).map { i in
      let dir = "img/\(i)"
      var e = SampleEntry(
        name: "d\(i)", format: "native", strokes: 1, points: 10, hoverPoints: 0, timed: true,
        hasPressure: false, metadata: [:], rawImage: "\(dir)/raw.png",
        images: ["straight": "\(dir)/straight.png"])
      var page = SamplePageInfo(
        path: "samples/\(i).html", rawOverlay: "\(dir)/o.png", large: [:], midStroke: [:],
        midStrokeNote: "", endCrop: [:], cornerCrop: [:], cornerNote: nil, metrics: [:])
      var q = QualityFigures()
      q[.accuracyMean] = score(i)
      page.quality = ["straight": q]
      e.page = page
      return e
    }
    return r
  }

  static func rows(_ html: String) -> [String] {
    html.components(separatedBy: "<div class=\"drawing\"><h3><a href=\"samples/").dropFirst().map {
      String($0.prefix { $0 != "." })
    }
  }

  @Test(
    "120 drawings: 50 on the index, worst first with the rule stated; pages 2 and 3 hold the rest")
  func paged() throws {
    let r = Self.result(120) { i in Double((i * 37) % 120) }
    let index = IndexPage.render(r)
    let shown = Self.rows(index)
    #expect(shown.count == IndexPage.rowsPerPage)
    #expect(shown.first == "\((0..<120).first { ($0 * 37) % 120 == 119 }!)")
    #expect(index.contains("worst-scoring first"))
    #expect(index.contains("Drawings 1–50 of 120"))
    #expect(index.contains("<a href=\"gallery-2.html\">2</a>"))
    #expect(index.contains("<a href=\"gallery-3.html\">3</a>"))
    let pages = IndexPage.galleryPages(r)
    #expect(pages.map(\.path) == ["gallery-2.html", "gallery-3.html"])
    let all = shown + pages.flatMap { Self.rows($0.html) }
    #expect(all.count == 120)
    #expect(Set(all).count == 120)
    #expect(pages[1].html.contains("Drawings 101–120 of 120"))
    #expect(pages[1].html.contains("<a href=\"index.html\">1</a>"))
    // Worst first throughout: the scores never rise along the pages.
    let scores = all.map { Double((Int($0)! * 37) % 120) }
    #expect(scores == scores.sorted(by: >))
    #expect(IndexPage.galleryPages(r).map(\.html) == pages.map(\.html))  // same bytes again
  }

  @Test("a gallery that fits on the index keeps corpus order and has no further pages")
  func fits() {
    let r = Self.result(12) { i in Double(i) }
    #expect(Self.rows(IndexPage.render(r)) == (0..<12).map(String.init))
    #expect(IndexPage.galleryPages(r).isEmpty)
  }

  @Test("a run without pictures says so instead of a gallery")
  func noPictures() {
    var r = Self.result(3) { _ in 1 }
    for i in r.samples.indices {
      r.samples[i].rawImage = ""
      r.samples[i].images = [:]
      r.samples[i].page = nil
    }
    let html = IndexPage.render(r)
    #expect(html.contains("No pictures in this run"))
    #expect(!html.contains("<img src=\"\""))
  }
}
