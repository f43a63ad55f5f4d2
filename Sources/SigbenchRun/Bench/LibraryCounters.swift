import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults

/// What a counter run measured, with the library strategies whose own counter workers failed.
struct CounterOutcome: Sendable {
  var info: CounterRunInfo
  var figures: [CounterFigures]
  /// Library strategies whose counter workers failed while the others' worked: label → why.
  /// Such a library is marked failed like one whose timing worker failed (exit 3).
  var failedLibraries: [String: String] = [:]
}

extension BenchWorkers {
  /// The counters of `strategies` (built-ins and library strategies): the built-ins in one set
  /// of counter workers, each library alone in counter workers of its own. A library that traps
  /// under callgrind loses its own counters only ("unavailable", with the worker's failure),
  /// never the built-ins' or another library's. The run's record (`info`) is the built-ins'
  /// counter run, or the first library's when there are only libraries.
  static func countersIsolatingLibraries(
    _ strategies: [ConfiguredStrategy], corpus: String, lanes: [BenchLane], points: Int,
    startPoints: Int, scratch: URL, tag: String, layouts: [Int]
  ) -> CounterOutcome {
    let libraries = strategies.filter(\.isLibrary)
    let others = strategies.filter { !$0.isLibrary }
    func count(_ set: [ConfiguredStrategy], _ tag: String) -> (CounterRunInfo, [CounterFigures]) {
      counters(
        Job.counting(set, corpus: corpus, lanes: lanes), points: points, startPoints: startPoints,
        scratch: scratch, tag: tag, layouts: layouts)
    }
    var outcome: CounterOutcome?
    if !others.isEmpty {
      let (info, figures) = count(others, tag)
      outcome = CounterOutcome(info: info, figures: figures)
    }
    for (i, library) in libraries.enumerated() {
      let (info, figures) = count([library], "L\(i)")
      if outcome == nil { outcome = CounterOutcome(info: info, figures: []) }
      guard let why = info.unavailableReason else {
        // Its workers count the reference too (every resolved set has it); the built-ins'
        // run has it already.
        outcome!.figures +=
          others.isEmpty ? figures : figures.filter { $0.strategy == library.label }
        continue
      }
      outcome!.figures += lanes.map { lane in
        CounterFigures(
          strategy: library.label, strategyID: library.id, lane: lane, points: 0,
          steadyPoints: 0, strokes: 0, injectedSpins: 0
        ).unavailable("its counter worker failed: \(why)")
      }
      // Counting that works for the others and not for this library is the library's failure.
      if outcome!.info.unavailableReason == nil {
        outcome!.failedLibraries[library.label] = "counters: \(why)"
      }
    }
    return outcome
      ?? CounterOutcome(
        info: CounterRunInfo(
          tool: "callgrind", command: "", subsetPoints: [:], startPoints: startPoints,
          unavailableReason: "no strategy to count"), figures: [])
  }
}
