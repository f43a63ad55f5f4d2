import Foundation
import SigbenchCore
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// The tuner (#47): compass search on constructed objectives with known optima, and the search
/// space read from `--over` and the option tables.
@Suite("tuner")
struct TunerTests {
  /// A bowl with its minimum at (0.3, 0.7); the search's lattice is 1/64.
  static func bowl(_ p: [Double]) -> Double? { pow(p[0] - 0.3, 2) + pow(p[1] - 0.7, 2) }

  @Test(
    "compass search finds a bowl's minimum to the lattice, within its budget",
    arguments: [1, 2, 3] as [UInt64])
  func bowlMinimum(seed: UInt64) {
    print("tuner seed \(seed)")
    var calls = 0
    let outcome = CompassSearch(start: [0.5, 0.5], budget: 60, seed: seed).minimise { p in
      calls += 1
      return Self.bowl(p)
    }
    #expect(abs(outcome.best[0] - 0.3) <= 1.0 / 64 && abs(outcome.best[1] - 0.7) <= 1.0 / 64)
    #expect(outcome.evaluations == calls && calls <= 60)
    #expect(outcome.stop == "converged")
    // The path only improves, and starts at the start.
    #expect(outcome.path.first?.point == [0.5, 0.5])
    let values = outcome.path.compactMap(\.value)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 > $1 })
  }

  @Test("the budget caps the evaluations; the same seed gives the same path")
  func budgetAndDeterminism() {
    let a = CompassSearch(start: [0, 0], budget: 7, seed: 9).minimise(Self.bowl)
    let b = CompassSearch(start: [0, 0], budget: 7, seed: 9).minimise(Self.bowl)
    #expect(a.evaluations == 7 && a.stop == "budget")
    #expect(a.path == b.path)
  }

  @Test("n/a is never better; an all-n/a objective keeps the start")
  func notAvailable() {
    // n/a on the half u0 < 0.5: the optimum of the rest is on its border.
    let outcome = CompassSearch(start: [0.75, 0.5], budget: 80, seed: 4).minimise { p in
      p[0] < 0.5 ? nil : Self.bowl(p)
    }
    #expect(outcome.best[0] == 0.5 && abs(outcome.best[1] - 0.7) <= 1.0 / 64)
    let none = CompassSearch(start: [0.5], budget: 10, seed: 1).minimise { _ in nil }
    #expect(none.best == [0.5] && none.value == nil)
  }

  @Test("a plateau with one lower well: a corner start reaches the well's lattice cell")
  func integerLike() {
    // Piecewise constant in 1/8 cells: the best cell is [0.625, 0.75) × [0.125, 0.25).
    let f: ([Double]) -> Double? = { p in
      let i = Int(p[0] * 8)
      let j = Int(p[1] * 8)
      return Double(abs(i - 5) + abs(j - 1))
    }
    let outcome = CompassSearch(start: [0, 1], budget: 60, seed: 2).minimise(f)
    #expect(outcome.value == 0, "\(outcome.path)")
  }

  static var catmullRom: StrategyDescriptor { try! StrategyCatalog.entry("catmull-rom").descriptor }

  @Test("--over reads typical ranges (log-spaced over a decade or more) and explicit bounds")
  func dimensions() throws {
    let spec = try StrategySpec.parse("catmull-rom(filter=one-euro)")
    let dims = try TuneDimension.parse(
      "filter-min-cutoff,filter-beta, alpha=0..1, min-distance=0.01..1,filter-d-cutoff=log:0.1..10",
      spec: spec, descriptor: Self.catmullRom)
    #expect(
      dims.map(\.option) == [
        "filter-min-cutoff", "filter-beta", "alpha", "min-distance", "filter-d-cutoff",
      ])
    #expect(dims[0].low == 0.5 && dims[0].high == 5 && dims[0].logarithmic)
    #expect(dims[1].low == 0.001 && dims[1].high == 0.05 && dims[1].logarithmic)
    #expect(dims[3].source == "--over" && !dims[3].logarithmic)
    #expect(dims[4].logarithmic && dims[4].low == 0.1)
    #expect(TuneDimension.typicalRange("0 (keep all)–2")! == (0, 2))
    #expect(TuneDimension.typicalRange("0.5") == nil)
    // Positions map to values and back; values keep 4 significant digits.
    #expect(dims[1].value(at: 0) == 0.001 && dims[1].value(at: 1) == 0.05)
    #expect(dims[1].value(at: 0.5) == 0.007071)
    #expect(abs(dims[0].position(of: dims[0].value(at: 0.25)) - 0.25) < 1e-3)
  }

  @Test(
    "--over refuses what cannot be searched",
    arguments: [
      ("catmull-rom(filter=one-euro)", "width", "is a choice"),
      ("catmull-rom", "filter-beta", "has no effect with filter=min-distance"),
      ("catmull-rom(filter=one-euro)", "alpha", "declares no typical range"),
      ("catmull-rom(filter=one-euro)", "alpha=0..2", "'2'"),
      ("catmull-rom(filter=one-euro)", "alpha=log:0..1", "log spacing needs bounds above 0"),
      ("catmull-rom(filter=one-euro)", "alpha=1..0", "needs LO below HI"),
      ("catmull-rom(filter=one-euro)", "alpha=0..1,alpha=0..1", "named twice"),
      ("catmull-rom(filter=one-euro)", "beta", "no option 'beta'"),
    ])
  func refused(spec: String, over: String, message: String) throws {
    do {
      _ = try TuneDimension.parse(
        over, spec: try StrategySpec.parse(spec), descriptor: Self.catmullRom)
      Issue.record("accepted \(over)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }
}
