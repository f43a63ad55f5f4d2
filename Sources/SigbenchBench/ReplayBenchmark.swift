import SigbenchCore

/// Replays strokes sample by sample through a strategy and times every `push`.
///
/// Each push is bracketed by two clock reads; the figure recorded is the raw difference in
/// nanoseconds (it includes one clock read's overhead, stated in `TimerCalibration`).
/// `finish` is timed apart. Every output buffer is passed to an opaque sink so the work cannot
/// be optimised away. A full untimed pass over all strokes runs first as warm-up.
public struct ReplayBenchmark: Sendable {
  /// Untimed passes over the strokes before timing.
  public var warmupPasses = 1
  /// Timed passes; each contributes one figure per sample.
  public var timedPasses = 1

  public init(warmupPasses: Int = 1, timedPasses: Int = 1) {
    self.warmupPasses = warmupPasses
    self.timedPasses = timedPasses
  }

  /// Per-point push times and per-stroke finish times, nanoseconds.
  public struct Timings: Sendable {
    public var pushes: [Double] = []
    public var finishes: [Double] = []
  }

  /// Times `strategy` over `strokes`.
  public func run(_ strategy: ConfiguredStrategy, strokes: [[Sample]]) -> Timings {
    var timings = Timings()
    let total = strokes.reduce(0) { $0 + $1.count }
    timings.pushes.reserveCapacity(total * timedPasses)
    timings.finishes.reserveCapacity(strokes.count * timedPasses)
    var output = StrokeOutput(reservingSegments: 64, elements: 512, discs: 64)
    for _ in 0..<warmupPasses {
      for stroke in strokes {
        var instance = strategy.makeInstance()
        ReplayBenchmark.replayUntimed(&instance, stroke, &output)
      }
    }
    for _ in 0..<timedPasses {
      for stroke in strokes {
        var instance = strategy.makeInstance()
        ReplayBenchmark.replayTimed(
          &instance, stroke, &output, &timings.pushes, &timings.finishes)
      }
    }
    return timings
  }

  /// The untimed loop (warm-up), specialised per strategy type once the existential is opened.
  static func replayUntimed<S: SmoothingStrategy>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput
  ) {
    for sample in samples {
      s.push(sample, into: &output)
      sink(output)
    }
    s.finish(into: &output)
    sink(output)
  }

  /// The timed loop: one bracket per push, one for finish.
  static func replayTimed<S: SmoothingStrategy>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ pushes: inout [Double],
    _ finishes: inout [Double]
  ) {
    for sample in samples {
      let t0 = MonotonicClock.now()
      s.push(sample, into: &output)
      sink(output)
      let t1 = MonotonicClock.now()
      pushes.append(Double(t1 &- t0))
    }
    let t0 = MonotonicClock.now()
    s.finish(into: &output)
    sink(output)
    let t1 = MonotonicClock.now()
    finishes.append(Double(t1 &- t0))
  }

  @inline(__always) static func sink(_ output: StrokeOutput) {
    output.stable.outline.withUnsafeBufferPointer { BlackHole.consume(pointer: $0.baseAddress) }
    output.stable.centerline.withUnsafeBufferPointer { BlackHole.consume(pointer: $0.baseAddress) }
    output.tentative.outline.withUnsafeBufferPointer { BlackHole.consume(pointer: $0.baseAddress) }
    BlackHole.consume(UInt64(output.stable.discs.count &+ output.tentative.centerline.count))
  }
}
