import Foundation
import SigbenchCore
import Testing

@testable import SigbenchHistory

/// External strategies in the history (#45): each run records their manifest, command and
/// digests beside their figures, so a series tells when the code behind it changed.
@Test func externalStrategiesAreRecordedWithTheirDigests() throws {
  let dir = try HistoryFixtures.folder("external")
  let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
  func record(_ i: Int, script: String) -> HistoryRecord {
    var r = HistoryRecord(
      kind: "run", createdAt: "2026-03-0\(i)T00:00:00Z", commit: "c\(i)", commitTime: nil,
      dirty: false, fingerprint: "cpu A", build: "release", corpusChecksum: "c0",
      tool: "sigbench", processes: 1, source: "live", runID: "r\(i)",
      measurements: [
        HistoryMeasurement(
          strategy: "py-smooth", lane: "quality", metric: "accuracy-mean", unit: "px",
          headline: 0.5, perProcess: []),
        HistoryMeasurement(
          strategy: "py-smooth", lane: "round-trip", metric: "push p50", unit: "ns",
          headline: 21_000, perProcess: []),
      ])
    r.external["py-smooth"] = ExternalStrategyOrigin(
      kind: "process", manifestPath: "s/py-smooth.sigbench-strategy.json",
      command: ["python3", "smooth.py"], manifestDigest: String(repeating: "a", count: 64),
      commandDigest: script, commandFiles: ["smooth.py"])
    return r
  }
  #expect(try store.append(record(1, script: "b1")))
  #expect(try store.append(record(2, script: "b2")))
  let digests = try store.externalDigests("py-smooth")
  #expect(digests.map(\.run) == ["run:r1", "run:r2"])
  #expect(digests.map(\.command) == ["b1", "b2"])
  #expect(digests.allSatisfy { $0.manifest == String(repeating: "a", count: 64) })
  #expect(try store.externalDigests("straight").isEmpty)
  // The external lanes are series like any other.
  #expect(try store.rows().contains { $0.lane == "round-trip" && $0.strategy == "py-smooth" })
}
