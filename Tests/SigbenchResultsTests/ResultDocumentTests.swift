import Foundation
import SigbenchResults
import Testing

/// The files sigbench writes share one header (`DocumentHeader`), stored flat beside each
/// document's contents, and one version check.
@Suite("result documents")
struct ResultDocumentTests {
  static let headerKeys: Set<String> = [
    "schemaVersion", "tool", "createdAt", "machine", "provenance",
  ]

  /// The fixture's top-level keys and its text with `schemaVersion` 99.
  static func fixture(_ name: String) throws -> (keys: Set<String>, newer: Data) {
    let raw = try LegacyFilesTests.data(name)
    let object = try JSONSerialization.jsonObject(with: raw) as! [String: Any]
    var newer = object
    newer["schemaVersion"] = 99
    return (Set(object.keys), try JSONSerialization.data(withJSONObject: newer))
  }

  /// The top-level keys of `document` as written.
  static func keys(_ document: some Encodable) throws -> Set<String> {
    let data = try ResultJSON.encode(document)
    return Set((try JSONSerialization.jsonObject(with: data) as! [String: Any]).keys)
  }

  @Test("every kind writes the header flat beside its contents and reads it back")
  func headerIsFlat() throws {
    let run = try RunResult.decode(LegacyFilesTests.data("v2-run/result.json"))
    let bench = try BenchReport.decode(LegacyFilesTests.data("v1-bench.json"))
    let baseline = try Baseline.decode(LegacyFilesTests.data("v1-baseline.json"))
    let floor = try NoiseFloor.decode(LegacyFilesTests.data("v1-noise-floor.json"))
    for keys in [
      try Self.keys(run), try Self.keys(bench), try Self.keys(baseline), try Self.keys(floor),
    ] {
      #expect(Self.headerKeys.isSubset(of: keys))
      #expect(keys.isDisjoint(with: ["header", "contents"]))
    }
    #expect(try RunResult.decode(run.encoded()) == run)
    #expect(try Baseline.decode(baseline.encoded()) == baseline)
    #expect(try NoiseFloor.decode(floor.encoded()) == floor)
    // The members a baseline and a noise floor of the old build held are the ones written now.
    #expect(try Self.keys(baseline) == Self.fixture("v1-baseline.json").keys)
    #expect(try Self.keys(floor) == Self.fixture("v1-noise-floor.json").keys)
    #expect(baseline.tool.hasPrefix("sigbench") && !floor.createdAt.isEmpty)
  }

  @Test("every kind refuses a file of a newer schema, naming both versions")
  func newerIsRefused() throws {
    let bench = try Self.fixture("v1-bench.json").newer
    #expect(
      throws: SchemaError.newerVersion(found: 99, supported: BenchReport.currentSchemaVersion)
    ) {
      try BenchReport.decode(bench)
    }
    let baseline = try Self.fixture("v1-baseline.json").newer
    #expect(throws: SchemaError.newerVersion(found: 99, supported: Baseline.currentSchemaVersion)) {
      try Baseline.decode(baseline)
    }
    let floor = try Self.fixture("v1-noise-floor.json").newer
    #expect(throws: SchemaError.newerVersion(found: 99, supported: NoiseFloor.currentSchemaVersion))
    {
      try NoiseFloor.decode(floor)
    }
    let run = try Self.fixture("v2-run/result.json").newer
    #expect(throws: SchemaError.newerVersion(found: 99, supported: RunResult.currentSchemaVersion))
    {
      try RunResult.decode(run)
    }
  }
}
