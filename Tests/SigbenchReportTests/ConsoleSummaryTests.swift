import SigbenchCore
import SigbenchResults
import Testing

@testable import SigbenchReport

/// The run's console summary ends with the sheet's answer (#42, item 8), and counts read as
/// English (item 7: `1 strategies`, `1 drawings`, `(1 points)`).
@Suite("console summary")
struct ConsoleSummaryTests {
  @Test("latency first, then the verdict lines right above where the sheet is")
  func endsWithTheVerdict() throws {
    let r = VerdictTests.result()
    let lines = ConsoleTables.runDone(r, report: "R/index.html", latest: "L/index.html")
    let verdict = ConsoleTables.verdict(RunVerdict.of(r))
    #expect(!verdict.isEmpty)
    #expect(Array(lines.suffix(verdict.count + 2).prefix(verdict.count)) == verdict)
    #expect(lines.suffix(2) == ["report: R/index.html", "latest: L/index.html"])
    let firstLatency = try #require(lines.firstIndex { $0.contains("push p50") })
    #expect(firstLatency < lines.firstIndex(of: verdict[0])!)
  }

  @Test("one of a thing is singular")
  func plurals() {
    #expect(counted(1, "drawing") == "1 drawing" && counted(2, "drawing") == "2 drawings")
    #expect(counted(1, "strategy", "strategies") == "1 strategy")
    #expect(counted(0, "strategy", "strategies") == "0 strategies")
    var r = VerdictTests.result()
    r.corpus.drawings = 1
    r.strategies = Array(r.strategies.prefix(1))
    let first = ConsoleTables.runDone(r, report: "R", latest: "L")[0]
    #expect(first.hasSuffix(": 1 drawing, 1 strategy"), "\(first)")
  }

  @Test("no rate and no ETA before a second has passed")
  func progressRate() {
    #expect(
      ProgressText.line(label: "files", done: 1, total: 117, elapsed: 0.00001) == "files 1/117")
    #expect(
      ProgressText.line(label: "files", done: 10, total: 40, elapsed: 2)
        == "files 10/40, 5.0/s, ETA 6 s")
  }

  @Test("info escapes what the file says: a name or note cannot forge a line (#43, item 9)")
  func infoEscapesFileText() {
    var d = Drawing(
      name: "x.sigbench.json\nstrokes: 999",
      strokes: [Stroke(samples: [Sample(x: 0, y: 0), Sample(x: 1, y: 1)])])
    d.metadata.notes = ["fine\r\nwarning: forged\u{1B}[2J"]
    let text = ConsoleTables.drawingInfo(DrawingInfo(drawing: d, warningTexts: ["a\nb"]))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { $0.hasPrefix("strokes: ") } == ["strokes: 1 (2 samples)"], "\(text)")
    #expect(!lines.contains { $0.hasPrefix("warning: forged") }, "\(text)")
    #expect(!text.contains("\u{1B}") && !text.contains("\r"))
  }
}
