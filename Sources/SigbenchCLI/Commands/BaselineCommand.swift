import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench baseline save NAME | noise NAME | list | ack NAME`: stored baselines and A/A
/// noise floors under `<out>/baselines/`.
struct BaselineCommand: Command {
  static let spec = CommandSpec(
    name: "baseline",
    abstract: "Save, list or acknowledge regressions in stored baselines; measure noise floors.",
    discussion: """
      save NAME  measures this build (N worker processes, 2…200, counters under callgrind); writes
                 <out>/baselines/NAME.json; acknowledgements of an older file are dropped.
      noise NAME measures an A/A noise floor: N worker processes (4…400; use twice the
                 gate's --processes), written to <out>/baselines/noise/NAME.json; prints per
                 metric the A/A spread, the threshold it implies for a gate of N/2 processes
                 per side (max(configured, 3 x spread)) and the minimum detectable change.
                 `gate --noise-floor NAME` uses it.
      list       lists stored baselines and whether this machine (and --corpus) can use them.
      ack NAME   records a known regression with --strategy, --reason (and optionally --lane,
                 --metric) in the baseline, so the gate reports it instead of failing on it.
      """,
    options: [
      CorpusOptions.corpus.spec, OutputOptions.out.spec,
      StrategyOptions.strategies(default: .incremental), StrategyFolderOptions.folder.spec,
      StrategyFolderOptions.timeout.spec, BenchOptionGroup.lanes.spec,
      BenchOptionGroup.processes(default: GateConfiguration.defaultProcesses, range: 2...400),
    ] + BenchOptionGroup.counters + [
      StrategyOptions.strategy.spec, FigureOptions.lane.spec, FigureOptions.metric.spec,
      reason.spec, OutputOptions.quiet.spec,
    ],
    positionals: [
      PositionalSpec(
        "action", help: "save, noise, list or ack.", allowed: ["save", "noise", "list", "ack"]),
      PositionalSpec(
        "name", help: "Baseline or noise floor name (save, noise, ack).", optional: true),
    ])

  static let reason = Option.text(
    "reason", value: "TEXT", help: "ack: why the regression is accepted.")

  let action: String
  let name: String
  let corpus: String?
  let actions: BaselineActions
  let strategies: [ConfiguredStrategy]
  let bench: BenchOptionGroup
  let injection: Injection?
  let acknowledgement: Acknowledgement?

  /// Every option checked before any measuring.
  init(_ a: ParsedArguments) throws {
    action = a.positionals[0]
    let n = a.positionals.count > 1 ? a.positionals[1] : nil
    if action != "list" {
      guard let n else { throw ValidationError("'baseline \(action)' needs a NAME.") }
      guard Baseline.isValidName(n) else {
        throw ValidationError(
          "Baseline names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(n)'.")
      }
    }
    name = n ?? ""
    actions = BaselineActions(out: try a.outFolder())
    strategies = try StrategyOptions.running(a, reference: .added)
    bench = try BenchOptionGroup(a)
    if action == "save", let p = bench.processes, p > 200 {
      throw ValidationError("--processes must be a whole number in 2…200 for save; got '\(p)'.")
    }
    if action == "noise", let p = bench.processes, p < 4 {
      throw ValidationError("--processes must be a whole number in 4…400 for noise; got '\(p)'.")
    }
    injection = try a.injection()
    if action == "noise" && injection != nil {
      throw ValidationError(
        "\(Injection.environmentVariable) is set: a noise floor must be measured without the knob.")
    }
    corpus = try a.value(CorpusOptions.corpus)
    if (action == "save" || action == "noise") && corpus == nil {
      throw ValidationError("Missing '--corpus <DIR>'.")
    }
    acknowledgement =
      action != "ack"
      ? nil
      : try BaselineActions.acknowledgement(
        strategy: try a.value(StrategyOptions.strategy), lane: try a.value(FigureOptions.lane),
        metric: try a.value(FigureOptions.metric), reason: try a.value(Self.reason))
  }

  func run(console: Console) throws -> ExitCode {
    switch action {
    case "save":
      let s = try session(console)
      let saved = try actions.save(
        name, session: s,
        options: BaselineActions.workerOptions(s, lanes: bench.lanes, injection: injection),
        processes: bench.processes!, counters: bench.counters, counterPoints: bench.counterPoints,
        progress: console.progress)
      if saved.droppedAcknowledgements > 0 {
        console.err(
          "note: \(saved.droppedAcknowledgements) acknowledgement(s) of the previous '\(name)' "
            + "dropped")
      }
      ConsoleTables.baselineSaved(saved.baseline, at: saved.url.path).forEach(console.out)
    case "noise":
      let s = try session(console)
      let options = BaselineActions.workerOptions(s, lanes: bench.lanes, injection: nil)
      let (floor, url) = try actions.noise(
        name, session: s, options: options, processes: bench.processes!,
        progress: console.progress)
      let perSide = max(2, bench.processes! / 2)
      ConsoleTables.noiseFloorSaved(
        floor, at: url.path, repetitions: options.repetitions, perSide: perSide,
        bands: BaselineActions.bands(floor, perSide: perSide)
      ).forEach(console.out)
    case "ack":
      do { _ = try actions.acknowledge(name, acknowledgement!) } catch let e as PipelineError {
        throw CommandFailure(.baselineUnusable, e.message)
      }
      console.out(ConsoleTables.acknowledged(acknowledgement!, in: name))
    default:
      let checksum = try corpus.map {
        try CorpusInput.load($0, excluding: outFolder, progress: console.progress).checksum
      }
      let rows = actions.list(corpusChecksum: checksum)
      if rows.isEmpty { console.out("no baselines in \(actions.store.folder.path)") }
      rows.forEach(console.out)
    }
    return .success
  }

  func session(_ console: Console) throws -> BenchSession {
    console.announceExternal(strategies)
    return BenchSession(
      corpus: try CorpusInput.load(
        corpus ?? "", excluding: outFolder, progress: console.progress),
      strategies: strategies)
  }

  /// The output folder, never read as part of the corpus.
  var outFolder: [URL] { [URL(fileURLWithPath: actions.store.out)] }
}
