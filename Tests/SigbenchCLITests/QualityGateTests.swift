import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// The quality part of the gate through the built binary: a baseline stores quality; a gate
/// against it compares it on any machine and fails (exit 2) when a metric got worse.
@Suite("quality gate end to end", .serialized)
struct QualityGateTests {
  @Test("a baseline whose catmull-rom accuracy was better makes the gate fail on quality")
  func regression() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let common = [
      "--corpus", GateCommandTests.fixture, "--out", out.path, "--strategies",
      "straight,catmull-rom", "--lanes", "smooth", "--no-counters", "--processes", "2", "--quiet",
    ]
    let save = try GateCommandTests.run(["baseline", "save", "q"] + common)
    #expect(save.code == 0, "\(save.stderr)")
    let url = out.appendingPathComponent("baselines/q.json")
    var baseline = try Baseline.decode(Data(contentsOf: url))
    let stored = try #require(baseline.quality?["catmull-rom"]?[.accuracyMean])
    #expect(stored > 0.05, "catmull-rom strays from the input polyline between samples")
    // Same build: quality is identical, so no quality verdict may be a regression.
    let same = try GateCommandTests.run(
      ["gate", "--baseline", "q", "--json", "--budget-report-only"] + common)
    let g1 = try GateReport.decode(Data(same.stdout.utf8))
    #expect(g1.qualityStatus?.hasPrefix("compared") == true, "\(g1.qualityStatus ?? "")")
    #expect(g1.qualityRegressions.isEmpty)
    #expect((g1.quality ?? []).contains { $0.verdict == .noChange })
    // A baseline that was better: the head's accuracy is now "worse" beyond 1 % and 0.01 px.
    baseline.quality?["catmull-rom"]?[.accuracyMean] = stored / 4
    try ResultJSON.encode(baseline).write(to: url)
    let worse = try GateCommandTests.run(
      ["gate", "--baseline", "q", "--json", "--budget-report-only"] + common)
    #expect(worse.code == 2, "\(worse.stderr)")
    let g2 = try GateReport.decode(Data(worse.stdout.utf8))
    let r = try #require(g2.qualityRegressions.first)
    #expect(r.strategy == "catmull-rom" && r.metric == "accuracy-mean")
    #expect(g2.outcome.contains("regression"))
    // Acknowledged by metric id, the same regression is reported and no longer fails.
    let ack = try GateCommandTests.run([
      "baseline", "ack", "q", "--strategy", "catmull-rom", "--metric", "accuracy-mean",
      "--reason", "test: accepted", "--out", out.path,
    ])
    #expect(ack.code == 0, "\(ack.stderr)")
    let acked = try GateCommandTests.run(
      ["gate", "--baseline", "q", "--json", "--budget-report-only"] + common)
    let g3 = try GateReport.decode(Data(acked.stdout.utf8))
    #expect(g3.qualityRegressions.isEmpty)
    #expect(
      (g3.quality ?? []).contains {
        $0.metric == "accuracy-mean" && $0.verdict == .acknowledged
          && $0.acknowledgement == "test: accepted"
      })
  }
}
