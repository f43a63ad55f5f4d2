import SigbenchCore
import SigbenchStrategies
import Testing

/// The 1€ filter against its equations (Casiez, Roussel, Vogel, CHI 2012) on constructed
/// signals; expected values computed by hand from α(f) = 1 / (1 + 1/(2π f Tₑ)).
@Suite("1€ filter")
struct OneEuroFilterTests {
  static func filter(beta: Double = 0) -> OneEuroFilter {
    OneEuroFilter(.init(minCutoff: 1, beta: beta, derivativeCutoff: 1))
  }

  @Test("β = 0: a fixed 1 Hz low-pass; a step from 0 to 10 px at 100 Hz")
  func fixedCutoffStep() {
    var f = Self.filter()
    #expect(f.filter(Point(x: 0, y: 0), time: 0) == Point(x: 0, y: 0))
    // α(1 Hz, 0.01 s) = 0.0591173974…
    let first = f.filter(Point(x: 10, y: 0), time: 0.01)
    #expect(abs(first.x - 0.5911739744174894) < 1e-12 && first.y == 0)
    let second = f.filter(Point(x: 10, y: 0), time: 0.02)
    #expect(abs(second.x - 1.1473992820321217) < 1e-12)
  }

  @Test("β > 0: the cutoff rises with the filtered speed")
  func speedRaisesTheCutoff() {
    var f = Self.filter(beta: 0.01)
    _ = f.filter(Point(x: 0, y: 0), time: 0)
    // v̂ = α(1 Hz) · 1000 px/s = 59.117 px/s, f꜀ = 1 + 0.01 · 59.117 Hz.
    let p = f.filter(Point(x: 10, y: 0), time: 0.01)
    #expect(abs(p.x - 0.9088959410440421) < 1e-12)
    var still = Self.filter()
    _ = still.filter(Point(x: 0, y: 0), time: 0)
    #expect(p.x > still.filter(Point(x: 10, y: 0), time: 0.01).x)
  }

  @Test("untimed samples use a 60 Hz period; a repeated time keeps the last period")
  func untimedAndRepeatedTimes() {
    var f = Self.filter()
    _ = f.filter(Point(x: 0, y: 0), time: nil)
    #expect(abs(f.filter(Point(x: 10, y: 0), time: nil).x - 0.9479305012366402) < 1e-12)
    var g = Self.filter()
    _ = g.filter(Point(x: 0, y: 0), time: 0)
    _ = g.filter(Point(x: 0, y: 0), time: 0.01)
    // Same time again: the 0.01 s period stands, so the step moves by α(1 Hz, 0.01 s).
    let p = g.filter(Point(x: 10, y: 0), time: 0.01)
    #expect(abs(p.x - 0.5911739744174894) < 1e-12 && p.x.isFinite)
  }

  @Test("both axes share one speed: a diagonal stays on the diagonal")
  func diagonalStaysStraight() {
    var f = Self.filter(beta: 0.05)
    for i in 0..<200 {
      let t = Double(i) / 120
      let v = 300 * t + 2 * Double(i % 3)
      let p = f.filter(Point(x: v, y: v), time: t)
      #expect(p.x == p.y, "sample \(i): \(p)")
    }
  }

  @Test("reset starts a new stroke: its first sample passes unchanged")
  func resetStartsOver() {
    var f = Self.filter()
    _ = f.filter(Point(x: 0, y: 0), time: 0)
    _ = f.filter(Point(x: 50, y: 0), time: 0.01)
    f.reset()
    #expect(f.filter(Point(x: 7, y: 8), time: 3) == Point(x: 7, y: 8))
  }

  @Test("every catalog strategy offers the filter modes and the 1€ options")
  func everyStrategyOffersIt() throws {
    for entry in StrategyCatalog.all {
      for name in ["filter", "filter-min-cutoff", "filter-beta", "filter-d-cutoff"] {
        #expect(entry.descriptor.parameter(named: name) != nil, "\(entry.descriptor.id): \(name)")
      }
    }
  }

  @Test("catmull-rom(filter=one-euro,…) smooths jitter: the ink moves less than the samples")
  func inFrontOfAStrategy() throws {
    let spec = try StrategySpec.parse(
      "catmull-rom(filter=one-euro,filter-min-cutoff=1,filter-beta=0.007)")
    let smoothed = try StrategyCatalog.configure(spec)
    let plain = try StrategyCatalog.configure(StrategySpec(id: "catmull-rom"))
    #expect(smoothed.label == "catmull-rom(filter=one-euro)")
    // A horizontal line at 120 Hz with ±1 px vertical zigzag.
    let samples = (0..<120).map { i in
      Sample(x: Double(i) * 3, y: i % 2 == 0 ? 1 : -1, time: Double(i) / 120)
    }
    func spread(_ ink: InkGeometry) -> Double {
      let ys = ink.centerline.map(\.end.y).dropFirst(10)
      return (ys.max() ?? 0) - (ys.min() ?? 0)
    }
    let a = spread(smoothed.smooth(samples))
    let b = spread(plain.smooth(samples))
    #expect(b > 1.9 && a < b / 4, "spread with 1€ \(a) px, without \(b) px")
  }
}
