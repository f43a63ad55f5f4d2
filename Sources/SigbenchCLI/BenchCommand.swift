import Foundation
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench bench --corpus DIR`: the per-point latency benchmark on its own (also the worker
/// entry point of the gate's and the benchmark's worker processes).
struct BenchCommand: Command {
  static let spec = CommandSpec(
    name: "bench", abstract: "Measure per-point latency and deterministic counters per strategy.",
    discussion: """
      Replays every corpus stroke sample by sample through each strategy in two lanes: smooth
      (push only) and smooth+raster (push plus the incremental canvas update, 800x300 at 2x).
      Times every point (first points and finish apart), batches of points where a point is
      too cheap for the clock, stroke-position deciles and synthetic strokes of 10 to 10,000
      samples; counts instructions and heap allocations per point under callgrind. Writes
      <out>/bench/<id>/ (bench.json, summary.md, samples.csv). With --processes N > 1 the
      headline figures are the median over the N processes, with the min-max beside them.
      """,
    options: [
      OptionGroups.corpus, OptionGroups.out,
      OptionSpec(
        "strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
      OptionGroups.lanes, OptionGroups.repetitions, OptionGroups.timedPoints,
      OptionSpec(
        "processes", value: "N", help: "Worker processes (process-level replicates).",
        default: "1"),
    ] + OptionGroups.counters + [
      OptionSpec("no-synthetic", help: "Skip the synthetic strokes of 10 to 10,000 samples."),
      OptionSpec(
        "costly-cases",
        help: "Also time whole-stroke and offline strategies in the raster lane and on synthetic "
          + "strokes above 1,000 samples (skipped by default: their cost grows with the stroke)."),
      OptionGroups.quiet,
      OptionSpec("json", help: "Print bench.json on stdout."),
      OptionSpec("worker", value: "FILE", help: "(internal) Run as a timing worker writing FILE."),
      OptionSpec("keep-raw", help: "(internal) A timing worker also writes its raw figures."),
      OptionSpec(
        "counter-worker", value: "FILE", help: "(internal) Run as a callgrind counter worker."),
      OptionSpec(
        "quality-worker", value: "FILE", help: "(internal) Measure quality, write it to FILE."),
    ] + HistoryTarget.options)

  let corpus: String
  let history: HistoryTarget
  let out: String
  let strategies: [ConfiguredStrategy]
  var options: BenchOptions
  let processes: Int
  let counters: Bool
  let counterPoints: Int
  let json: Bool
  let worker: String?
  let counterWorker: String?
  let qualityWorker: String?

  init(_ a: ParsedArguments) throws {
    corpus = try a.corpus()
    history = try HistoryTarget(a)
    out = a.value("out")!
    strategies = try StrategyResolver.resolve(a.value("strategies"), reference: .added)
    options = BenchOptions()
    do {
      options.lanes = try BenchLane.parseList(a.value("lanes")!)
    } catch {
      throw ValidationError(error.description)
    }
    options.injection = try a.injection()
    options.repetitions = try a.integer("repetitions", BenchRunSettings.repetitionsRange)
    options.timedPointBudget = try a.integer("timed-points", TimingSample.budgetRange)
    processes = try a.integer("processes", 1...200)
    counterPoints = try a.integer("counter-points", BenchRunSettings.counterPointsRange)
    counters = !a.flag("no-counters")
    if a.flag("no-synthetic") { options.syntheticLengths = [] }
    if a.flag("costly-cases") { options.includeCostlyCases = true }
    json = a.flag("json")
    worker = a.value("worker")
    counterWorker = a.value("counter-worker")
    qualityWorker = a.value("quality-worker")
    options.keepRaw = (worker == nil && counterWorker == nil) || a.flag("keep-raw")
  }

  func run(console: Console) throws -> ExitCode {
    if let file = counterWorker {
      // Only the files that hold the counter subset: callgrind's time and memory stay flat
      // however large the corpus.
      let session = try BenchWorkerEntry.counterSession(
        corpus: corpus, strategies: strategies, points: counterPoints)
      try BenchWorkerEntry.counters(session, options: options, points: counterPoints, to: file)
      return .success
    }
    let input = try CorpusInput.load(corpus, progress: console.progress)
    let session = BenchSession(corpus: input, strategies: strategies)
    if let file = qualityWorker {
      try BenchWorkerEntry.quality(session, to: file)
      return .success
    }
    if let file = worker {
      try BenchWorkerEntry.timing(session, options: options, to: file, progress: console.progress)
      return .success
    }
    if BuildConfiguration.isDebug {
      console.err(
        "warning: this is a debug build; every figure is marked \"debug\" and is not "
          + "representative (build with -c release).")
    }
    if let i = options.injection {
      console.err(
        "warning: test-only injection \(Injection.environmentVariable) is active on '\(i.strategy)'"
      )
    }
    let pipeline = BenchPipeline(
      session: session, options: options, processes: processes, counters: counters,
      counterPoints: counterPoints, injection: options.injection)
    let (report, raw) = try pipeline.run(progress: console.progress)
    let folder = URL(fileURLWithPath: out).appendingPathComponent("bench")
      .appendingPathComponent(RunFolder.makeID(Date()))
    try BenchPipeline.write(report, raw: raw, to: folder)
    history.append(bench: report, console: console)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      for line in ConsoleTables.benchSummary(report) { console.out(line) }
      if let t = report.timingSample, !t.isComplete { console.out("sampled: \(t.rule)") }
      for line in ConsoleTables.benchWarnings(report) { console.err(line) }
      console.out("results: \(folder.path)")
    }
    return .success
  }
}
