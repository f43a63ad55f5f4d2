import SigbenchCore
import SigbenchResults

/// Times external strategies in their own lanes (`ExternalLatencyFigures`): for every push and
/// finish, sigbench's monotonic clock around the call (the round trip) and the program's own
/// report of its time (self-timed).
///
/// The strokes are the timing phase's (the same `BenchWorkload`), replayed once after one
/// untimed stroke (the program's start, a JIT's warm-up), up to `pointLimit` pushes a strategy:
/// a push across a pipe costs tens of microseconds, a thousand times an in-process one.
public struct ExternalLatencyBench: Sendable {
  /// Pushes timed per strategy at most (the first strokes of the workload, whole).
  public var pointLimit = 20_000

  public init() {}

  /// Both lanes of each strategy of `strategies` (external ones) over `workload`. A strategy
  /// that fails while timed gets both lanes with the failure as its reason.
  public func measure(_ strategies: [ConfiguredStrategy], workload: BenchWorkload)
    -> [ExternalLatencyFigures]
  {
    strategies.flatMap { measure($0, workload: workload) }
  }

  func measure(_ strategy: ConfiguredStrategy, workload: BenchWorkload)
    -> [ExternalLatencyFigures]
  {
    var roundTrip: [Double] = []
    var own: [Double] = []
    var finishTrip: [Double] = []
    var finishOwn: [Double] = []
    var strokes = 0
    var output = StrokeOutput()
    func replay(_ samples: [Sample], timed: Bool) {
      var instance = strategy.makeInstance()
      for s in samples {
        let t0 = MonotonicClock.now()
        instance.push(s, into: &output)
        let t1 = MonotonicClock.now()
        if timed {
          roundTrip.append(Double(t1 - t0))
          own.append(Double(Self.reported(instance)))
        }
      }
      let t0 = MonotonicClock.now()
      instance.finish(into: &output)
      let t1 = MonotonicClock.now()
      if timed {
        finishTrip.append(Double(t1 - t0))
        finishOwn.append(Double(Self.reported(instance)))
        strokes += 1
      }
    }
    do {
      try strategy.watchingCalls {
        var warmed = false
        var stroke: [Sample] = []
        outer: for item in workload.items {
          for k in item.strokes.indices {
            item.strokes.unpack(k, into: &stroke)
            if !warmed {
              replay(stroke, timed: false)
              warmed = true
            }
            replay(stroke, timed: true)
            if roundTrip.count >= pointLimit { break outer }
          }
        }
      }
    } catch {
      return ExternalLatencyFigures.Lane.allCases.map {
        ExternalLatencyFigures(
          strategy: strategy.label, lane: $0, push: nil, finish: nil, strokes: strokes,
          processes: 1, unavailableReason: String(describing: error))
      }
    }
    return [
      ExternalLatencyFigures(
        strategy: strategy.label, lane: .selfTimed, push: LatencySummary(own),
        finish: LatencySummary(finishOwn), strokes: strokes, processes: 1),
      ExternalLatencyFigures(
        strategy: strategy.label, lane: .roundTrip, push: LatencySummary(roundTrip),
        finish: LatencySummary(finishTrip), strokes: strokes, processes: 1),
    ]
  }

  /// The program's own nanoseconds for the last call (0 for a strategy that reports none).
  static func reported(_ instance: any SmoothingStrategy) -> Int {
    (instance as? any ReportsOwnTime)?.reportedNanoseconds ?? 0
  }
}
