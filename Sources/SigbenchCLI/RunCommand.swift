import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench run --corpus DIR`: read, smooth, render, time, report.
struct RunCommand: Command {
  static let spec = CommandSpec(
    name: "run", abstract: "Run every strategy over a corpus and write an HTML comparison sheet.",
    discussion: """
      Reads every file under the corpus folder (unsupported files are skipped with a notice,
      malformed ones rejected with the reason; the run goes on), smooths each stroke through
      each strategy, renders the ink to PNG, times every push, and writes the run to
      <out>/runs/<run-id>/ (result.json, index.html, img/). <out>/latest then points at it.
      With --baseline NAME the gate runs after the timing (its options below apply then).
      """,
    options: [
      OptionGroups.corpus, OptionGroups.out, OptionGroups.strategies,
      OptionSpec(
        "supersample", value: "N", help: "Supersampling per axis for the ink pictures.",
        default: String(RunSettings.defaultSupersample), allowed: ["2", "4"]),
      OptionSpec(
        "size", value: "WxH", help: "Size of each picture in pixels.",
        default: "\(RunSettings.defaultWidth)x\(RunSettings.defaultHeight)"),
      OptionSpec(
        "compare-run", value: "DIR",
        help:
          "A previous run folder (e.g. Reports/latest): compare the ink of every sample with it."),
      OptionSpec("strict", help: "Treat any rejected or skipped file as fatal (exit 4, no run)."),
      OptionSpec(
        "jobs", value: "N",
        help: "Worker threads for reading, pictures and metrics (default: one per core; the "
          + "timing always runs alone)."),
      OptionSpec(
        "no-render",
        help: "No pictures and no sample pages: metrics, quality, timing and the sheet only."),
      OptionGroups.quiet, OptionGroups.json, OptionGroups.repetitions, OptionGroups.timedPoints,
      OptionSpec("baseline", value: "NAME", help: "After the run, gate against baseline NAME."),
    ] + OptionGroups.counters + OptionGroups.gate + HistoryTarget.options)

  let corpus: String
  let history: HistoryTarget
  let settings: RunSettings
  let strict: Bool
  let json: Bool

  /// Every option checked before any work: usage errors (64), then the named baseline and noise
  /// floor (5) and the comparison run (1).
  init(_ a: ParsedArguments) throws {
    corpus = try a.corpus()
    history = try HistoryTarget(a)
    var s = RunSettings(
      strategies: try StrategyResolver.resolve(a.value("strategies"), reference: .added))
    s.out = a.value("out")!
    s.render.supersample = Int(a.value("supersample")!)!
    do {
      let size = try RunSettings.parseSize(a.value("size")!)
      (s.render.width, s.render.height) = size
    } catch { throw ValidationError(error.message) }
    s.bench.repetitions = try a.integer("repetitions", BenchRunSettings.repetitionsRange)
    s.bench.counterPoints = try a.integer("counter-points", BenchRunSettings.counterPointsRange)
    s.bench.timedPointBudget = try a.integer("timed-points", TimingSample.budgetRange)
    s.bench.counters = !a.flag("no-counters")
    s.bench.injection = try a.injection()
    s.commandLine = CommandLine.arguments.dropFirst().map { $0 }
    let baseline = try a.storedName("baseline")
    if baseline == nil {
      let gateOnly =
        ["noise-floor", "thresholds", "quality-tolerances", "seed"].filter { a.value($0) != nil }
        + ["fail-on-inconclusive", "budget-report-only"].filter { a.flag($0) }
      if let o = gateOnly.first {
        throw ValidationError("--\(o) applies to the gate: give '--baseline <NAME>' with it.")
      }
    }
    // Checked in every case so a bad value is caught whether or not a gate runs.
    let gate = try GateArguments.configuration(a, baseline: baseline, baseBinary: nil)
    if baseline != nil { s.gate = gate }
    if a.value("jobs") != nil {
      s.jobs = try a.integer("jobs", RunSettings.jobsRange)
    }
    s.drawPictures = !a.flag("no-render")
    if !s.drawPictures && a.value("compare-run") != nil {
      throw ValidationError(
        "--compare-run compares pictures; it cannot be combined with --no-render.")
    }
    if let dir = a.value("compare-run") {
      do { s.compareRun = try LoadedRun.load(dir) } catch {
        throw CommandFailure(.toolError, error.message)
      }
    }
    settings = s
    strict = a.flag("strict")
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    let started = Date()
    if BuildConfiguration.isDebug {
      console.err(
        "warning: this is a debug build; latency figures are marked \"debug\" and are not "
          + "representative (build with -c release).")
    }
    let progress = Heartbeat.wrap(console)
    defer { Heartbeat.stop(progress) }
    if strict {
      // Every file read once and dropped, before any work with the corpus.
      let checked: CorpusLoader.Result
      do { checked = try CorpusInput.check(corpus, progress: progress.handler) } catch {
        throw CommandFailure(
          .toolError, "cannot read corpus '\(corpus)': \(SystemErrorText.reason(error))")
      }
      let skipped = checked.skipped.filter { !$0.isHidden }
      if !skipped.isEmpty || !checked.rejected.isEmpty {
        console.err(
          "Error: --strict: \(checked.rejected.count) rejected and "
            + "\(skipped.count) skipped file(s); nothing was run.")
        return .rejectedInputs
      }
    }
    let outcome = try RunPipeline(settings: settings, progress: progress.handler).run(
      corpusAt: corpus, started: started)
    let result = history.append(run: outcome, console: console)
    if let g = result.gate {
      console.out(GateMarkdown.render(g))
      if let f = outcome.gateFolder { console.out("gate: \(f.path)") }
    }
    if json {
      console.out(String(decoding: try result.encoded(), as: UTF8.self))
    } else {
      console.out(
        "run \(result.runID): \(result.corpus.drawings) drawings, \(result.strategies.count) strategies"
      )
      for line in ConsoleTables.runSummary(result.bench) { console.out(line) }
      if let t = result.bench.timingSample, !t.isComplete { console.out("  sampled: \(t.rule)") }
      console.out("report: \(outcome.folder.appendingPathComponent("index.html").path)")
      console.out("latest: \(outcome.latest.appendingPathComponent("index.html").path)")
    }
    console.note(String(format: "done in %.1f s", Date().timeIntervalSince(started)))
    let runCode: ExitCode = result.corpus.rejected.isEmpty ? .success : .rejectedInputs
    let gateCode = result.gate.map { ExitCode(rawValue: $0.exitCode) ?? .toolError } ?? .success
    return ExitCode.combine([runCode, gateCode])
  }
}
