import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults

/// The callgrind counters started on their own thread while `run` reads, draws and measures
/// the corpus, and collected before the format study and the timing phase.
///
/// Counts are a property of the counted process alone (callgrind counts its instructions and
/// allocations whatever else the machine runs), and nothing is timed while the corpus is read,
/// so the one valgrind process can share the cores with the reading workers: on `Corpus/` the
/// counter run (about 10 s of one core) then no longer adds to the run's wall time. Nothing is
/// timed until `wait()` has returned.
final class CountersAhead: @unchecked Sendable {
  private let group = DispatchGroup()
  private let lock = NSLock()
  private var outcome: CounterOutcome?
  private let scratch: URL

  /// Starts counting `strategies` over the corpus at `path` (`points` in the smooth lane, the
  /// counter subset rule of `BenchWorkers.subset`) at `layouts`; each library strategy in
  /// counter workers of its own (`BenchWorkers.countersIsolatingLibraries`).
  init(
    path: String, strategies: [ConfiguredStrategy], lanes: [BenchLane], points: Int,
    layouts: [Int]
  ) throws {
    scratch = try BenchWorkers.makeScratch(.bench)
    let startPoints = BenchOptions().startPoints
    let folder = scratch
    group.enter()
    Thread.detachNewThread { [self] in
      let result = BenchWorkers.countersIsolatingLibraries(
        strategies, corpus: path, lanes: lanes, points: points, startPoints: startPoints,
        scratch: folder, tag: GateSide.head.rawValue, layouts: layouts)
      lock.lock()
      outcome = result
      lock.unlock()
      group.leave()
    }
  }

  /// Waits for the counter run and returns what it measured (its scratch folder removed).
  func wait() -> CounterOutcome {
    group.wait()
    BenchWorkers.removeScratch(scratch)
    lock.lock()
    defer { lock.unlock() }
    return outcome!
  }
}
