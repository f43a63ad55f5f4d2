import SigbenchCore
import SigbenchStrategies

/// The contract every catalog strategy must meet (listed in SmoothingStrategy's doc comment).
/// Each check returns a list of failure descriptions, empty when the contract holds, so a test
/// can print them together with its seed.
public enum StrategyContract {
  /// What one streaming run produced.
  public struct Trace: Equatable {
    /// `stable` of every push, then of `finish` (last).
    public var stableChunks: [InkGeometry] = []
    /// `tentative` after every push.
    public var tentatives: [InkGeometry] = []
    /// Concatenation of every stable chunk: the stroke's final ink.
    public var final = InkGeometry()
    /// `tentative` after `finish` (must be empty).
    public var tentativeAfterFinish = InkGeometry()
  }

  /// Streams `samples` through a fresh instance reusing one `StrokeOutput`, as a capture UI does.
  public static func run(_ strategy: ConfiguredStrategy, _ samples: [Sample]) -> Trace {
    var instance = strategy.makeInstance()
    var trace = Trace()
    var output = StrokeOutput(reservingSegments: 8, elements: 64, discs: 8)
    StrokeReplay.run(&instance, samples, output: &output) { step, result in
      trace.stableChunks.append(result.stable)
      trace.final.append(contentsOf: result.stable)
      if step == .finish {
        trace.tentativeAfterFinish = result.tentative
      } else {
        trace.tentatives.append(result.tentative)
      }
    }
    return trace
  }

  /// An empty stroke gives no ink at all.
  public static func checkEmpty(_ strategy: ConfiguredStrategy) -> [String] {
    let t = run(strategy, [])
    var f: [String] = []
    if !t.final.isEmpty { f.append("\(strategy.label): empty stroke gave ink \(t.final)") }
    if !t.tentativeAfterFinish.isEmpty { f.append("\(strategy.label): tentative after finish") }
    return f
  }

  /// A one-sample stroke gives visible, finite ink.
  public static func checkSingle(_ strategy: ConfiguredStrategy, _ sample: Sample) -> [String] {
    let t = run(strategy, [sample])
    var f: [String] = []
    if !InkComparison.isVisible(t.final) {
      f.append("\(strategy.label): one sample gave no visible ink: \(t.final)")
    }
    if !t.final.isFinite { f.append("\(strategy.label): one sample gave non-finite ink") }
    return f
  }

  /// Every property that holds for any stroke: finiteness, determinism, batch = streaming,
  /// stable output never depends on later samples, the tentative tail is what finishing now
  /// would bake (`tentativePreviewsFinish`), nothing tentative after finish, and translation
  /// equivariance within `tolerance`.
  ///
  /// - Complexity: O(n²) strategy pushes for n samples (one prefix run per sample).
  public static func check(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], offset: Point,
    tolerance: Double = 1e-9, tentativePreviewsFinish: Bool = true
  ) -> [String] {
    var f: [String] = []
    let label = strategy.label
    let t = run(strategy, samples)
    for (i, chunk) in t.stableChunks.enumerated() where !chunk.isFinite {
      f.append("\(label): non-finite stable output at step \(i)")
    }
    for (i, tail) in t.tentatives.enumerated() where !tail.isFinite {
      f.append("\(label): non-finite tentative output at step \(i)")
    }
    if !t.tentativeAfterFinish.isEmpty { f.append("\(label): tentative left after finish") }
    if run(strategy, samples) != t { f.append("\(label): two runs of the same input differ") }
    let batch = strategy.smooth(samples)
    if batch != t.final { f.append("\(label): batch result differs from streaming result") }
    if samples.count == 1, !InkComparison.isVisible(t.final) {
      f.append("\(label): one sample gave no visible ink")
    }

    // Stable output is final: whatever was stable after push i must start the final ink of
    // the prefix 0…i, and (optionally) stable + tentative must be exactly that ink.
    var stableSoFar = InkGeometry()
    for i in samples.indices {
      stableSoFar.append(contentsOf: t.stableChunks[i])
      let prefix = run(strategy, Array(samples[0...i])).final
      if !startsWith(prefix, stableSoFar) {
        f.append("\(label): stable output after sample \(i) was revised by finishing there")
        break
      }
      if tentativePreviewsFinish {
        var preview = stableSoFar
        preview.append(contentsOf: t.tentatives[i])
        if preview != prefix {
          f.append("\(label): stable + tentative after sample \(i) differ from finishing there")
          break
        }
      }
    }

    let moved = run(strategy, samples.map { $0.translated(by: offset) }).final
    if let d = InkComparison.difference(moved, t.final.translated(by: offset), tolerance: tolerance)
    {
      f.append("\(label): translation by \(offset) not equivariant: \(d)")
    }
    return f
  }

  /// The reference strategy's centreline vertices are exactly the input samples: with its
  /// default options it passes its input through unchanged.
  public static func checkReferenceVertices(_ strategy: ConfiguredStrategy, _ samples: [Sample])
    -> [String]
  {
    let ink = strategy.smooth(samples)
    let vertices =
      ink.centerline.isEmpty ? [] : [ink.centerline[0].start] + ink.centerline.map(\.end)
    let expected = samples.count < 2 ? [] : samples.map(\.point)
    return vertices == expected
      ? [] : ["\(strategy.label): centreline vertices \(vertices) differ from the samples"]
  }

  /// True when each array of `whole` begins with the corresponding array of `part`.
  static func startsWith(_ whole: InkGeometry, _ part: InkGeometry) -> Bool {
    whole.centerline.starts(with: part.centerline) && whole.outline.starts(with: part.outline)
      && whole.discs.starts(with: part.discs) && whole.bands.starts(with: part.bands)
      && whole.stamps.starts(with: part.stamps)
  }

  /// A random valid spec for `entry`: every option drawn from its declared domain. Draws again
  /// (up to 20 times) when the strategy rejects a combination, then falls back to defaults.
  public static func randomConfiguration(_ entry: StrategyEntry, rng: inout SplitMix64)
    -> ConfiguredStrategy
  {
    for _ in 0..<20 {
      var options: [StrategySpec.Option] = []
      for p in entry.descriptor.parameters where rng.int(in: 0...3) > 0 {
        options.append(.init(name: p.name, value: randomValue(p, rng: &rng)))
      }
      if let c = try? entry.configure(StrategySpec(id: entry.descriptor.id, options: options)) {
        return c
      }
    }
    return try! entry.configure(StrategySpec(id: entry.descriptor.id))
  }

  /// A random valid value of `p`, as spec text.
  public static func randomValue(_ p: ParameterInfo, rng: inout SplitMix64) -> String {
    switch p.domain {
    case .number(let lo, _, let hi, _):
      // Mostly the lower part of the range, where typical values live.
      let u = rng.double(in: 0...1)
      var v = lo + (hi - lo) * u * u * u
      if v <= lo || v >= hi { v = lo + (hi - lo) / 2 }
      return String(v)
    case .integer(let r):
      return String(rng.int(in: r))
    case .choice(let values):
      return values[rng.int(in: 0...(values.count - 1))]
    }
  }
}
