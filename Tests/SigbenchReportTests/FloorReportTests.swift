import SigbenchReport
import SigbenchResults
import Testing

@Suite("benchmark floor in the reports")
struct FloorReportTests {
  static func withFloor() -> BenchReport {
    var b = IndexPageTests.bench()
    b.timer.floor = HarnessFloor(singleP50Ns: 41, singleP99Ns: 55.5, batchedP50Ns: 9.25)
    return b
  }

  @Test("summary.md, the sheet and the console state the floor beside the timer")
  func stated() {
    let b = Self.withFloor()
    let md = BenchMarkdown.render(b)
    #expect(
      md.contains(
        "- Floor (a null smoother, no work, through the same driver in the `smooth` lane): "
          + "steady single p50 41.0 ns (p99 55.5 ns), batched p50 9.25 ns"),
      "\(md)")
    let html = BenchSection.render(IndexPageTests.fixture(), b)
    #expect(html.contains("<p id=\"floor\">Floor: a null smoother (no work)"))
    #expect(html.contains("41 ns a point at p50 single (p99 56 ns), 9 ns batched"), "\(html)")
    let console = ConsoleTables.benchSummary(b)
    #expect(console.last?.hasPrefix("  floor (null smoother) [smooth]") == true, "\(console)")
    #expect(
      console.last?.contains("batched p50 9 ns/pt, single p50 41 ns p99 56 ns") == true,
      "\(console)")
  }

  @Test("no floor, no floor line (older results, or no smooth lane)")
  func absent() {
    let b = IndexPageTests.bench()
    #expect(!BenchMarkdown.render(b).contains("- Floor"))
    #expect(!BenchSection.render(IndexPageTests.fixture(), b).contains("id=\"floor\""))
    #expect(!ConsoleTables.benchSummary(b).contains { $0.contains("floor") })
  }

  @Test("processes at two speeds: summary.md gives each group's median and their ratio")
  func bySpeed() {
    var b = IndexPageTests.bench()
    b.processes = 4
    b.headline = .medianOverProcesses
    b.processTimers = [40.0, 58, 41, 55].map { single in
      var t = b.timer
      t.floor = HarnessFloor(singleP50Ns: single, singleP99Ns: single + 10, batchedP50Ns: 9)
      return t
    }
    b.perProcess = [
      ProcessValues(
        strategy: "straight", lane: .smooth, figure: "steady.p50", values: [60, 90, 62, 88]),
      ProcessValues(
        strategy: "straight", lane: .smooth, figure: "batched.p50", values: [28, 50, 27, 48]),
      // Not measured in every process: left out rather than matched to the wrong process.
      ProcessValues(strategy: "straight", lane: .smooth, figure: "steady.p99", values: [70, 99]),
    ]
    let md = BenchMarkdown.render(b)
    #expect(md.contains("### By process speed"))
    #expect(
      md.contains(
        "over the 2 processes whose floor is within 1.25× of the fastest's, and over the other 2."))
    #expect(md.contains("| straight | smooth | steady.p50 | 61.0 ns | 89.0 ns | 1.459 |"), "\(md)")
    #expect(md.contains("| straight | smooth | batched.p50 | 27.5 ns | 49.0 ns | 1.782 |"), "\(md)")
    #expect(!md.contains("| straight | smooth | steady.p99 |"))
    // Processes at one speed: no such table.
    b.processTimers = b.processTimers?.map {
      var t = $0; t.floor?.singleP50Ns = 40; return t
    }
    #expect(!BenchMarkdown.render(b).contains("By process speed"))
  }

  @Test("processes at different speeds are warned about on the console")
  func unevenOnConsole() {
    var b = IndexPageTests.bench()
    b.warnings.append(ResultWarning(.unevenProcesses, text: "processes ran at different speeds"))
    #expect(ConsoleTables.benchWarnings(b) == ["warning: processes ran at different speeds"])
  }
}
