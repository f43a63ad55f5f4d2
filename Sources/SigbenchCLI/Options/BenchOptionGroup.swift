import SigbenchArguments
import SigbenchResults
import SigbenchRun

/// What a measuring command measures and how often: lanes, timed passes and points, worker
/// processes, the callgrind counters. A command declares the members it takes; the others keep
/// the library's defaults.
struct BenchOptionGroup {
  static let lanes = Option<[BenchLane]>.custom(
    "lanes", value: "LIST", help: "Lanes to measure, comma-separated."
  ) { try BenchLane.parseList($0) }
  .defaulting(to: BenchLane.allCases.map(\.rawValue).joined(separator: ","))
  static let repetitions = Option.integer(
    "repetitions", help: "Timed passes per case (strategy × lane, or format), after warm-up.")
  static let timedPoints = Option.integer(
    "timed-points",
    help: "Points timed per strategy × lane: above N, whole strokes at a fixed stride over the "
      + "corpus (the first and every k-th after it; the rule and count are in bench.json).")
  static let processes = Option.integer(
    "processes",
    help: "Worker processes, each a replicate of every figure (a gate runs this many per side).")
  static let noCounters = Flag("no-counters", help: "Skip the callgrind counters.")
  static let counterPoints = Option.integer(
    "counter-points", help: "Counter subset: the first N points in corpus order (raster lane N/20)."
  )

  /// `--no-counters` and `--counter-points`.
  static let counters = [
    noCounters.spec,
    counterPoints.within(BenchRunSettings.counterPointsRange)
      .defaulting(to: String(BenchRunSettings.defaultCounterPoints)).spec,
  ]
  /// `--repetitions` and `--timed-points` of the in-process timing.
  static let timing = [
    repetitions.within(BenchRunSettings.repetitionsRange)
      .defaulting(to: String(BenchRunSettings.defaultRepetitions)).spec,
    timedPoints.within(TimingSample.budgetRange)
      .defaulting(to: String(TimingSample.defaultBudget)).spec,
  ]
  /// `--processes` as a command uses it.
  static func processes(default d: Int, range: ClosedRange<Int>) -> OptionSpec {
    processes.within(range).defaulting(to: String(d)).spec
  }

  var lanes = BenchLane.allCases
  var repetitions = BenchRunSettings.defaultRepetitions
  var timedPoints = TimingSample.defaultBudget
  /// `nil` when the command does not take `--processes`.
  var processes: Int?
  var counters = true
  var counterPoints = BenchRunSettings.defaultCounterPoints

  init(_ a: ParsedArguments) throws {
    if a.declares(Self.lanes.spec) { lanes = try a.required(Self.lanes) }
    if a.declares(Self.repetitions.spec) { repetitions = try a.required(Self.repetitions) }
    if a.declares(Self.timedPoints.spec) { timedPoints = try a.required(Self.timedPoints) }
    if a.declares(Self.processes.spec) { processes = try a.required(Self.processes) }
    if a.declares(Self.noCounters.spec) { counters = !a.flag(Self.noCounters) }
    if a.declares(Self.counterPoints.spec) { counterPoints = try a.required(Self.counterPoints) }
  }
}
