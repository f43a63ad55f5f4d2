import Foundation
import Testing

@testable import SigbenchResults

/// What a gate could have caught (#42, item 4): a pass printed a 90-row table of
/// "inconclusive" and "no change" and nothing said whether any change could have been caught.
@Suite("gate sensitivity")
struct GateSensitivityTests {
  static func gate() throws -> GateReport {
    try GateReport.decode(LegacyFilesTests.data("v2-gate.json"))
  }

  @Test("a U test's floor: 2 / C(n + m, n)")
  func smallestP() {
    #expect(GateSensitivity.smallestP(2, 2) == 2.0 / 6)
    #expect(abs(GateSensitivity.smallestP(6, 6) - 2.0 / 924) < 1e-15)
    #expect(abs(GateSensitivity.smallestP(10, 10) - 2.0 / 184_756) < 1e-15)
    #expect(GateSensitivity.smallestP(0, 5) == 1)
  }

  @Test("too few processes: the gate says it could confirm nothing, and why")
  func unreachable() throws {
    let rows = GateSensitivity.of(try Self.gate())
    #expect(!rows.isEmpty)
    for r in rows where r.metric != "instructions/point" {
      #expect(r.median == nil && r.worst == nil)
      #expect(r.unreachable?.contains("with 2/2 processes a U test cannot reach p < 0.01") == true)
    }
  }

  @Test("enough processes: the threshold plus half the measured interval, median and largest")
  func thresholdPlusHalfInterval() throws {
    var g = try Self.gate()
    for i in g.timing.indices {
      g.timing[i].head = Array(repeating: 2, count: 10)
      g.timing[i].base = Array(repeating: 2, count: 10)
      g.timing[i].effectiveThreshold = 0.02
      g.timing[i].ratio?.lower = 0.97
      g.timing[i].ratio?.upper = 1.03 + 0.01 * Double(i)
    }
    let rows = GateSensitivity.of(g).filter { $0.metric == "batch-p50" && $0.lane == "smooth" }
    let row = try #require(rows.first)
    // Each comparison: 0.02 + (upper − 0.97) / 2.
    let expected = g.timing.enumerated().filter {
      $0.element.metric == .batchP50 && $0.element.lane == .smooth
    }.map { 0.02 + (1.03 + 0.01 * Double($0.offset) - 0.97) / 2 }.sorted()
    #expect(abs(row.worst! - expected.last!) < 1e-12)
    #expect(abs(row.median! - expected[expected.count / 2]) < 1e-12)
    #expect(row.unreachable == nil)
  }

  @Test("the reference strategy's ratio to itself is informational and left out")
  func informational() throws {
    var g = try Self.gate()
    let i = try #require(g.timing.firstIndex { $0.metric == .batchP50Ratio })
    g.timing[i].head = [1, 1]
    g.timing[i].base = [1, 1]
    #expect(GateSensitivity.isInformational(g.timing[i]))
    g.timing[i].head = [1, 1.01]
    #expect(!GateSensitivity.isInformational(g.timing[i]))
  }
}
