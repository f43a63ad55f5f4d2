import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchRun
import SigbenchStrategies
import Testing

/// `sigbench-smooth` against every incremental strategy on the committed synthetic corpus,
/// over the quality metrics: the claims its doc comment makes, asserted.
@Suite("sigbench-smooth on the synthetic corpus")
struct SigbenchSmoothFactsTests {
  @Test("gaps 0, joins smooth, width rate-independent, most accurate within 10 %")
  func meetsItsClaims() throws {
    let drawings = try SyntheticFactsTests.drawings()
    #expect(drawings.count == 108)
    let strategies = StrategyCatalog.defaults()
    let figures = try QualityRun.measure(drawings, strategies: strategies)
    let own = try #require(figures["sigbench-smooth"])
    #expect(
      own.startGapMax == 0 && own.endGapMax == 0, "gaps \(own.startGapMax!), \(own.endGapMax!)")
    let turn = try #require(own.turnP95)
    #expect(turn < 1, "turn p95 away from true corners \(turn)°")
    let widthRatio = try #require(own.rateWidthRatio)
    #expect(abs(widthRatio - 1) <= 0.05, "width 240 Hz / 60 Hz \(widthRatio)")
    for (name, figure) in [
      ("accuracy", \QualityFigures.accuracyMean), ("reverse accuracy", \.reverseAccuracyMean),
    ] as [(String, KeyPath<QualityFigures, Double?>)] {
      let best = figures.values.compactMap { $0[keyPath: figure] }.min() ?? 0
      let value = try #require(own[keyPath: figure])
      #expect(value <= 1.1 * best, "\(name) \(value) px, best \(best) px")
    }
  }
}
