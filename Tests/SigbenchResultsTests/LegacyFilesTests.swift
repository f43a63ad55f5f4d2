import Foundation
import SigbenchResults
import Testing

/// Files written by the build before the results schema changed (result schema 1: a legacy
/// `latency` summary and a second timer beside `bench`; warnings as sentences), made with that
/// build and committed under `Fixtures/`: today's readers still open them.
@Suite("files written before the schema change")
struct LegacyFilesTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name))
  }

  @Test("a version 1 result.json decodes; the copies are dropped, warnings get their kinds")
  func resultV1() throws {
    let raw = try Self.data("v1-run/result.json")
    let legacy = try JSONSerialization.jsonObject(with: raw) as! [String: Any]
    #expect(legacy["schemaVersion"] as? Int == 1)
    #expect(legacy["latency"] != nil && legacy["timer"] != nil)
    let r = try RunResult.decode(raw)
    #expect(r.schemaVersion == RunResult.currentSchemaVersion)
    #expect(r.strategies.map(\.label) == ["straight", "uber-weighted"])
    #expect(r.samples.count == 1)
    #expect(r.bench.figures.count == 4)
    let kinds = Set(r.bench.warnings.map(\.kind))
    #expect(kinds.contains(.thinPercentiles))
    #expect(!kinds.contains(.other), "\(r.bench.warnings.filter { $0.kind == .other })")
    let thin = try #require(r.bench.warnings.first { $0.kind == .thinPercentiles })
    #expect(thin.strategy == "straight" && thin.lane == .smooth)
    // Written again, it is a file of today's version without the copies.
    let again = try JSONSerialization.jsonObject(with: try r.encoded()) as! [String: Any]
    #expect(again["schemaVersion"] as? Int == RunResult.currentSchemaVersion)
    #expect(again["latency"] == nil && again["timer"] == nil && again["warnings"] == nil)
    #expect(try RunResult.decode(try r.encoded()) == r)
  }

  @Test("a version 2 result.json decodes with its format study as the table it stored")
  func resultV2() throws {
    let raw = try Self.data("v2-run/result.json")
    let legacy = try JSONSerialization.jsonObject(with: raw) as! [String: Any]
    #expect(legacy["schemaVersion"] as? Int == 2)
    let r = try RunResult.decode(raw)
    let table = try #require(r.formatStudy)
    #expect(table.title == "Which format to store strokes in")
    #expect(table.rows.count >= 4)
    #expect(r.formatStudyFigures == nil)
    #expect(RunResult.currentSchemaVersion == 6)
    // Written again, it keeps the table (the figures it was made from are not in the file).
    #expect(try RunResult.decode(try r.encoded()) == r)
  }

  @Test("a version 1 bench.json decodes with typed warnings")
  func benchV1() throws {
    let b = try BenchReport.decode(try Self.data("v1-bench.json"))
    #expect(b.figures.count == 4)
    #expect(b.headline == nil)
    #expect(b.warnings.allSatisfy { $0.kind != .other })
    #expect(try BenchReport.decode(try b.encoded()) == b)
  }

  @Test("a baseline and a noise floor of the old build decode, metrics typed")
  func baselineAndFloor() throws {
    let b = try Baseline.decode(try Self.data("v1-baseline.json"))
    #expect(b.name == "v1" && b.processes == 2)
    #expect(b.acknowledgements.first?.reason == "fixture: an acknowledged regression")
    #expect(Set(b.replicates.map(\.metric)) == Set(GateMetric.allCases))
    let n = try NoiseFloor.decode(try Self.data("v1-noise-floor.json"))
    #expect(n.processes == 4)
    #expect(n.values(for: ReplicateKey(strategy: "straight", lane: .smooth, metric: .p99)) != nil)
  }

  @Test("a result of a newer schema is refused with the reason")
  func newer() throws {
    let raw = try Self.data("v1-run/result.json")
    var text = String(decoding: raw, as: UTF8.self)
    text = text.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 99")
    #expect(throws: SchemaError.newerVersion(found: 99, supported: RunResult.currentSchemaVersion))
    {
      try RunResult.decode(Data(text.utf8))
    }
  }
}
