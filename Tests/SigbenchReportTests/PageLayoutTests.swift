import Foundation
import SigbenchReport
import SigbenchResults
import Testing

/// Ink side by side and pages that scan (#41): each test fails on the pages as they were (a
/// gallery table whose last strategy column hid in a scroll box, ~95 px thumbnails, sample pages
/// stacking nine renders, a history page of one chart per series).
@Suite("page layout")
struct PageLayoutTests {
  static let strategies = (1...12).map { "strategy-\($0)" }

  /// Twelve strategies on three drawings, each with its picture and page.
  static func result() -> RunResult {
    var r = IndexPageTests.fixture()
    r.strategies = strategies.map { StrategyInfo(label: $0, id: $0, options: [:]) }
    r.samples = (0..<3).map { i in
      var e = SampleEntry(
        name: "d\(i)", format: "native", strokes: 1, points: 10, hoverPoints: 0, timed: true,
        hasPressure: false, metadata: [:], rawImage: "img/\(i)/raw.png",
        images: Dictionary(uniqueKeysWithValues: strategies.map { ($0, "img/\(i)/\($0).png") }))
      e.page = SamplePageInfo(
        path: "samples/\(i).html", rawOverlay: "img/\(i)/o.png",
        large: Dictionary(uniqueKeysWithValues: strategies.map { ($0, "img/\(i)/\($0)-l.png") }),
        midStroke: [:], midStrokeNote: "", endCrop: [:], cornerCrop: [:], cornerNote: nil,
        metrics: [:])
      return e
    }
    return r
  }

  @Test("the gallery: every strategy of a drawing in one wrapping grid of pictures ≥ 200 px")
  func galleryGrid() throws {
    let html = IndexPage.render(Self.result())
    #expect(
      html.contains(".inks{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))"))
    let drawings = html.components(separatedBy: "<div class=\"drawing\">").dropFirst()
    #expect(drawings.count == 3)
    for d in drawings {
      let grid = try #require(d.components(separatedBy: "<div class=\"inks\">").dropFirst().first)
      #expect(grid.components(separatedBy: "<figure>").count - 1 == Self.strategies.count + 1)
    }
    // No table holds the gallery (a table's last column hid in a scroll box at 1400 px).
    let gallery = try #require(html.components(separatedBy: "<section id=\"gallery\"").last)
    #expect(!gallery.contains("<table"))
  }

  @Test("a sample page puts the renders side by side in an aligned grid")
  func sampleGrid() throws {
    let r = Self.result()
    let html = try #require(SamplePage.render(r, sample: r.samples[0]))
    #expect(
      html.contains(
        ".renders{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr))"))
    #expect(!html.contains(".renders{display:flex"))
    let renders = try #require(
      html.components(separatedBy: "<div class=\"renders\">").dropFirst().first)
    #expect(renders.components(separatedBy: "<figure>").count - 1 >= Self.strategies.count)
  }

  @Test("a history of 12 strategies and 20 runs: six headline charts, every series a folded row")
  func historyScans() throws {
    let html = HistorySection.page(Self.crowdedHistory(), title: "sigbench history")
    let series = Self.crowdedHistory().series
    #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 6)
    #expect(html.components(separatedBy: "<svg class=\"spark\"").count - 1 == series.count)
    #expect(html.components(separatedBy: "<details id=\"s-").count - 1 == Self.strategies.count)
    #expect(html.contains("20 runs, \(series.count) series"))
    // One chart per series was 624 charts here; the page stays a few hundred KB.
    #expect(html.utf8.count < 1_500_000, "\(html.utf8.count) bytes")
  }

  /// Every series of 12 strategies over 20 runs: both timing lanes' metrics and every quality
  /// metric.
  static func crowdedHistory() -> HistoryTrends {
    var series: [HistorySeries] = []
    for s in Self.strategies {
      for (lane, metrics) in [
        ("smooth", ["p50", "p90", "p99", "batch-p50", "batch-p50-ratio"]),
        ("smooth+raster", ["p50", "p90", "p99", "batch-p50", "batch-p50-ratio"]),
        ("quality", QualityMetric.catalog.map(\.id)),
      ] {
        for metric in metrics {
          let points = (0..<20).map { i in
            HistoryPoint(
              commit: String(format: "%040x", i),
              time: String(format: "2026-01-%02dT00:00:00Z", i + 1),
              runTime: String(format: "2026-02-%02dT00:00:00Z", i + 1), dirty: false, kind: "run",
              value: 100 + Double(i % 3), low: 99, high: 103)
          }
          series.append(
            HistorySeries(
              strategy: s, lane: lane, metric: metric, unit: "ns", group: "cpu · release · c0",
              points: points, steps: []))
        }
      }
    }
    return HistoryTrends(method: "test", series: series)
  }
}
