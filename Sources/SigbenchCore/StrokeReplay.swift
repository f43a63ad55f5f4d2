/// One call made by a stroke replay: the push of one sample, or the stroke's finish.
public enum ReplayStep: Hashable, Sendable {
  /// `push` of the sample at this 0-based position in the replayed samples (a position, not a
  /// collection index, so a slice of a stroke still starts at 0).
  case push(sampleIndex: Int)
  /// `finish`, after the last push.
  case finish
}

/// The one replay of a stroke through a `SmoothingStrategy`: push every sample in order, then
/// finish, into one caller-owned `StrokeOutput`. Batch smoothing, the animated replay, the
/// strategy contract suite and mid-stroke pictures all go through here, so they all drive a
/// strategy the same way a capture UI does.
///
/// After every call the output holds that call's result: `stable` is the geometry that became
/// final during the call (the stroke's ink is the concatenation of every call's `stable`) and
/// `tentative` is the whole current tail (empty after finish).
///
/// Benchmark timing loops intentionally do not use this: they keep their own minimal
/// push/finish loop with no callback, so that nothing but the strategy is timed.
public enum StrokeReplay {
  /// The single replay primitive: pushes `sample` into `strategy`, or finishes the stroke when
  /// `sample` is `nil`. `output` is cleared first and then holds this call's result.
  ///
  /// A caller driving several type-erased strategies one event at a time passes
  /// `&instances[k]` of an `[any SmoothingStrategy]`; Swift opens the existential for the
  /// inout generic argument.
  ///
  /// - Complexity: one strategy call; O(1) work besides it.
  @inlinable
  public static func step<S: SmoothingStrategy>(
    _ strategy: inout S, _ sample: Sample?, into output: inout StrokeOutput
  ) {
    if let sample {
      strategy.push(sample, into: &output)
    } else {
      strategy.finish(into: &output)
    }
  }

  /// Pushes every sample of `samples` in order, then finishes unless `finish` is false (a
  /// stroke still in progress), calling `onStep` after each call with the step and `output`
  /// as that call left it.
  ///
  /// `output` is reused for every call, so a strategy with fixed-size state runs without heap
  /// allocations, as long as `onStep` keeps no reference to the output's arrays. After the
  /// replay it holds the last call's result (with `finish: false`, the current tentative tail).
  /// Read the output through `onStep`'s argument: the closure must not capture the variable
  /// passed as `output`.
  ///
  /// - Complexity: one push per sample plus at most one finish, and O(1) work per step
  ///   beyond the strategy's own and `onStep`'s.
  @inlinable
  public static func run<S: SmoothingStrategy>(
    _ strategy: inout S, _ samples: some Collection<Sample>, finish: Bool = true,
    output: inout StrokeOutput, onStep: (ReplayStep, StrokeOutput) throws -> Void
  ) rethrows {
    var index = 0
    for sample in samples {
      step(&strategy, sample, into: &output)
      try onStep(.push(sampleIndex: index), output)
      index += 1
    }
    if finish {
      step(&strategy, nil, into: &output)
      try onStep(.finish, output)
    }
  }

  /// `run` over an array: the same calls in the same order. A caller generic over the
  /// strategy (which the compiler cannot specialise) then still steps the array directly,
  /// not through `Collection`'s witness table (some 400 instructions a sample).
  @inlinable
  public static func run<S: SmoothingStrategy>(
    _ strategy: inout S, _ samples: [Sample], finish: Bool = true,
    output: inout StrokeOutput, onStep: (ReplayStep, StrokeOutput) throws -> Void
  ) rethrows {
    for index in samples.indices {
      step(&strategy, samples[index], into: &output)
      try onStep(.push(sampleIndex: index), output)
    }
    if finish {
      step(&strategy, nil, into: &output)
      try onStep(.finish, output)
    }
  }

  /// Replays `samples` (see `run`) and returns the concatenation of every call's stable
  /// geometry and the tentative tail left by the last call. With `finish: true` (batch
  /// smoothing) `stable` is the stroke's final ink and `tentative` is empty; with `false` they
  /// are what a capture view shows mid-stroke.
  ///
  /// - Complexity: as `run`, plus appending the stable geometry.
  @inlinable
  public static func ink<S: SmoothingStrategy>(
    _ strategy: inout S, _ samples: some Collection<Sample>, finish: Bool = true
  ) -> (stable: InkGeometry, tentative: InkGeometry) {
    var output = StrokeOutput()
    var stable = InkGeometry()
    run(&strategy, samples, finish: finish, output: &output) { _, result in
      stable.append(contentsOf: result.stable)
    }
    return (stable, output.tentative)
  }
}
