import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFormats
import SigbenchStrategies

/// The benchmark and gate as parts of `sigbench run` (kept here so RunCommand stays small):
/// `run` times with the full `BenchPipeline` in-process and, with `--baseline NAME`, gates.
enum BenchRunSupport {
  /// Options `run` adds for the benchmark and the gate.
  static let runOptions: [OptionSpec] = [
    OptionSpec("baseline", value: "NAME", help: "After the run, gate against baseline NAME."),
    OptionSpec("repetitions", value: "N", help: "Timed passes per strategy × lane.", default: "1"),
    OptionSpec(
      "processes", value: "N", help: "Gate worker processes per side (with --baseline).",
      default: "10"),
    OptionSpec(
      "noise-floor", value: "NAME",
      help: "With --baseline: A/A noise floor <out>/baselines/noise/NAME.json; thresholds become "
        + "max(configured, 3 x A/A spread)."),
    OptionSpec(
      "budget-report-only", help: "With --baseline: report the ink budget without failing on it."),
    OptionSpec("no-counters", help: "Skip the callgrind counters."),
  ]

  /// Measures every strategy over the loaded corpus (one process, counters under callgrind)
  /// and returns the report plus the legacy per-strategy summary of the smooth lane.
  static func measure(
    _ a: ParsedArguments, loaded: CorpusLoader.Result, corpus: String,
    strategies: [ConfiguredStrategy], console: Console
  ) throws -> (BenchReport, [StrategyLatency], [PointBenchmark.RawSeries]) {
    let session = BenchSession(loaded: loaded, corpus: corpus, strategies: strategies)
    var options = BenchOptions()
    options.repetitions = try BenchCommand.integer(a, "repetitions", 1...1000)
    options.keepRaw = true
    do { options.injection = try Injection.fromEnvironment() } catch {
      throw ValidationError(error.description)
    }
    var pipeline = BenchPipeline(
      session: session, options: options, processes: 1,
      counters: !a.flag("no-counters") && !BuildConfiguration.isDebug,
      counterPoints: 1000, injection: options.injection)
    if BuildConfiguration.isDebug && !a.flag("no-counters") {
      pipeline.skipReason =
        "not measured by `run` on a debug build (counters gate release builds; "
        + "`sigbench bench` measures them on any build)"
    }
    let (report, raw) = try pipeline.run(console: console)
    let latency = report.figures.filter { $0.lane == .smooth }.map { f in
      StrategyLatency(
        label: f.strategy, push: f.all, finish: f.finish,
        p50RatioToReference: f.ratioToReference["p50"], build: f.build)
    }
    return (report, latency, raw)
  }

  /// `run --baseline NAME`: the gate against NAME with `run`'s corpus and strategies.
  /// Returns the exit code and the report, which `run` embeds in its result for the sheet.
  static func gate(_ a: ParsedArguments, name: String, corpus: String, console: Console) throws
    -> (ExitCode, GateReport)
  {
    var runner = try GateCommand.makeRunner(a, baseline: name)
    runner.counters = !a.flag("no-counters")
    let (report, folder) = try runner.run(console: console)
    console.out(GateMarkdown.render(report))
    console.out("gate: \(folder.path)")
    return (ExitCode(rawValue: report.exitCode) ?? .toolError, report)
  }
}

extension BenchSession {
  /// A session over a corpus `run` has already read.
  init(loaded: CorpusLoader.Result, corpus path: String, strategies: [ConfiguredStrategy]) {
    corpusPath = path
    self.strategies = strategies
    workload = BenchWorkload(drawings: loaded.drawings)
    rejectedFiles = loaded.rejected.count
    corpus = BenchCorpusInfo(
      root: path, drawings: workload.items.count, strokes: workload.strokeCount,
      points: workload.pointCount, checksum: String(loaded.checksum, radix: 16))
  }
}
