import SigbenchCore
import Testing

@Suite("small ceiling")
struct SmallCeilingTests {
  @Test("integers, halves, signed zeros and the neighbours of integers round up as libm does")
  func edges() {
    var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -2.5, 1e-300, -1e-300]
    for k in [-2_147_483_647.0, -1000, -3, -1, 0, 1, 2, 3, 1000, 2_147_483_646] {
      values += [k, k.nextUp, k.nextDown, k + 0.5]
    }
    values += [Double(2_147_483_647).nextDown, Double(-2_147_483_648).nextUp]
    for v in values {
      #expect(smallCeiling(v) == Int(v.rounded(.up)), "v = \(v)")
    }
  }

  @Test("seeded random values below 2³¹ in magnitude")
  func random() {
    let seed: UInt64 = 0x5EED_CE11
    print("small ceiling: seed \(seed)")
    var rng = SplitMix64(seed: seed)
    for i in 0..<20_000 {
      // Every magnitude from 2⁻²⁰ to 2³¹, both signs.
      let magnitude = Double(sign: .plus, exponent: i % 51 - 20, significand: 1)
      let v = rng.double(in: -magnitude...magnitude)
      #expect(smallCeiling(v) == Int(v.rounded(.up)), "seed \(seed), v = \(v)")
    }
  }
}
