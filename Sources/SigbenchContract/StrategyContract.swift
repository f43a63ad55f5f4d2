import SigbenchCore

/// The contract every strategy must meet (listed in `SmoothingStrategy`'s doc comment), one
/// function per rule. Each returns failure descriptions, empty when the rule holds, so a test
/// can print them with its seed and `strategies --check` can say which rule failed on which
/// stroke (`StrategyCheck`).
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

  /// Every stable chunk and tentative tail is finite, and nothing is tentative after finish.
  public static func checkFinite(_ strategy: ConfiguredStrategy, _ t: Trace) -> [String] {
    var f: [String] = []
    for (i, chunk) in t.stableChunks.enumerated() where !chunk.isFinite {
      f.append("\(strategy.label): non-finite stable output at step \(i)")
    }
    for (i, tail) in t.tentatives.enumerated() where !tail.isFinite {
      f.append("\(strategy.label): non-finite tentative output at step \(i)")
    }
    if !t.tentativeAfterFinish.isEmpty {
      f.append("\(strategy.label): tentative left after finish")
    }
    return f
  }

  /// A second run of the same input gives the same trace.
  public static func checkDeterministic(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], _ t: Trace
  ) -> [String] {
    run(strategy, samples) == t ? [] : ["\(strategy.label): two runs of the same input differ"]
  }

  /// Batch smoothing (push all, then finish) gives the streaming run's final ink.
  public static func checkBatch(_ strategy: ConfiguredStrategy, _ samples: [Sample], _ t: Trace)
    -> [String]
  {
    strategy.smooth(samples) == t.final
      ? [] : ["\(strategy.label): batch result differs from streaming result"]
  }

  /// Stable output is final: whatever was stable after push i starts the final ink of the
  /// prefix 0…i; with `tentativePreviewsFinish`, stable + tentative is exactly that ink.
  ///
  /// - Complexity: O(n²) strategy pushes for n samples (one prefix run per sample).
  public static func checkStableFinal(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], _ t: Trace,
    tentativePreviewsFinish: Bool
  ) -> [String] {
    let label = strategy.label
    var stableSoFar = InkGeometry()
    for i in samples.indices {
      stableSoFar.append(contentsOf: t.stableChunks[i])
      let prefix = run(strategy, Array(samples[0...i])).final
      if !startsWith(prefix, stableSoFar) {
        return ["\(label): stable output after sample \(i) was revised by finishing there"]
      }
      if tentativePreviewsFinish {
        var preview = stableSoFar
        preview.append(contentsOf: t.tentatives[i])
        if preview != prefix {
          return ["\(label): stable + tentative after sample \(i) differ from finishing there"]
        }
      }
    }
    return []
  }

  /// Translating the input by `offset` translates the final ink by `offset`, within
  /// `tolerance` px.
  public static func checkTranslation(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], _ t: Trace, offset: Point,
    tolerance: Double
  ) -> [String] {
    let moved = run(strategy, samples.map { $0.translated(by: offset) }).final
    guard
      let d = InkComparison.difference(
        moved, t.final.translated(by: offset), tolerance: tolerance)
    else { return [] }
    return ["\(strategy.label): translation by \(offset) not equivariant: \(d)"]
  }

  /// Every rule that holds for any stroke: finiteness, determinism, batch = streaming, stable
  /// output never revised (and, optionally, the tentative tail previews the finish), a single
  /// sample visible, and translation equivariance within `tolerance`.
  ///
  /// - Complexity: O(n²) strategy pushes for n samples (one prefix run per sample).
  public static func check(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], offset: Point,
    tolerance: Double = 1e-9, tentativePreviewsFinish: Bool = true
  ) -> [String] {
    let t = run(strategy, samples)
    var f = checkFinite(strategy, t)
    f += checkDeterministic(strategy, samples, t)
    f += checkBatch(strategy, samples, t)
    if samples.count == 1, !InkComparison.isVisible(t.final) {
      f.append("\(strategy.label): one sample gave no visible ink")
    }
    f += checkStableFinal(
      strategy, samples, t, tentativePreviewsFinish: tentativePreviewsFinish)
    f += checkTranslation(strategy, samples, t, offset: offset, tolerance: tolerance)
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
}
