import Foundation
import SigbenchBench
import SigbenchCore

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
      OptionSpec("corpus", value: "DIR", help: "Folder (or single file) of recorded strokes."),
      OptionSpec("out", value: "DIR", help: "Folder holding baselines/.", default: "Reports"),
      OptionSpec(
        "strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
      OptionSpec(
        "lanes", value: "LIST", help: "Lanes to measure.", default: "smooth,smooth+raster"),
      OptionSpec("processes", value: "N", help: "Worker processes (replicates).", default: "10"),
      OptionSpec("no-counters", help: "Skip the callgrind counters."),
      OptionSpec(
        "counter-points", value: "N", help: "Counter subset: the first N points (raster N/20).",
        default: "1000"),
      OptionSpec("strategy", value: "SPEC", help: "ack: the strategy (label or id)."),
      OptionSpec("lane", value: "LANE", help: "ack: one lane (default: every lane)."),
      OptionSpec("metric", value: "NAME", help: "ack: one metric (default: every metric)."),
      OptionSpec("reason", value: "TEXT", help: "ack: why the regression is accepted."),
      OptionSpec("quiet", help: "No progress lines on stderr."),
    ],
    positionals: [
      PositionalSpec("action", help: "save, noise, list or ack."),
      PositionalSpec(
        "name", help: "Baseline or noise floor name (save, noise, ack).", optional: true),
    ])

  let a: ParsedArguments
  let action: String
  let name: String?

  init(_ a: ParsedArguments) throws {
    self.a = a
    action = a.positionals[0]
    name = a.positionals.count > 1 ? a.positionals[1] : nil
    guard ["save", "noise", "list", "ack"].contains(action) else {
      throw ValidationError("Unknown action '\(action)'; expected save, noise, list or ack.")
    }
    if action != "list" {
      guard let n = name else { throw ValidationError("'baseline \(action)' needs a NAME.") }
      guard Baseline.isValidName(n) else {
        throw ValidationError(
          "Baseline names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(n)'.")
      }
    }
  }

  var store: BaselineStore { BaselineStore(outDir: a.value("out")!) }

  func run(console: Console) throws -> ExitCode {
    switch action {
    case "save": return try save(console)
    case "ack": return try acknowledge(console)
    case "noise": return try noise(console)
    default: return try list(console)
    }
  }

  /// The corpus session and the gate workers' options (`save` and `noise` measure alike).
  func workerSetup() throws -> (BenchSession, BenchOptions) {
    guard let corpus = a.value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    let session = try BenchSession(corpus: corpus, strategies: a.value("strategies"))
    var options = BenchOptions.gateWorker
    options.repetitions = BenchOptions.gateRepetitions(points: session.corpus.points)
    do {
      options.lanes = try BenchLane.parseList(a.value("lanes")!)
      options.injection = try Injection.fromEnvironment()
    } catch {
      throw ValidationError(error.description)
    }
    return (session, options)
  }

  func save(_ console: Console) throws -> ExitCode {
    let (session, options) = try workerSetup()
    let pipeline = BenchPipeline(
      session: session, options: options,
      processes: try BenchCommand.integer(a, "processes", 2...200),
      counters: !a.flag("no-counters"),
      counterPoints: try BenchCommand.integer(a, "counter-points", 1...1_000_000),
      injection: options.injection)
    let (report, _) = try pipeline.run(console: console)
    let url = store.url(name!)
    if let old = try? Baseline.decode(Data(contentsOf: url)), !old.acknowledgements.isEmpty {
      console.err(
        "note: \(old.acknowledgements.count) acknowledgement(s) of the previous '\(name!)' dropped")
    }
    let baseline = Baseline(
      name: name!, createdAt: report.createdAt, tool: report.tool, machine: report.machine,
      provenance: report.provenance, corpus: report.corpus, timer: report.timer,
      processes: report.processes, strategies: session.strategies.map(\.label),
      lanes: options.lanes, replicates: report.replicates, counters: report.counters,
      counterRun: report.counterRun, acknowledgements: [], injection: report.injection)
    try AtomicFiles.write(try baseline.encoded(), to: url)
    console.out("baseline '\(name!)' saved: \(url.path)")
    console.out(
      "  \(report.processes) processes, \(report.replicates.count) metric sets, counters: "
        + (report.counterRun.unavailableReason.map { "unavailable (\($0))" } ?? "measured"))
    return .success
  }

  /// Measures an A/A noise floor: the timing workers of `save`, without counters.
  func noise(_ console: Console) throws -> ExitCode {
    if ProcessInfo.processInfo.environment[Injection.environmentVariable] != nil {
      throw ValidationError(
        "\(Injection.environmentVariable) is set: a noise floor must be measured without the knob.")
    }
    let (session, options) = try workerSetup()
    let processes = try BenchCommand.integer(a, "processes", 4...400)
    let pipeline = BenchPipeline(
      session: session, options: options, processes: processes, counters: false)
    let (report, _) = try pipeline.run(console: console)
    let floor = NoiseFloor(
      name: name!, createdAt: report.createdAt, tool: report.tool, machine: report.machine,
      provenance: report.provenance, corpus: report.corpus, processes: report.processes,
      repetitions: options.repetitions, replicates: report.replicates)
    let url = store.noiseURL(name!)
    try AtomicFiles.write(try floor.encoded(), to: url)
    console.out("noise floor '\(name!)' saved: \(url.path)")
    let perSide = max(2, processes / 2)
    console.out(
      "A/A over \(processes) processes (\(options.repetitions) timed passes each); "
        + "for a gate of \(perSide) processes per side:")
    console.out(
      "strategy | lane | metric | A/A spread | threshold (source) | min. detectable change")
    for b in floor.bands(perSide: perSide, settings: GateSettings()) {
      console.out(
        "\(b.strategy) | \(b.lane.rawValue) | \(b.metric) | "
          + String(format: "±%.2f %% | %.2f %% ", b.spread * 100, b.threshold * 100)
          + (b.fromNoise ? "(3 x A/A spread)" : "(configured)")
          + String(format: " | +%.2f %%", b.minimumDetectableChange * 100))
    }
    return .success
  }

  func acknowledge(_ console: Console) throws -> ExitCode {
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
    let url = store.url(name!)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw CommandFailure(.baselineUnusable, "no baseline '\(name!)' at \(url.path)")
    }
    var b: Baseline
    do { b = try Baseline.decode(Data(contentsOf: url)) } catch {
      throw CommandFailure(.baselineUnusable, "baseline '\(name!)' is unreadable: \(error)")
    }
    b.acknowledgements.append(
      Acknowledgement(
        strategy: strategy, lane: lane, metric: a.value("metric"), reason: reason,
        createdAt: BenchSession.now()))
    try AtomicFiles.write(try b.encoded(), to: url)
    console.out(
      "acknowledged in '\(name!)': \(strategy) \(lane?.rawValue ?? "all lanes") "
        + "\(a.value("metric") ?? "all metrics"): \(reason)")
    return .success
  }

  func list(_ console: Console) throws -> ExitCode {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: store.folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
    guard !names.isEmpty else {
      console.out("no baselines in \(store.folder.path)")
      return .success
    }
    let here = MachineFingerprint.current()
    let checksum = try a.value("corpus").map {
      try BenchSession(corpus: $0, strategies: a.value("strategies")).corpus.checksum
    }
    for n in names {
      guard let b = try? Baseline.decode(Data(contentsOf: store.folder.appendingPathComponent(n)))
      else {
        console.out("\(n): unreadable")
        continue
      }
      var line =
        "\(b.name)  \(b.createdAt)  commit \(b.provenance.gitCommit?.prefix(10) ?? "unknown")"
      line += "  \(b.processes) processes, \(b.strategies.count) strategies"
      if !b.acknowledgements.isEmpty { line += ", \(b.acknowledgements.count) acknowledged" }
      if let c = checksum {
        line +=
          "  timing: "
          + (b.timingIncompatibility(machine: here, corpusChecksum: c).map {
            "incompatible (\($0))"
          } ?? "usable")
      } else {
        line += "  machine: " + (b.machine == here ? "same" : "different")
      }
      console.out(line)
    }
    return .success
  }
}
