import Foundation
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
      save NAME  measures this build (N worker processes, counters under callgrind) and writes
                 <out>/baselines/NAME.json; acknowledgements of an older file are dropped.
      noise NAME measures an A/A noise floor: N worker processes of this build (use twice the
                 gate's --processes), written to <out>/baselines/noise/NAME.json; prints per
                 metric the A/A spread, the threshold it implies for a gate of N/2 processes
                 per side (max(configured, 3 x spread)) and the minimum detectable change.
                 `gate --noise-floor NAME` uses it.
      list       lists stored baselines and whether this machine (and --corpus) can use them.
      ack NAME   records a known regression with --strategy, --reason (and optionally --lane,
                 --metric) in the baseline, so the gate reports it instead of failing on it.
      """,
    options: [
      OptionGroups.corpus, OptionGroups.out,
      OptionSpec(
        "strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
      OptionGroups.lanes,
      OptionSpec(
        "processes", value: "N",
        help: "Worker processes (replicates; save 2…200, noise 4…400).",
        default: String(GateConfiguration.defaultProcesses)),
    ] + OptionGroups.counters + [
      OptionSpec("strategy", value: "SPEC", help: "ack: the strategy (label or id)."),
      OptionSpec("lane", value: "LANE", help: "ack: one lane (default: every lane)."),
      OptionSpec("metric", value: "NAME", help: "ack: one metric (default: every metric)."),
      OptionSpec("reason", value: "TEXT", help: "ack: why the regression is accepted."),
      OptionGroups.quiet,
    ],
    positionals: [
      PositionalSpec("action", help: "save, noise, list or ack."),
      PositionalSpec(
        "name", help: "Baseline or noise floor name (save, noise, ack).", optional: true),
    ])

  let a: ParsedArguments
  let action: String
  let name: String
  let actions: BaselineActions
  let strategies: [ConfiguredStrategy]
  let lanes: [BenchLane]
  let processes: Int
  let counterPoints: Int
  let injection: Injection?
  let acknowledgement: Acknowledgement?

  /// Every option checked before any measuring.
  init(_ a: ParsedArguments) throws {
    self.a = a
    action = a.positionals[0]
    guard ["save", "noise", "list", "ack"].contains(action) else {
      throw ValidationError("Unknown action '\(action)'; expected save, noise, list or ack.")
    }
    let n = a.positionals.count > 1 ? a.positionals[1] : nil
    if action != "list" {
      guard let n else { throw ValidationError("'baseline \(action)' needs a NAME.") }
      guard Baseline.isValidName(n) else {
        throw ValidationError(
          "Baseline names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(n)'.")
      }
    }
    name = n ?? ""
    actions = BaselineActions(out: a.value("out")!)
    strategies = try StrategyResolver.resolve(a.value("strategies"), reference: .added)
    do { lanes = try BenchLane.parseList(a.value("lanes")!) } catch {
      throw ValidationError(error.description)
    }
    processes = try a.integer("processes", action == "noise" ? 4...400 : 2...200)
    counterPoints = try a.integer("counter-points", BenchRunSettings.counterPointsRange)
    injection = try a.injection()
    if action == "noise" && injection != nil {
      throw ValidationError(
        "\(Injection.environmentVariable) is set: a noise floor must be measured without the knob.")
    }
    if action == "save" || action == "noise" { _ = try a.corpus() }
    acknowledgement = action == "ack" ? try BaselineCommand.parseAck(a) : nil
  }

  static func parseAck(_ a: ParsedArguments) throws -> Acknowledgement {
    guard let strategy = a.value("strategy"), let reason = a.value("reason"),
      !reason.trimmingCharacters(in: .whitespaces).isEmpty
    else { throw ValidationError("'baseline ack' needs --strategy <SPEC> and --reason <TEXT>.") }
    var lane: BenchLane?
    if let l = a.value("lane") {
      guard let v = BenchLane(rawValue: l) else {
        throw ValidationError("--lane must be smooth or smooth+raster; got '\(l)'.")
      }
      lane = v
    }
    let metrics =
      GateMetric.allCases.map(\.rawValue) + CounterMetric.allCases.map(\.rawValue)
      + QualityMetric.catalog.filter { $0.direction != .neutral }.map(\.id)
    if let m = a.value("metric"), !metrics.contains(m) {
      throw ValidationError(
        "--metric must be one of \(metrics.joined(separator: ", ")); got '\(m)'.")
    }
    return Acknowledgement(
      strategy: strategy, lane: lane, metric: a.value("metric"), reason: reason,
      createdAt: RunFolder.timestamp())
  }

  func run(console: Console) throws -> ExitCode {
    switch action {
    case "save": return try save(console)
    case "ack": return try acknowledge(console)
    case "noise": return try noise(console)
    default: return try list(console)
    }
  }

  func session(_ console: Console) throws -> BenchSession {
    BenchSession(
      corpus: try CorpusInput.load(try a.corpus(), progress: console.progress),
      strategies: strategies)
  }

  func save(_ console: Console) throws -> ExitCode {
    let s = try session(console)
    let saved = try actions.save(
      name, session: s,
      options: BaselineActions.workerOptions(s, lanes: lanes, injection: injection),
      processes: processes, counters: !a.flag("no-counters"), counterPoints: counterPoints,
      progress: console.progress)
    if saved.droppedAcknowledgements > 0 {
      console.err(
        "note: \(saved.droppedAcknowledgements) acknowledgement(s) of the previous '\(name)' dropped"
      )
    }
    console.out("baseline '\(name)' saved: \(saved.url.path)")
    console.out(
      "  \(saved.baseline.processes) processes, \(saved.baseline.replicates.count) metric sets, "
        + "counters: "
        + (saved.baseline.counterRun.unavailableReason.map { "unavailable (\($0))" } ?? "measured"))
    return .success
  }

  func noise(_ console: Console) throws -> ExitCode {
    let s = try session(console)
    let options = BaselineActions.workerOptions(s, lanes: lanes, injection: nil)
    let (floor, url) = try actions.noise(
      name, session: s, options: options, processes: processes, progress: console.progress)
    console.out("noise floor '\(name)' saved: \(url.path)")
    let perSide = max(2, processes / 2)
    console.out(
      "A/A over \(processes) processes (\(options.repetitions) timed passes each); "
        + "for a gate of \(perSide) processes per side:")
    for line in ConsoleTables.noiseBands(floor.bands(perSide: perSide, settings: GateSettings())) {
      console.out(line)
    }
    return .success
  }

  func acknowledge(_ console: Console) throws -> ExitCode {
    guard let ack = acknowledgement else { return .usage }
    do { _ = try actions.acknowledge(name, ack) } catch let e as PipelineError {
      throw CommandFailure(.baselineUnusable, e.message)
    }
    console.out(
      "acknowledged in '\(name)': \(ack.strategy) \(ack.lane?.rawValue ?? "all lanes") "
        + "\(ack.metric ?? "all metrics"): \(ack.reason)")
    return .success
  }

  func list(_ console: Console) throws -> ExitCode {
    let checksum = try a.value("corpus").map {
      try CorpusInput.load($0, progress: console.progress).checksum
    }
    let rows = actions.list(corpusChecksum: checksum)
    if rows.isEmpty { console.out("no baselines in \(actions.store.folder.path)") }
    for row in rows { console.out(row) }
    return .success
  }
}
