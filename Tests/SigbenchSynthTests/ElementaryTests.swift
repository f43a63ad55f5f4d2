import Foundation
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// The standard-library-only exp, log, sin and cos against the C library (seeded).
@Suite("elementary functions")
struct ElementaryTests {
  /// |a − b| in units in the last place of b.
  static func ulps(_ a: Double, _ b: Double) -> Double { abs(a - b) / b.ulp }

  @Test("exp and log are within 2 ulp of the C library over their whole range")
  func expLog() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<5_000 {
      let x = rng.uniform(-740...709)
      #expect(Self.ulps(Elementary.exp(x), Foundation.exp(x)) <= 2, "seed \(seed): exp(\(x))")
      let small = rng.uniform(-1...1)
      #expect(
        Self.ulps(Elementary.exp(small), Foundation.exp(small)) <= 2, "seed \(seed): exp(\(small))")
      let y = Foundation.exp(rng.uniform(-700...700))
      #expect(Self.ulps(Elementary.log(y), Foundation.log(y)) <= 2, "seed \(seed): log(\(y))")
      let near1 = 1 + rng.uniform(-0.3...0.3)
      #expect(
        abs(Elementary.log(near1) - Foundation.log(near1)) <= 2.3e-16, "seed \(seed): log(\(near1))"
      )
    }
    #expect(Elementary.exp(0) == 1 && Elementary.log(1) == 0)
    #expect(Elementary.exp(800) == .infinity && Elementary.exp(-800) == 0)
    #expect(Elementary.log(0) == -.infinity && Elementary.log(-1).isNaN)
    #expect(Self.ulps(Elementary.log(Double.leastNonzeroMagnitude), -744.4400719213812) <= 2)
  }

  @Test("sin and cos are within 2.5e-16 absolute and 2 ulp away from their zeros (|x| ≤ 1e5)")
  func sinCos() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<5_000 {
      for x in [rng.uniform(-10...10), rng.uniform(-100_000...100_000)] {
        let (s, c) = Trigonometry.sinCos(x)
        let rs = Foundation.sin(x)
        let rc = Foundation.cos(x)
        #expect(abs(s - rs) <= 2.5e-16, "seed \(seed): sin(\(x))")
        #expect(abs(c - rc) <= 2.5e-16, "seed \(seed): cos(\(x))")
        if abs(rs) > 0.01 { #expect(Self.ulps(s, rs) <= 2, "seed \(seed): sin(\(x))") }
        if abs(rc) > 0.01 { #expect(Self.ulps(c, rc) <= 2, "seed \(seed): cos(\(x))") }
      }
    }
    #expect(Trigonometry.sin(0) == 0 && Trigonometry.cos(0) == 1)
    #expect(Trigonometry.sin(.infinity).isNaN)
  }
}
