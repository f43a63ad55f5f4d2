import Foundation
import SigbenchResults
import Testing

/// Files written before every document recorded the build stamp (run 3, bench 2, gate 2,
/// baseline 1, noise floor 1), made by that build from outside any checkout, so their
/// provenance held only the corpus checksum (#42, item 1): they still read, say `unknown` the
/// one way every output says it, and are written again at today's versions with the stamp's
/// fields.
@Suite("files written before the build stamp")
struct BuildStampFilesTests {
  @Test("each kind reads, its commit shows as unknown, and it is written at today's version")
  func olderFilesRead() throws {
    let run = try RunResult.decode(LegacyFilesTests.data("v3-run/result.json"))
    let bench = try BenchReport.decode(LegacyFilesTests.data("v2-bench.json"))
    let gate = try GateReport.decode(LegacyFilesTests.data("v2-gate.json"))
    let baseline = try Baseline.decode(LegacyFilesTests.data("v1-baseline.json"))
    let floor = try NoiseFloor.decode(LegacyFilesTests.data("v1-noise-floor.json"))
    for p in [run.provenance, bench.provenance, gate.provenance] {
      #expect(p.gitCommit == nil && p.commitTime == nil && p.buildConfiguration == nil)
      #expect(p.commitLabel == "unknown")
    }
    #expect(run.strategies.map(\.label) == ["straight", "uber-weighted"])
    #expect(gate.mode == "baseline")
    #expect(RunResult.currentSchemaVersion == 6 && BenchReport.currentSchemaVersion == 3)
    #expect(GateReport.currentSchemaVersion == 3 && Baseline.currentSchemaVersion == 2)
    #expect(NoiseFloor.currentSchemaVersion == 2)
    #expect(try RunResult.decode(run.encoded()) == run)
    #expect(try BenchReport.decode(bench.encoded()) == bench)
    #expect(try GateReport.decode(gate.encoded()) == gate)
    #expect(try Baseline.decode(baseline.encoded()) == baseline)
    #expect(try NoiseFloor.decode(floor.encoded()) == floor)
  }

  @Test("the stamp fields round-trip; the label is short, marks a dirty tree or says unknown")
  func stampFields() throws {
    var run = try RunResult.decode(LegacyFilesTests.data("v3-run/result.json"))
    run.header.provenance = Provenance(
      gitCommit: "7809636ca8e1f00d5b2c3a4e5f60718293a4b5c6", gitDirty: true,
      commitTime: "2026-12-01T12:55:28Z", buildConfiguration: "release", toolchain: "Swift 6.3",
      corpusChecksum: "f0dbb613294a0162")
    let again = try RunResult.decode(run.encoded())
    #expect(again.provenance == run.provenance)
    #expect(again.provenance.commitLabel == "7809636ca8+dirty")
    #expect(Provenance.label(commit: "7809636ca8e1f00d", dirty: false) == "7809636ca8")
    #expect(Provenance.label(commit: nil, dirty: true) == "unknown")
    #expect(Provenance.label(commit: "", dirty: nil) == "unknown")
  }
}
