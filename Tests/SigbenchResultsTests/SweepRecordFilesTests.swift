import Foundation
import SigbenchResults
import Testing

/// Run schema 5 (#47): a version 4 result (written by the build before it) still reads, without
/// sweeps; a run's sweeps and a strategy's package round-trip.
@Suite("run schema 5")
struct SweepRecordFilesTests {
  @Test("a version 4 result reads as written, without sweeps")
  func version4Reads() throws {
    let run = try RunResult.decode(LegacyFilesTests.data("v4-run/result.json"))
    #expect(run.strategies.map(\.label) == ["straight"])
    #expect(run.sweeps == nil && run.strategies[0].package == nil)
    let again = try RunResult.decode(run.encoded())
    #expect(again.schemaVersion == RunResult.currentSchemaVersion && again == run)
  }

  @Test("sweeps and packages round-trip")
  func roundTrip() throws {
    var run = try RunResult.decode(LegacyFilesTests.data("v4-run/result.json"))
    run.strategies[0].package = "my-ink"
    run.sweeps = [
      SweepRecord(
        spec: "straight(size=1|2)", strategyID: "straight",
        options: [.init(name: "size", values: ["1", "2"], defaultValue: "2")],
        configs: ["straight(size=1)", "straight"],
        skipped: [.init(spec: "straight(size=3)", reason: "why")], defaultLabel: "straight")
    ]
    let again = try RunResult.decode(run.encoded())
    #expect(again.sweeps == run.sweeps && again.strategies[0].package == "my-ink")
  }
}
