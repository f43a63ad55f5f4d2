import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench run --corpus DIR`: read, smooth, render, time, report.
struct RunCommand: Command {
  static let spec = CommandSpec(
    name: "run", abstract: "Run the strategies over a corpus and write an HTML comparison sheet.",
    discussion: """
      Reads every file under the corpus folder (unsupported files are skipped with a notice,
      malformed ones rejected with the reason; the run goes on), smooths each stroke through
      each strategy, renders the ink to PNG, times every push, and writes the run to
      <out>/runs/<run-id>/ (result.json, index.html, img/; samples.csv with --raw-samples).
      <out>/latest then points at it.
      With --baseline NAME the gate runs after the timing (its options below apply then).
      """,
    options: [
      CorpusOptions.corpus.requiredHere().spec, OutputOptions.out.spec,
      StrategyOptions.strategies(default: .incremental), StrategyOptions.maxConfigs.spec,
      StrategyFolderOptions.folder.spec, StrategyFolderOptions.timeout.spec,
      RenderOptionGroup.supersample.defaulting(to: String(RunSettings.defaultSupersample)).spec,
      RenderOptionGroup.size.within(RunSettings.sizeRange)
        .defaulting(to: "\(RunSettings.defaultWidth)x\(RunSettings.defaultHeight)").spec,
      compareRun.spec, strict.spec, jobs.spec, noRender.spec, shard.spec, OutputOptions.quiet.spec,
      OutputOptions.json.spec, OutputOptions.rawSamples.spec,
    ] + BenchOptionGroup.timing + [GateOptionGroup.baseline.spec] + BenchOptionGroup.counters
      + GateOptionGroup.options + HistoryOptions.appending)

  static let compareRun = Option.text(
    "compare-run", value: "DIR",
    help: "A previous run folder (e.g. Reports/latest): compare the ink of every sample with it.")
  static let strict = Flag(
    "strict",
    help:
      "Treat any rejected or skipped file as fatal (exit 4, no run), and stop at the first "
      + "failing cell (a stage that fails on a drawing inside the input envelope; exit 3).")
  static let jobs = Option.integer(
    "jobs",
    help: "Worker threads for reading, pictures and metrics (the timing always runs alone)."
  ).within(RunSettings.jobsRange).defaultNote("one per core")
  static let shard = Option.text(
    "shard", value: "I/N",
    help:
      "Read and measure only shard I of N (1 ≤ I ≤ N), split by drawing; 'auto/N' takes I from "
      + "SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX + 1. Join the shards with 'sigbench merge'. "
      + "Shard runs are not added to the history.")
  static let noRender = Flag(
    "no-render",
    help: "No pictures and no sample pages: metrics, quality, timing and the sheet only.")

  let corpus: CorpusOptions
  let history: HistoryOptions
  let settings: RunSettings
  let strict: Bool
  let json: Bool
  /// The swept specs, announced before any work.
  let sweeps: [SweepRecord]

  /// Every option checked before any work: usage errors (64), then the named baseline and noise
  /// floor (5) and the comparison run (1).
  init(_ a: ParsedArguments) throws {
    corpus = try CorpusOptions(a)
    history = try HistoryOptions(a)
    let bench = try BenchOptionGroup(a)
    let render = try RenderOptionGroup(a)
    let strategies = try StrategyOptions.runningSweeps(a, reference: .added)
    sweeps = strategies.sweeps
    var s = RunSettings(strategies: strategies.configured)
    s.sweeps = sweeps
    s.out = try a.outFolder()
    s.render.supersample = render.supersample
    (s.render.width, s.render.height) = (render.size!.width, render.size!.height)
    s.bench.repetitions = bench.repetitions
    s.bench.counterPoints = bench.counterPoints
    s.bench.timedPointBudget = bench.timedPoints
    s.bench.counters = bench.counters
    s.bench.injection = try a.injection()
    s.bench.rawSamples = a.flag(OutputOptions.rawSamples)
    s.commandLine = CommandLine.arguments.dropFirst().map { $0 }
    let baseline = try a.storedName(GateOptionGroup.baseline)
    // A shard needs none of the whole corpus's comparisons: refused before any is loaded.
    if let text = try a.value(Self.shard) {
      do {
        s.shard = try ShardSpec.parse(text, environment: ProcessInfo.processInfo.environment)
      } catch { throw ValidationError("--shard \(text): \(error)") }
      let other =
        baseline != nil
        ? "--baseline" : try a.value(Self.compareRun) != nil ? "--compare-run" : nil
      if let other = other ?? (sweeps.isEmpty ? nil : "a sweep ('\(sweeps[0].spec)')") {
        throw ValidationError(
          "--shard cannot be combined with \(other): it needs the whole corpus (merge the shards "
            + "with 'sigbench merge', then gate, compare or sweep a whole run).")
      }
    }
    if baseline != nil, let g = sweeps.first {
      throw ValidationError(
        "--baseline gates fixed configurations; the sweep '\(g.spec)' is not gated (run "
          + "it without --baseline).")
    }
    if baseline == nil, let o = GateOptionGroup.gateOnlyOptionGiven(a) {
      throw ValidationError("--\(o) applies to the gate: give '--baseline <NAME>' with it.")
    }
    // Checked in every case so a bad value is caught whether or not a gate runs.
    let gate = try GateOptionGroup(a, bench: bench, baseline: baseline, baseBinary: nil)
    if baseline != nil { s.gate = gate.configuration }
    if let j = try a.value(Self.jobs) { s.jobs = j }
    s.drawPictures = !a.flag(Self.noRender)
    let compare = try a.value(Self.compareRun)
    if !s.drawPictures && compare != nil {
      throw ValidationError(
        "--compare-run compares pictures; it cannot be combined with --no-render.")
    }
    if let dir = compare {
      do { s.compareRun = try LoadedRun.load(dir) } catch {
        throw CommandFailure(.toolError, error.message)
      }
    }
    s.stopAtFirstFailure = a.flag(Self.strict)
    settings = s
    strict = a.flag(Self.strict)
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    let started = Date()
    console.warnIfDebugBuild()
    console.announceExternal(settings.strategies)
    SweepText.lines(sweeps).forEach(console.note)
    let heartbeat = console.heartbeat()
    defer { heartbeat.stop() }
    // With --strict every file is read once and dropped, before any work with the corpus.
    if strict,
      let refusal = try CorpusInput.strictRefusal(
        corpus.path, excluding: [URL(fileURLWithPath: settings.out)], progress: heartbeat.handler)
    {
      console.err("Error: \(refusal)")
      return .rejectedInputs
    }
    let outcome = try RunPipeline(settings: settings, progress: heartbeat.handler).run(
      corpusAt: corpus.path, started: started)
    let result: RunResult
    if settings.shard == nil {
      result = history.recorder.append(run: outcome, progress: console.progress)
    } else {
      result = outcome.result
      if history.recorder.path != nil {
        console.note(
          "a shard run is not added to the history: 'sigbench merge' adds the merged run")
      }
    }
    if let g = result.gate {
      console.out(GateMarkdown.render(g))
      if let f = outcome.gateFolder { console.out("gate: \(f.path)") }
    }
    try Self.print(result, folder: outcome.folder, latest: outcome.latest, json: json, console)
    console.note(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
    return ExitCode.of(result)
  }

  /// A finished run's result on stdout: as JSON, or its summary table and where its sheet is
  /// (`merge` prints its runs the same way).
  static func print(
    _ result: RunResult, folder: URL, latest: URL, json: Bool, _ console: Console
  ) throws {
    if json {
      console.out(String(decoding: try result.encoded(), as: UTF8.self))
    } else {
      ConsoleTables.runDone(
        result, report: folder.appendingPathComponent("index.html").path,
        latest: latest.appendingPathComponent("index.html").path
      ).forEach(console.out)
    }
  }
}
