import SigbenchReport
import SigbenchResults
import SigbenchTestSupport
import Testing

@Suite("report snapshots")
struct ReportSnapshotTests {
  /// The fixed fixture with its one time-dependent field blanked.
  static func fixed() -> RunResult {
    var r = IndexPageTests.fixture()
    r.createdAt = "(timestamp removed)"
    r.samples[0].page = SamplePageInfo(
      path: "samples/0000-tap.html", rawOverlay: "img/0000/raw-overlay.png",
      large: ["straight": "img/0000/straight-large.png"],
      midStroke: ["straight": "img/0000/straight-mid.png"],
      midStrokeNote: "Stroke 1 of 1 after 1 of 1",
      endCrop: ["straight": "img/0000/straight-end.png"], cornerCrop: [:], cornerNote: nil,
      metrics: [
        "straight": SampleMetrics(
          segments: 0, fillElements: 1, endGapPx: nil, truthMeanPx: nil, truthMaxPx: nil)
      ])
    return r
  }

  @Test("index.html from a fixed result matches its snapshot")
  func index() {
    let message = checkTextSnapshot(IndexPage.render(Self.fixed()), named: "index.html")
    #expect(message == nil, "\(message ?? "")")
  }

  @Test("a sample page from a fixed result matches its snapshot")
  func samplePage() {
    let r = Self.fixed()
    let html = SamplePage.render(r, sample: r.samples[0]) ?? ""
    let message = checkTextSnapshot(html, named: "sample-page.html")
    #expect(message == nil, "\(message ?? "")")
  }
}
