import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
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
      <out>/bench/<id>/ (bench.json, summary.md; samples.csv with --raw-samples). With
      --processes N > 1 the
      headline figures are the median over the N processes, with the min-max beside them.
      """,
    options: [
      CorpusOptions.corpus.requiredHere().spec, OutputOptions.out.spec,
      StrategyOptions.strategies(default: .incremental), StrategyOptions.maxConfigs.spec,
      StrategyFolderOptions.folder.spec, StrategyFolderOptions.timeout.spec,
      BenchOptionGroup.lanes.spec,
    ] + BenchOptionGroup.timing + [BenchOptionGroup.processes(default: 1, range: 1...200)]
      + BenchOptionGroup.counters + [
        noSynthetic.spec, costlyCases.spec, OutputOptions.quiet.spec, OutputOptions.json.spec,
        OutputOptions.rawSamples.spec,
        worker.spec, keepRaw.spec, counterWorker.spec, qualityWorker.spec, externalDigests.spec,
      ] + HistoryOptions.appending)

  static let noSynthetic = Flag(
    "no-synthetic", help: "Skip the synthetic strokes of 10 to 10,000 samples.")
  static let costlyCases = Flag(
    "costly-cases",
    help: "Also time whole-stroke and offline strategies in the raster lane and on synthetic "
      + "strokes above 1,000 samples (skipped by default: their cost grows with the stroke).")
  static let worker = Option.text(
    "worker", value: "FILE", help: "(internal) Run as a timing worker writing FILE.")
  static let keepRaw = Flag(
    "keep-raw", help: "(internal) A timing worker also writes its raw figures.")
  static let counterWorker = Option.text(
    "counter-worker", value: "FILE", help: "(internal) Run as a callgrind counter worker.")
  static let qualityWorker = Option.text(
    "quality-worker", value: "FILE", help: "(internal) Measure quality, write it to FILE.")
  static let externalDigests = Option.text(
    "external-digests", value: "TEXT",
    help: "(internal) The external strategies' digests the parent read (ID=MANIFEST/COMMAND,…); "
      + "a worker that reads others stops.")

  let corpus: CorpusOptions
  let history: HistoryOptions
  let out: String
  let strategies: [ConfiguredStrategy]
  /// The swept specs, announced before any work.
  let sweeps: [SweepRecord]
  var options: BenchOptions
  let bench: BenchOptionGroup
  let json: Bool
  let worker: String?
  let counterWorker: String?
  let qualityWorker: String?

  init(_ a: ParsedArguments) throws {
    corpus = try CorpusOptions(a)
    history = try HistoryOptions(a)
    out = try a.outFolder()
    // A worker process loads library strategies and calls them here: it is the isolation.
    let isWorker =
      try a.value(Self.worker) != nil || a.value(Self.counterWorker) != nil
      || a.value(Self.qualityWorker) != nil
    let resolved = try StrategyOptions.runningSweeps(a, reference: .added, worker: isWorker)
    strategies = resolved.configured
    sweeps = resolved.sweeps
    if let digests = try a.value(Self.externalDigests) {
      try ExternalDigests.check(digests, against: strategies)
    }
    bench = try BenchOptionGroup(a)
    options = BenchOptions()
    options.lanes = bench.lanes
    options.injection = try a.injection()
    options.repetitions = bench.repetitions
    options.timedPointBudget = bench.timedPoints
    if a.flag(Self.noSynthetic) { options.syntheticLengths = [] }
    if a.flag(Self.costlyCases) { options.includeCostlyCases = true }
    json = a.flag(OutputOptions.json)
    worker = try a.value(Self.worker)
    counterWorker = try a.value(Self.counterWorker)
    qualityWorker = try a.value(Self.qualityWorker)
    // The parent keeps (and asks its workers for) raw figures only for --raw-samples.
    options.keepRaw =
      (worker == nil && counterWorker == nil && a.flag(OutputOptions.rawSamples))
      || a.flag(Self.keepRaw)
  }

  func run(console: Console) throws -> ExitCode {
    if let file = counterWorker {
      // Only the files that hold the counter subset: callgrind's time and memory stay flat
      // however large the corpus.
      let session = try BenchWorkerEntry.counterSession(
        corpus: corpus.path, strategies: strategies, points: bench.counterPoints)
      try BenchWorkerEntry.counters(
        session, options: options, points: bench.counterPoints, to: file)
      return .success
    }
    let input = try CorpusInput.load(
      corpus.path, excluding: [URL(fileURLWithPath: out)], progress: console.progress)
    let session = BenchSession(corpus: input, strategies: strategies)
    if let file = qualityWorker {
      try BenchWorkerEntry.quality(session, to: file)
      return .success
    }
    if let file = worker {
      try BenchWorkerEntry.timing(session, options: options, to: file, progress: console.progress)
      return .success
    }
    console.warnIfDebugBuild()
    console.announceExternal(strategies)
    SweepText.lines(sweeps).forEach(console.note)
    console.warnIfInjected(options.injection)
    let pipeline = BenchPipeline(
      session: session, options: options, processes: bench.processes ?? 1, counters: bench.counters,
      counterPoints: bench.counterPoints, injection: options.injection)
    // Refused before any work: a link at <out>/bench would take the results elsewhere.
    let benches = URL(fileURLWithPath: out).appendingPathComponent("bench")
    try OutputLinks.refuseLink(benches)
    let (report, raw) = try pipeline.run(progress: console.progress)
    let folder = benches.appendingPathComponent(RunFolder.makeID(Date()))
    try BenchPipeline.write(report, raw: raw, to: folder)
    history.recorder.append(bench: report, sweeps: sweeps, progress: console.progress)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      ConsoleTables.benchDone(report, results: folder.path).forEach(console.out)
      ConsoleTables.benchWarnings(report).forEach(console.err)
    }
    return (report.failedStrategies ?? [:]).isEmpty ? .success : .invalidBenchmark
  }
}
