import Foundation
import SigbenchReport
import SigbenchResults
import Testing

/// The sheet's sweep section and the summary's best-configurations table (#47), on
/// constructed figures.
@Suite("sweep section")
struct SweepSectionTests {
  /// A sweep of `catmull-rom` over `alpha` (and `size` when `twoOptions`), with accuracy
  /// `accuracy[label]` and a smooth-lane batched p50 of `p50[label]` ns.
  static func result(twoOptions: Bool) -> RunResult {
    var r = IndexPageTests.fixture()
    let alphas = ["0", "0.5", "1"]
    let sizes = twoOptions ? ["1", "2"] : ["2"]
    var labels: [String] = []
    var infos: [StrategyInfo] = []
    var quality: [String: QualityFigures] = [:]
    var figures: [LaneFigures] = []
    for a in alphas {
      for s in sizes {
        var parts: [String] = []
        if a != "0.5" { parts.append("alpha=\(a)") }
        if s != "2" { parts.append("size=\(s)") }
        let label = parts.isEmpty ? "catmull-rom" : "catmull-rom(\(parts.joined(separator: ",")))"
        labels.append(label)
        infos.append(
          StrategyInfo(label: label, id: "catmull-rom", options: ["alpha": a, "size": s]))
        // Best accuracy at alpha = 0 and size 1; fastest at alpha = 1.
        let accuracy = 0.3 + Double(alphas.firstIndex(of: a)!) * 0.1 + (s == "1" ? 0 : 0.05)
        quality[label] = QualityFigures(
          drawings: 1, samples: 100, reference: .truth,
          [.accuracyMean: accuracy, .endGapMean: 0.1, .churnMean: 0.2])
        figures.append(
          VerdictTests.figure(
            label, .smooth, single: 100, batched: 90 - Double(alphas.firstIndex(of: a)!) * 20,
            preferred: "batched", ratios: [:]))
      }
    }
    r.strategies = infos
    r.quality = RunQuality(strategies: quality, rateStability: [:])
    r.bench.figures = figures
    var options = [SweepRecord.Option(name: "alpha", values: alphas, defaultValue: "0.5")]
    if twoOptions { options.append(.init(name: "size", values: sizes, defaultValue: "2")) }
    r.sweeps = [
      SweepRecord(
        spec: twoOptions ? "catmull-rom(alpha=0|0.5|1,size=1|2)" : "catmull-rom(alpha=0|0.5|1)",
        strategyID: "catmull-rom", options: options, configs: labels,
        skipped: [.init(spec: "catmull-rom(alpha=2)", reason: "a constructed reason")],
        defaultLabel: "catmull-rom")
    ]
    return r
  }

  @Test("each question names its best configuration to copy beside the default's value")
  func bestPerQuestion() throws {
    let r = try RunResult.decode(Self.result(twoOptions: false).encoded())
    let h = SweepSection.render(r)
    #expect(h.contains("Sweep <code>catmull-rom(alpha=0|0.5|1)</code>"))
    #expect(h.contains("1 skipped for breaking a constraint"))
    #expect(h.contains("<code>catmull-rom(alpha=2)</code>: a constructed reason"))
    // Accuracy: alpha=0 (0.350 px) against the default's 0.450 px.
    let accuracyRow = try #require(
      h.components(separatedBy: "<tr>").first { $0.contains("Closest to the true path") })
    #expect(accuracyRow.contains("<code>catmull-rom(alpha=0)</code>"), "\(accuracyRow)")
    #expect(accuracyRow.contains("0.450 px"), "\(accuracyRow)")
    // Latency: alpha=1 is fastest (50 ns against the default's 70 ns).
    let latencyRow = try #require(
      h.components(separatedBy: "<tr>").first { $0.contains("Lowest latency per point") })
    #expect(latencyRow.contains("<code>catmull-rom(alpha=1)</code>"), "\(latencyRow)")
    // The front and one line chart per headline metric and latency, the default as reference.
    #expect(h.contains("Pareto front"))
    #expect(h.contains("Accuracy mean against churn"))
    #expect(h.contains("<li>D. <code>catmull-rom</code>"))
    #expect(h.contains("alpha (default 0.5)"))
    #expect(h.components(separatedBy: ">default</text>").count > 3)
    let md = SweepMarkdown.render(r)
    #expect(md.contains("| Closest to the true path | `catmull-rom(alpha=0)` |"), "\(md)")
  }

  @Test("two swept options: a heat map per metric, the defaults' cell outlined")
  func heatMaps() throws {
    let h = SweepSection.render(Self.result(twoOptions: true))
    #expect(h.contains("alpha ↓") && h.contains("size →"))
    #expect(h.contains("alpha=0.5, size=2 (defaults)"))
    #expect(h.contains("stroke=\"#000\""))
    // The best cell is green, the worst red.
    #expect(h.contains("fill=\"#96ff96\"") && h.contains("fill=\"#ff9696\""))
  }

  @Test("no sweep, no section")
  func none() {
    #expect(SweepSection.render(IndexPageTests.fixture()).isEmpty)
    #expect(SweepMarkdown.render(IndexPageTests.fixture()).isEmpty)
  }
}
