import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchResults

/// Issue 16, item 2: a run aggregates quality while the corpus streams
/// (`QualityFigures.Accumulator`, the one pooling rule, which `aggregate` folds through);
/// folding parts one at a time must give exactly what the declared rule gives computed over
/// all the parts at once (`batch`, below), bit for bit, for every field.
@Suite("quality accumulator")
struct QualityAccumulatorTests {
  /// A part with every figure of `QualityFigures` drawn at random (the stored properties found
  /// by reflection and the metrics from the catalog, so a figure added later is covered too):
  /// each optional present or absent, values from a small set with ties and signed zeros as
  /// well as uniform ones.
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
    for metric in QualityMetric.catalog where allPresent || rng.int(in: 0...4) > 0 {
      fields[metric.key] = value()
    }
    let data = try JSONSerialization.data(withJSONObject: fields)
    return try JSONDecoder().decode(QualityFigures.self, from: data)
  }

  /// Every figure's text (doubles as bit patterns), so equal means equal bit for bit: the
  /// stored properties, then the metrics in catalog order.
  static func bits(_ q: QualityFigures) -> [String] {
    let metrics = QualityMetric.catalog.map { m in
      "\(m.key)=\(q[m].map { String($0.bitPattern, radix: 16) } ?? "nil")"
    }
    return Mirror(reflecting: q).children.filter { $0.label != "slots" }.map { child in
      let text: String
      if let d = child.value as? Double? {
        text = d.map { String($0.bitPattern, radix: 16) } ?? "nil"
      } else {
        text = "\(child.value)"
      }
      return "\(child.label ?? "?")=\(text)"
    } + metrics
  }

  /// The declared pooling computed over all parts at once, the way the rule is written in
  /// words (`QualityFigures.Pooling`): the oracle of the one-part-at-a-time fold.
  static func batch(_ parts: [QualityFigures], rateStability: [RateStability]) -> QualityFigures {
    var a = QualityFigures()
    for (_, k) in QualityFigures.counts { a[keyPath: k] = parts.reduce(0) { $0 + $1[keyPath: k] } }
    a.reference = AccuracyReference.combining(parts.map(\.reference))
    let made = parts.compactMap(\.predictions)
    a.predictions = made.isEmpty ? nil : made.reduce(0, +)
    let scored = parts.compactMap(\.scoredPredictions)
    a.scoredPredictions = scored.isEmpty ? nil : scored.reduce(0, +)
    func mean(_ pairs: [(v: Double, w: Double)]) -> Double? {
      guard !pairs.isEmpty else { return nil }
      let total = pairs.reduce(0.0) { $0 + max(0, $1.w) }
      guard total > 0 else { return pairs.reduce(0.0) { $0 + $1.v } / Double(pairs.count) }
      return pairs.reduce(0.0) { $0 + max(0, $1.w) * $1.v } / total
    }
    var deviations: [WritableKeyPath<QualityFigures, Double?>] = []
    for (k, pooling) in QualityFigures.pooledFigures {
      let present = parts.filter { $0[keyPath: k] != nil }
      switch pooling {
      case .mean(let w):
        a[keyPath: k] = mean(present.map { ($0[keyPath: k]!, w.of($0)) })
      case .largest: a[keyPath: k] = present.map { $0[keyPath: k]! }.max()
      case .smallest: a[keyPath: k] = present.map { $0[keyPath: k]! }.min()
      case .total:
        a[keyPath: k] = present.isEmpty ? nil : present.reduce(0) { $0 + $1[keyPath: k]! }
      case .rateRatio(let r):
        a[keyPath: k] =
          RateStability.geometricMean(rateStability.map(r.of))
          ?? mean(present.map { ($0[keyPath: k]!, Double($0.samples)) })
      case .widthDeviation: deviations.append(k)
      }
    }
    for k in deviations {
      let both = parts.filter { $0[.widthSD] != nil && $0[.widthMean] != nil }
      let second = mean(
        both.map {
          ($0[.widthSD]! * $0[.widthSD]! + $0[.widthMean]! * $0[.widthMean]!, $0.inkLength ?? 0)
        })
      if let m = a[.widthMean], let second { a[keyPath: k] = max(0, second - m * m).squareRoot() }
    }
    return a
  }

  @Test("folding parts one at a time equals the declared rule over all parts, bit for bit")
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
      let expected = Self.batch(parts, rateStability: stability)
      let got = fold.result(rateStability: stability)
      #expect(
        Self.bits(QualityFigures.aggregate(parts, rateStability: stability)) == Self.bits(got))
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
    let expected = Self.batch(parts, rateStability: [])
    #expect(Self.bits(fold.result()) == Self.bits(expected))
    // Aggregated, only `pressure` is absent.
    #expect(Self.bits(expected).filter { $0.hasSuffix("=nil") } == ["pressure=nil"])
  }
}

/// The accumulator reads counts and pooled figures through direct accessors, not key paths:
/// each must read and write exactly what `counts` and `pooledFigures` name.
@Test func accumulatorPlacesMatchTheDeclaredKeyPaths() {
  var f = QualityFigures()
  for (i, c) in QualityFigures.counts.enumerated() { f[keyPath: c.figure] = 100 + i }
  for i in QualityFigures.counts.indices { #expect(f.count(at: i) == 100 + i) }
  var set = QualityFigures()
  for i in QualityFigures.counts.indices { set.setCount(200 + i, at: i) }
  for (i, c) in QualityFigures.counts.enumerated() { #expect(set[keyPath: c.figure] == 200 + i) }
  var sum = QualityFigures()
  sum.addCounts(f)
  sum.addCounts(f)
  for c in QualityFigures.counts { #expect(sum[keyPath: c.figure] == 2 * f[keyPath: c.figure]) }
  let entries = QualityFigures.Accumulator.entries
  #expect(entries.count == QualityFigures.pooledFigures.count)
  for (i, (k, pooling)) in QualityFigures.pooledFigures.enumerated() {
    var g = QualityFigures()
    g[keyPath: k] = Double(i) + 0.5
    #expect(g.value(at: entries[i].place) == Double(i) + 0.5)
    #expect(entries[i].rule == QualityFigures.Accumulator.rule(pooling))
    g.setValue(-1, at: entries[i].place)
    #expect(g[keyPath: k] == -1)
    // A mean's weight is its declared weight, read without the key path.
    var weighed = QualityFigures(inkLength: 7.5)
    for (j, c) in QualityFigures.counts.enumerated() { weighed[keyPath: c.figure] = 10 + j }
    weighed.predictions = 30
    weighed.scoredPredictions = 31
    switch pooling {
    case .mean(let w): #expect(entries[i].rule.meanWeight(of: weighed) == w.of(weighed))
    default: #expect(entries[i].rule.meanWeight(of: weighed) == nil)
    }
    if case .mean(.count(let w)) = pooling, case .meanByCount(let c) = entries[i].rule {
      #expect((QualityFigures.counts[c].figure as AnyKeyPath) == (w as AnyKeyPath))
    }
  }
}
