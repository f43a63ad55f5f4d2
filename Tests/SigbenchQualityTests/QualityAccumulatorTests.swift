import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Issue 16, item 2: a run aggregates quality while the corpus streams
/// (`QualityFigures.Accumulator`); folding parts one at a time must give exactly
/// `QualityFigures.aggregate`'s figures, bit for bit, for every field.
@Suite("quality accumulator")
struct QualityAccumulatorTests {
  /// A part with every field of `QualityFigures` drawn at random (found by reflection, so a
  /// field added later is covered too): each optional present or absent, values from a small
  /// set with ties and signed zeros as well as uniform ones.
  static func randomPart(_ rng: inout SplitMix64, allPresent: Bool = false) throws
    -> QualityFigures
  {
    let special: [Double] = [0, -0.0, 1, 1, 2.5, 1e-300]
    func value() -> Double {
      rng.int(in: 0...3) == 0
        ? special[rng.index(special.count)] : rng.double(in: -5...50)
    }
    var fields: [String: Any] = [:]
    for child in Mirror(reflecting: QualityFigures()).children {
      guard let name = child.label else { continue }
      let type = type(of: child.value)
      let present = allPresent || rng.int(in: 0...4) > 0
      if type == Int.self {
        // Weights of 0 (all-zero weights fall back to plain means) now and then.
        fields[name] = rng.int(in: 0...3) == 0 ? 0 : rng.int(in: 0...500)
      } else if type == Int?.self {
        if present { fields[name] = rng.int(in: 0...40) }
      } else if type == Double?.self {
        if present { fields[name] = value() }
      } else if type == AccuracyReference?.self {
        if present {
          fields[name] =
            AccuracyReference.allCases[rng.index(AccuracyReference.allCases.count)]
            .rawValue
        }
      }
    }
    let data = try JSONSerialization.data(withJSONObject: fields)
    return try JSONDecoder().decode(QualityFigures.self, from: data)
  }

  /// Every field's text (doubles as bit patterns), so equal means equal bit for bit.
  static func bits(_ q: QualityFigures) -> [String] {
    Mirror(reflecting: q).children.map { child in
      let text: String
      if let d = child.value as? Double? {
        text = d.map { String($0.bitPattern, radix: 16) } ?? "nil"
      } else {
        text = "\(child.value)"
      }
      return "\(child.label ?? "?")=\(text)"
    }
  }

  @Test("folding parts one at a time equals aggregate bit for bit, for every field")
  func foldEqualsAggregate() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for round in 0..<300 {
      let parts = try (0..<rng.int(in: 0...25)).map { _ in try Self.randomPart(&rng) }
      let stability =
        round % 3 == 0
        ? []
        : (0..<rng.int(in: 1...4)).map { m in
          RateStability(
            motion: "m\(m)", rates: [],
            widthRatio: rng.int(in: 0...3) == 0 ? nil : rng.double(in: 0.5...2),
            areaRatio: rng.int(in: 0...3) == 0 ? nil : rng.double(in: 0.5...2))
        }
      var fold = QualityFigures.Accumulator()
      for p in parts { fold.add(p) }
      let expected = QualityFigures.aggregate(parts, rateStability: stability)
      let got = fold.result(rateStability: stability)
      #expect(
        Self.bits(got) == Self.bits(expected),
        "round \(round), \(parts.count) parts: replay with SIGBENCH_SEED=\(seed)")
    }
  }

  @Test("the fold covers every field aggregate sets (a part with all fields present)")
  func everyFieldPresent() throws {
    var rng = SplitMix64(seed: 7)
    let parts = try (0..<3).map { _ in try Self.randomPart(&rng, allPresent: true) }
    var fold = QualityFigures.Accumulator()
    for p in parts { fold.add(p) }
    let expected = QualityFigures.aggregate(parts)
    #expect(Self.bits(fold.result()) == Self.bits(expected))
    // Aggregated, only `pressure` is absent.
    #expect(Self.bits(expected).filter { $0.hasSuffix("=nil") } == ["pressure=nil"])
  }
}
