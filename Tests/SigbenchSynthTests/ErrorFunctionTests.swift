import Foundation
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// erf and erfc against 40-digit references (mpmath 1.3, `mp.dps = 40`) and the C library.
@Suite("error function")
struct ErrorFunctionTests {
  /// (x, erf x, erfc x), references rounded to 20 digits.
  static let references: [(Double, Double, Double)] = [
    (0, 0, 1),
    (1e-10, 1.1283791670955125739e-10, 0.99999999988716208329),
    (0.1, 0.1124629160182848922, 0.8875370839817151078),
    (0.5, 0.52049987781304653768, 0.47950012218695346232),
    (1, 0.84270079294971486934, 0.15729920705028513066),
    (1.5, 0.96610514647531072707, 0.033894853524689272933),
    (1.9999, 0.99532019790702939146, 0.0046798020929706085356),
    (2, 0.99532226501895273416, 0.0046777349810472658379),
    (2.5, 0.99959304798255504106, 0.00040695201744495893956),
    (3, 0.99997790950300141456, 0.000022090496998585441373),
    (4, 0.99999998458274209972, 1.5417257900280018852e-8),
    (5, 0.99999999999846254021, 1.5374597944280348502e-12),
    (5.9, 0.9999999999999999281, 7.1904097835505082899e-17),
    (-0.75, -0.7111556336535151316, 1.7111556336535151316),
    (-2.25, -0.9985372834133188483, 1.9985372834133188483),
  ]

  @Test("erf matches 40-digit references within 1e-15, erfc within 1e-13 relative")
  func knownValues() {
    for (x, e, c) in Self.references {
      #expect(abs(ErrorFunction.erf(x) - e) <= 1e-15, "erf(\(x)) = \(ErrorFunction.erf(x))")
      #expect(abs(ErrorFunction.erfc(x) - c) <= 1e-13 * c, "erfc(\(x)) = \(ErrorFunction.erfc(x))")
    }
  }

  @Test("erfc keeps its relative accuracy deep in the tail")
  func tail() {
    let tail: [(Double, Double)] = [
      (8, 1.122429717298292708e-29), (10, 2.088487583762544757e-45),
      (20, 5.3958656116079009289e-176), (26, 5.6631924088561428465e-296),
    ]
    for (x, c) in tail {
      #expect(abs(ErrorFunction.erfc(x) / c - 1) <= 1e-13, "erfc(\(x)) = \(ErrorFunction.erfc(x))")
    }
    #expect(ErrorFunction.erfc(30) == 0)
    #expect(ErrorFunction.erfc(-30) == 2)
    #expect(ErrorFunction.erf(7) == 1 && ErrorFunction.erf(-7) == -1)
    #expect(ErrorFunction.erf(.infinity) == 1 && ErrorFunction.erf(-.infinity) == -1)
    #expect(ErrorFunction.erf(.nan).isNaN)
  }

  @Test("erf agrees with the C library within 1.5e-15 and is odd (seeded)")
  func againstLibm() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<5_000 {
      let x = rng.uniform(-6.5...6.5)
      let d = abs(ErrorFunction.erf(x) - Foundation.erf(x))
      #expect(d <= 1.5e-15, "seed \(seed): erf(\(x))")
      #expect(ErrorFunction.erf(-x) == -ErrorFunction.erf(x), "seed \(seed): oddness at \(x)")
      if x > 0 {
        let ref = Foundation.erfc(x)
        #expect(
          abs(ErrorFunction.erfc(x) - ref) <= 2e-14 * ref + 1.5e-15, "seed \(seed): erfc(\(x))")
      }
    }
  }
}
