import CShim
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The worker side of the counter lane: run inside `valgrind --tool=callgrind
/// --instr-atstart=no --collect-atstart=no`, it switches instrumentation on only for the
/// replays and writes one callgrind dump per strategy × lane × part through client requests
/// (`CALLGRIND_START_INSTRUMENTATION`, `CALLGRIND_TOGGLE_COLLECT`, `CALLGRIND_DUMP_STATS_AT`).
/// Collecting only around the measured code makes the counts exact run to run; whole-process
/// totals (Swift runtime start-up included) vary by tens of instructions.
///
/// Per strategy × lane, after one instrumented but uncollected warm pass:
/// - part `push`: collection on around every stroke's push loop (instances made outside);
/// - part `steady`: collection on only from the `startPoints`-th push of each stroke on;
/// - part `finish`: collection on around each `finish` only.
/// Each dump is labelled `sigbench|<index>|<part>`; `CallgrindProfile` parses them back.
public struct CounterProbe: Sendable {
  public var startPoints: Int
  public var injection: Injection?

  public init(startPoints: Int, injection: Injection?) {
    self.startPoints = startPoints
    self.injection = injection
  }

  /// True when this process runs under valgrind.
  /// One planned dump.
  public typealias Plan = CounterPlan

  public static var underValgrind: Bool { cshim_running_on_valgrind() != 0 }

  /// The dump label of entry `index`, part `part`.
  public static func label(_ index: Int, _ part: String) -> String { "sigbench|\(index)|\(part)" }

  /// Replays `workloads[lane]` for every strategy × lane, dumping as described. Returns the
  /// plan (what each index means). Outside valgrind the client requests do nothing.
  public func run(
    _ strategies: [ConfiguredStrategy], lanes: [BenchLane], workloads: [BenchLane: BenchWorkload]
  ) -> [Plan] {
    var plans: [Plan] = []
    cshim_callgrind_start_instrumentation()
    for strategy in strategies {
      for lane in lanes {
        guard let workload = workloads[lane] else { continue }
        let spins =
          injection.flatMap { $0.targets(id: strategy.id, label: strategy.label) ? $0.spins : nil }
          ?? 0
        var driver = LaneDriver(strategy: strategy, lane: lane, workload: workload)
        driver.spins = spins
        driver.untimedPass()
        let index = plans.count
        var steady = 0
        for item in workload.items {
          for s in item.strokes { steady += max(0, s.count - startPoints) }
        }
        plans.append(
          Plan(
            index: index, strategy: strategy.label, strategyID: strategy.id, lane: lane,
            points: workload.pointCount, steadyPoints: steady, strokes: workload.strokeCount,
            injectedSpins: spins))
        cshim_callgrind_zero_stats()
        for part in ["push", "steady", "finish"] {
          collect(&driver, part: part)
          CounterProbe.label(index, part).withCString { cshim_callgrind_dump_stats_at($0) }
        }
      }
    }
    cshim_callgrind_stop_instrumentation()
    return plans
  }

  func collect(_ driver: inout LaneDriver, part: String) {
    let from = part == "steady" ? startPoints : 0
    driver.collectedPass(from: from, finishOnly: part == "finish")
  }
}

extension LaneDriver {
  /// A pass with callgrind collection switched on around pushes at index ≥ `from` (or only
  /// around `finish` when `finishOnly`).
  mutating func collectedPass(from: Int, finishOnly: Bool) {
    // Take the buffer instead of copying it: a copy would share storage with `output`, and the
    // first write to each array would then allocate (copy-on-write) inside a measured pass.
    var out = StrokeOutput()
    swap(&out, &output)
    let spins = spins
    for item in workload.items {
      switch lane {
      case .smooth:
        var step = SinkStep()
        for stroke in item.strokes {
          var instance = strategy.makeInstance()
          LaneDriver.openCollected(&instance, &step, stroke, &out, spins, from, finishOnly)
        }
      case .smoothRaster:
        // Over the driver's shared empty picture, as the timed passes draw: filling a fresh
        // 3.8 MB canvas per drawing and pass under callgrind's instrumentation took most of
        // the counter run (the fill is outside the collected region either way).
        var step = RasterStep(
          canvas: IncrementalCanvas(
            spec: workload.rasterSpec, transform: item.transform, background: background))
        for stroke in item.strokes {
          var instance = strategy.makeInstance()
          LaneDriver.openCollected(&instance, &step, stroke, &out, spins, from, finishOnly)
        }
      }
    }
    output = out
  }

  static func openCollected<S: SmoothingStrategy, L: LaneStep>(
    _ s: inout S, _ step: inout L, _ samples: [Sample], _ out: inout StrokeOutput,
    _ spins: UInt64, _ from: Int, _ finishOnly: Bool
  ) {
    var on = false
    for (i, sample) in samples.enumerated() {
      if !finishOnly && i == from {
        cshim_callgrind_toggle_collect()
        on = true
      }
      ReplayLoops.push(&s, sample, &out, spins: spins)
      step.after(&out)
    }
    if on { cshim_callgrind_toggle_collect() }
    if finishOnly { cshim_callgrind_toggle_collect() }
    s.finish(into: &out)
    step.after(&out)
    if finishOnly { cshim_callgrind_toggle_collect() }
  }
}
