import CShim
import SigbenchCore

/// Per-point figures of one timed pass, in parallel arrays (no per-point allocation while
/// timing: capacity is reserved up front).
public struct PointRecord: Sendable {
  /// Bracket duration of each push, ns (includes one clock read's overhead).
  public var ns: [Double] = []
  /// Index of the sample within its stroke (0-based).
  public var index: [Int32] = []
  /// Length of the sample's stroke.
  public var length: [Int32] = []
  /// Stroke number within the pass.
  public var stroke: [Int32] = []

  public init() {}

  mutating func reserve(_ n: Int) {
    ns.reserveCapacity(n)
    index.reserveCapacity(n)
    length.reserveCapacity(n)
    stroke.reserveCapacity(n)
  }
}

/// The inner loops, generic over the strategy and the lane step so each combination is
/// specialised once the existential is opened (one open per stroke, outside any bracket).
///
/// `dose` is active only when the test-only injection knob targets this strategy: its work runs
/// right after `push`, inside the bracket (`SpinDose`).
enum ReplayLoops {
  /// A push followed by exactly `spins` rounds (the counter lane's whole doses).
  @inline(__always) static func push<S: SmoothingStrategy>(
    _ s: inout S, _ sample: Sample, _ output: inout StrokeOutput, spins: UInt64
  ) {
    s.push(sample, into: &output)
    if spins != 0 { cshim_spin_inline(spins) }
  }

  /// A push followed by `dose`'s work for this push (`SpinDose`).
  @inline(__always) static func push<S: SmoothingStrategy>(
    _ s: inout S, _ sample: Sample, _ output: inout StrokeOutput, dose: inout SpinDose
  ) {
    s.push(sample, into: &output)
    if dose.isActive { dose.apply() }
  }

  /// Untimed replay of one stroke (warm-up).
  static func untimed<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    dose: SpinDose
  ) {
    var dose = dose.forStroke()
    for sample in samples {
      push(&s, sample, &output, dose: &dose)
      step.after(output)
    }
    s.finish(into: &output)
    step.after(output)
  }

  /// One bracket per push; returns the `finish` bracket, ns.
  static func single<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    dose: SpinDose, strokeID: Int32, record: inout PointRecord
  ) -> Double {
    var dose = dose.forStroke()
    let n = Int32(samples.count)
    var i: Int32 = 0
    for sample in samples {
      let t0 = MonotonicClock.now()
      push(&s, sample, &output, dose: &dose)
      step.after(output)
      let t1 = MonotonicClock.now()
      record.ns.append(Double(t1 &- t0))
      record.index.append(i)
      record.length.append(n)
      record.stroke.append(strokeID)
      i += 1
    }
    let t0 = MonotonicClock.now()
    s.finish(into: &output)
    step.after(output)
    let t1 = MonotonicClock.now()
    return Double(t1 &- t0)
  }

  /// Brackets around runs of `batch` consecutive pushes; appends batch ns / batch for each
  /// full batch (a shorter remainder at the stroke's end is pushed untimed). Returns the
  /// points and nanoseconds inside the timed batches.
  static func batched<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    dose: SpinDose, batch: Int, perPoint: inout [Double]
  ) -> (points: Int, ns: Double) {
    var dose = dose.forStroke()
    var points = 0
    var total = 0.0
    var start = 0
    while start + batch <= samples.count {
      let t0 = MonotonicClock.now()
      for j in start..<(start + batch) {
        push(&s, samples[j], &output, dose: &dose)
        step.after(output)
      }
      let t1 = MonotonicClock.now()
      let d = Double(t1 &- t0)
      perPoint.append(d / Double(batch))
      points += batch
      total += d
      start += batch
    }
    for j in start..<samples.count {
      push(&s, samples[j], &output, dose: &dose)
      step.after(output)
    }
    s.finish(into: &output)
    step.after(output)
    return (points, total)
  }
}
