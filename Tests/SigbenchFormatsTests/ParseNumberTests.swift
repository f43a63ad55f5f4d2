import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// `parseNumber` (the line and JSON readers' decimal parser) gives exactly `strtod`'s double,
/// on its fast path (significant digits ≤ 2^53, exponent within ±22) and off it.
struct ParseNumberTests {
  func parse(_ s: String) -> Double? {
    let bytes = Array(s.utf8)
    return bytes.withUnsafeBufferPointer { parseNumber($0, 0, $0.count) }
  }

  func reference(_ s: String) -> Double { s.withCString { strtod($0, nil) } }

  @Test func shortestFormsReadBackExactly() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let magnitude = Double(rng.int(in: -12...12))
      let v = rng.double(in: -1...1) * pow(10, magnitude)
      let text = "\(v)"
      #expect(parse(text)?.bitPattern == v.bitPattern, "seed \(seed): \(text)")
    }
  }

  @Test func randomDecimalsMatchStrtod() {
    let seed = propertySeed() ^ 0x5EED
    var rng = SplitMix64(seed: seed)
    for _ in 0..<20_000 {
      let digits = rng.int(in: 1...20)
      var text = String((0..<digits).map { _ in Character(String(rng.int(in: 0...9))) })
      let dot = rng.int(in: 0...digits)
      if dot < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: dot)) }
      if dot == 0 { text = "0" + text }
      if rng.int(in: 0...3) == 0 { text += "e\(rng.int(in: -30...30))" }
      if rng.int(in: 0...1) == 0 { text = "-" + text }
      #expect(parse(text)?.bitPattern == reference(text).bitPattern, "seed \(seed): \(text)")
    }
  }

  @Test func edgesOfTheFastPath() {
    for text in [
      "540.5430297851562", "9007199254740992", "9007199254740993", "900719925474099.3",
      "0.1", "1e22", "1e23", "123456789012345678901234567890", "-0", "4.9e-324", "1e400",
    ] {
      #expect(parse(text)?.bitPattern == reference(text).bitPattern, "\(text)")
    }
    for bad in ["", "-", ".", "1e", "nan", "inf", "0x10", "1.2.3"] {
      #expect(parse(bad) == nil, "\(bad)")
    }
  }
}
