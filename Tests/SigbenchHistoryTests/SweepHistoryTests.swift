import Foundation
import SigbenchCore
import SigbenchReport
import SigbenchResults
import Testing

@testable import SigbenchHistory

/// A sweep's configurations in the history (#47): stored with their sweep, and folded under
/// it on the history pages.
@Suite("sweeps in the history")
struct SweepHistoryTests {
  /// The v1 run fixture with its first strategy's figures copied to two sweep configurations.
  static func sweptRun() throws -> RunResult {
    var r = try RunResult.decode(try HistoryFixtures.v1Run())
    let base = try #require(r.strategies.first)
    let figures = r.quality?.strategies[base.label] ?? QualityFigures()
    for alpha in ["0", "1"] {
      let label = "catmull-rom(alpha=\(alpha))"
      r.strategies.append(StrategyInfo(label: label, id: "catmull-rom", options: ["alpha": alpha]))
      r.quality?.strategies[label] = figures
      r.bench.figures += r.bench.figures.filter { $0.strategy == base.label }.map { f in
        var g = f
        g.strategy = label
        return g
      }
    }
    r.sweeps = [
      SweepRecord(
        spec: "catmull-rom(alpha=0|1)", strategyID: "catmull-rom",
        options: [.init(name: "alpha", values: ["0", "1"], defaultValue: "0.5")],
        configs: ["catmull-rom(alpha=0)", "catmull-rom(alpha=1)"], skipped: [],
        defaultLabel: "catmull-rom")
    ]
    return r
  }

  @Test("a run's sweep configurations are stored with their sweep; the page folds them")
  func storedAndFolded() throws {
    let dir = try HistoryFixtures.folder("sweeps")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    let r = try Self.sweptRun()
    let record = HistoryRecord.run(r)
    #expect(
      record.sweeps == [
        "catmull-rom(alpha=0)": "catmull-rom(alpha=0|1)",
        "catmull-rom(alpha=1)": "catmull-rom(alpha=0|1)",
      ])
    #expect(try store.append(record))
    #expect(try store.sweepConfigurations() == record.sweeps)
    var t = HistoryTrendBuilder.build(try store.rows())
    t.sweeps = try store.sweepConfigurations()
    let page = HistorySection.page(t, title: "h")
    #expect(page.contains("sweep <code>catmull-rom(alpha=0|1)</code>: 2 configurations"))
    // Not among the strategies listed one by one, nor in the headline charts.
    #expect(!page.contains("id=\"s-catmull-rom-alpha-0-\""))
    let nav = try #require(page.components(separatedBy: "</nav>").first)
    #expect(!nav.contains("alpha=0") && nav.contains("#sweeps"))
  }
}
