import SigbenchCore
import SigbenchStrategies
import Testing

/// The library's `len` is `Math.hypot`: no underflow or overflow at the input envelope's tiny
/// coordinates (#43: √(x² + y²) made the unit vectors of a stroke 1e-300 px long infinite, and
/// the whole outline NaN), the same bits as √(x² + y²) in the normal range.
@Test func perfectFreehandLengthIsHypot() throws {
  #expect(PerfectFreehandPoint.len(Point(x: 1e-300, y: 0)) == 1e-300)
  #expect(PerfectFreehandPoint.len(Point(x: 0, y: -5e-324)) == 5e-324)
  let big = PerfectFreehandPoint.len(Point(x: 3e200, y: 4e200))
  #expect(abs(big / 5e200 - 1) < 1e-15)
  #expect(PerfectFreehandPoint.len(Point(x: 3, y: 4)) == 5)
  #expect(PerfectFreehandPoint.len(Point(x: .nan, y: 0)).isNaN)
  let v = Point(x: 0.1, y: 0.7)
  #expect(PerfectFreehandPoint.len(v) == v.length)
  let tiny = (0..<20).map {
    Sample(x: 1e-300 * Double($0), y: 0, time: Double($0) / 120)
  }
  for id in ["perfect-freehand", "perfect-freehand-incremental"] {
    let ink = try StrategyCatalog.configure(StrategySpec(id: id)).smooth(tiny)
    #expect(ink.isFinite, "\(id)")
  }
}
