import CShim
import SigbenchCore
import SigbenchResults

/// The inner loops, generic over the strategy and the lane step so each combination is
/// specialised once the existential is opened (one open per stroke, outside any bracket).
///
/// `work` is active only when the test-only injection knob targets this strategy: it runs
/// right after `push`, inside the bracket (`InjectedWork`).
enum ReplayLoops {
  /// A push followed by exactly `spins` rounds (the counter lane).
  @inline(__always) static func push<S: SmoothingStrategy>(
    _ s: inout S, _ sample: Sample, _ output: inout StrokeOutput, spins: UInt64
  ) {
    s.push(sample, into: &output)
    if spins != 0 { cshim_spin_inline(spins) }
  }

  /// A push followed by this push's share of `work` (`InjectedWork`).
  @inline(__always) static func push<S: SmoothingStrategy>(
    _ s: inout S, _ sample: Sample, _ output: inout StrokeOutput, work: inout InjectedWork
  ) {
    s.push(sample, into: &output)
    if work.isActive { work.apply() }
  }

  /// Untimed replay of one stroke (warm-up).
  static func untimed<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    work: InjectedWork
  ) {
    var work = work.forStroke()
    for sample in samples {
      push(&s, sample, &output, work: &work)
      step.after(&output)
    }
    s.finish(into: &output)
    step.after(&output)
  }

  /// One bracket per push; returns the `finish` bracket, ns.
  static func single<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    work: InjectedWork, strokeID: Int32, record: inout PointRecord
  ) -> Double {
    var work = work.forStroke()
    let n = Int32(samples.count)
    var i: Int32 = 0
    for sample in samples {
      let t0 = MonotonicClock.now()
      push(&s, sample, &output, work: &work)
      step.after(&output)
      let t1 = MonotonicClock.now()
      record.ns.append(Double(t1 &- t0))
      record.index.append(i)
      record.length.append(n)
      record.stroke.append(strokeID)
      i += 1
    }
    let t0 = MonotonicClock.now()
    s.finish(into: &output)
    step.after(&output)
    let t1 = MonotonicClock.now()
    return Double(t1 &- t0)
  }

  /// Brackets around runs of `batch` consecutive pushes; appends batch ns / batch for each
  /// full batch (a shorter remainder at the stroke's end is pushed untimed). Returns the
  /// points and nanoseconds inside the timed batches.
  static func batched<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ step: inout L,
    work: InjectedWork, batch: Int, perPoint: inout [Double]
  ) -> (points: Int, ns: Double) {
    var work = work.forStroke()
    var points = 0
    var total = 0.0
    var start = 0
    while start + batch <= samples.count {
      let t0 = MonotonicClock.now()
      for j in start..<(start + batch) {
        push(&s, samples[j], &output, work: &work)
        step.after(&output)
      }
      let t1 = MonotonicClock.now()
      let d = Double(t1 &- t0)
      perPoint.append(d / Double(batch))
      points += batch
      total += d
      start += batch
    }
    for j in start..<samples.count {
      push(&s, samples[j], &output, work: &work)
      step.after(&output)
    }
    s.finish(into: &output)
    step.after(&output)
    return (points, total)
  }
}
