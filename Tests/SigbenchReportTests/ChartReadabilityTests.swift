import Foundation
import SigbenchReport
import SigbenchResults
import Testing

/// Charts that stay readable with many strategies (#41, charts): each test fails on the charts
/// as they were (8 colours, a legend over the plot, run-together box labels, a `0.00` tick on a
/// log axis, run axes labelled `-1, 0, 1, 1, 2`, titles cut at the chart's edge).
@Suite("chart readability")
struct ChartReadabilityTests {
  static let names = (1...18).map { "strategy-\($0) [smooth+raster]" }

  /// The numbers of `attribute` in every element of `svg` named `element`.
  static func numbers(_ svg: String, _ element: String, _ attribute: String) -> [Double] {
    svg.components(separatedBy: "<\(element) ").dropFirst().compactMap { tail in
      guard let r = tail.range(of: "\(attribute)=\"") else { return nil }
      return Double(tail[r.upperBound...].prefix { $0 != "\"" })
    }
  }

  static func chart(title: String = "Latency percentiles per point, steady state") -> SVGChart {
    SVGChart(
      title: title, x: ChartAxis(scale: .linear, low: 0, high: 4, title: "x"),
      y: ChartAxis(scale: .log, low: 10, high: 1e5, title: "ns"))
  }

  @Test("18 series: 18 colours, and the legend right of the plot, not over it")
  func legendOutsideAndColoursDistinct() {
    let series = Self.names.enumerated().map { i, name in
      SVGChart.Series(name: name, points: [(0, 10 + Double(i)), (4, 1_000 + Double(i))])
    }
    let svg = Self.chart().lines(series)
    let colours = svg.components(separatedBy: "<polyline fill=\"none\" stroke=\"").dropFirst()
      .map { String($0.prefix(7)) }
    #expect(colours.count == 18 && Set(colours).count == 18)
    // The plot's frame is the first rect after the background.
    let rectX = Self.numbers(svg, "rect", "x")
    let rectW = Self.numbers(svg, "rect", "width")
    let plotRight = rectX[1] + rectW[1]
    let legend = svg.components(separatedBy: "<g class=\"legend\"")[1]
    let textX = Self.numbers(legend, "text", "x")
    #expect(textX.count == 18 && textX.allSatisfy { $0 > plotRight }, "\(textX) vs \(plotRight)")
    let width = Self.numbers(svg, "svg", "width")[0]
    #expect(textX.max()! + Double(Self.names[0].count) * 6 <= width)
  }

  @Test("box labels that do not fit their slot run downwards, never together")
  func boxLabelsSlant() {
    let labels = [
      "straight", "midpoint-quadratic", "uber-weighted", "catmull-rom", "signature-pad",
      "signature-pad-fixed", "perfect-freehand-incremental", "ink-modeler", "sigbench-smooth",
    ]
    let boxes = labels.map {
      SVGChart.Box(name: $0, whiskerLow: 10, low: 20, median: 30, high: 40, whiskerHigh: 50)
    }
    let svg = Self.chart().boxes(boxes)
    #expect(svg.components(separatedBy: "rotate(-90 ").count - 1 == labels.count)
    let short = Self.chart().boxes(Array(boxes.prefix(2)))
    #expect(!short.contains("rotate(-90 "))
  }

  @Test("no tick reads 0 on a log axis; no two ticks share a label")
  func ticksFromTheData() {
    let log = ChartAxis(scale: .log, low: 0.001, high: 2, title: "px")
    let labels = log.ticks { format($0, digits: $0 < 1 ? 2 : 1) }.map(\.label)
    #expect(!labels.contains { Double($0) == 0 }, "\(labels)")
    #expect(Set(labels).count == labels.count)
    let narrow = ChartAxis(scale: .linear, low: 0.03, high: 0.0304, title: "px")
    let fine = narrow.ticks { format($0, digits: 3) }.map(\.label)
    #expect(Set(fine).count == fine.count && fine.count >= 3, "\(fine)")
    // A history of large figures: its format gives one decimal, the step (20000) needs none.
    let large = ChartAxis(scale: .linear, low: -3000, high: 83000, title: "ns")
    let big = large.ticks { format($0, digits: 1) }.map(\.label)
    #expect(big == ["0", "20000", "40000", "60000", "80000"], "\(big)")
    var runs = ChartAxis(scale: .linear, low: -0.5, high: 1.5, title: "runs")
    runs.integer = true
    #expect(runs.ticks { format($0, digits: 0) }.map(\.label) == ["0", "1"])
  }

  @Test("a two-run history chart labels its runs 0 and 1")
  func historyRunAxis() throws {
    func point(_ t: String, _ v: Double) -> HistoryPoint {
      HistoryPoint(
        commit: "abc", time: t, runTime: t, dirty: false, kind: "run", value: v, low: v, high: v)
    }
    let series = HistorySeries(
      strategy: "straight", lane: "smooth", metric: "p50", unit: "ns",
      group: "Test CPU · release · ff", points: [point("2026-01-01", 40), point("2026-01-02", 41)],
      steps: [])
    let svg = try #require(SVGChart.history([series]))
    let axes = svg.components(separatedBy: "<g class=\"axes\"")[1]
      .components(separatedBy: "</g>")[0]
    let bottom = axes.components(separatedBy: "text-anchor=\"middle\">").dropFirst()
      .map { String($0.prefix { $0 != "<" }) }
    #expect(bottom.filter { Double($0) != nil } == ["0", "1"], "\(bottom)")
  }

  @Test("a long title wraps into lines that fit the chart, and stays whole in <title>")
  func titlesFit() {
    var chart = Self.chart(title: "perfect-freehand-incremental: mean width vs sample rate")
    chart.width = 320
    let svg = chart.boxes([
      SVGChart.Box(name: "a", whiskerLow: 10, low: 20, median: 30, high: 40, whiskerHigh: 50)
    ])
    #expect(svg.contains("<title>perfect-freehand-incremental: mean width vs sample rate</title>"))
    let shown = svg.components(separatedBy: "font-weight=\"bold\">").dropFirst()
      .map { String($0.prefix { $0 != "<" }) }
    #expect(shown.count == 2)
    #expect(shown.allSatisfy { Double($0.count) * 11 * 0.6 <= 320 - 8 }, "\(shown)")
  }
}
