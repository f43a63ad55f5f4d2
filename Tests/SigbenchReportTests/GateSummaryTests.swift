import Foundation
import SigbenchResults
import Testing

@testable import SigbenchReport

/// gate.md (and the console, which prints it) opens with the verdict, the counts per verdict
/// and what the gate could have caught (#42, item 4).
@Suite("gate summary")
struct GateSummaryTests {
  static func gate() throws -> GateReport {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "SigbenchResultsTests/Fixtures/v2-gate.json")
    return try GateReport.decode(Data(contentsOf: url))
  }

  @Test("verdict, counts, sensitivity first; titles read plainly; informational rows say so")
  func opening() throws {
    var g = try Self.gate()
    let i = try #require(g.timing.firstIndex { $0.metric == .batchP50Ratio })
    g.timing[i].head = [1, 1]
    g.timing[i].base = [1, 1]
    let md = GateMarkdown.render(g)
    let paragraphs = md.components(separatedBy: "\n\n")
    #expect(paragraphs[0].hasPrefix("## sigbench gate: "))
    let compared = g.timing.filter { !GateSensitivity.isInformational($0) }.count
    #expect(compared < g.timing.count)
    #expect(paragraphs[1].hasPrefix("**Verdicts.** Timing: \(compared) compared: "))
    #expect(paragraphs[2].hasPrefix("**Sensitivity of this gate on this machine**"))
    #expect(paragraphs[3].hasPrefix("| lane | metric | median over strategies |"))
    #expect(md.contains("cannot reach p < 0.01"))
    #expect(md.contains("### Timing: \(g.timingStatus)\n"))
    #expect(!md.contains("### Timing ("))
    #expect(md.contains("informational (the reference to itself)"))
    if !g.budgets.isEmpty { #expect(md.contains("never fails it")) }
  }
}
