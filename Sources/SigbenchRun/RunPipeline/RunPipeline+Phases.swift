import Foundation
import SigbenchBench
import SigbenchContract
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchQuality
import SigbenchReport
import SigbenchResults

/// The named steps of `RunPipeline.run`, in order.
extension RunPipeline {
  /// What the result is assembled from besides the benchmark.
  struct RunParts {
    var runID: String
    var started: Date
    var corpus: CorpusSummary
    var entries: [SampleEntry]
    var quality: RunQuality
    /// `nil` for a shard other than 1.
    var study: FormatStudyRun?
    /// External strategy label → the contract suite's failed rules (`checkExternal`).
    var contractFailures: [String: [String]] = [:]
  }

  /// Before step 1's folder: the contract suite (`StrategyCheck`, what `strategies --check`
  /// runs) against each external strategy; label → "rule: what failed" per failed rule.
  /// Built-ins are checked by sigbench's own test suite, not here.
  func checkExternal() -> [String: [String]] {
    var failures: [String: [String]] = [:]
    for s in settings.strategies where s.isExternal {
      progress(.note("checking \(s.label) against the strategy contract (strategies --check)"))
      failures[s.label] = StrategyCheck().run(s).filter {
        $0.status == .failed || $0.status == .notChecked
      }.map { "\($0.rule): \($0.status == .notChecked ? "not checked: " : "")\($0.reason ?? "")" }
    }
    return failures
  }

  /// Step 1: the corpus's file list; a corpus that cannot be listed, or lists nothing to
  /// read, is a tool error.
  func listCorpus(_ path: String) throws -> (CorpusStream, CorpusStream.Plan) {
    var stream = CorpusStream(path: path, jobs: settings.jobs)
    stream.loader.excludedFolders = [URL(fileURLWithPath: settings.out)]
    let plan: CorpusStream.Plan
    do { plan = try stream.plan() } catch {
      throw PipelineError(
        .toolError, "cannot read corpus '\(path)': \(SystemErrorText.reason(error))")
    }
    guard !plan.files.isEmpty else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    return (stream, plan)
  }

  /// Step 1's run folder (`<out>/runs/.<id>.partial/`), begun.
  func openFolder(_ started: Date) throws -> RunFolder {
    let folder = RunFolder(
      out: URL(fileURLWithPath: settings.out), runID: RunFolder.makeID(started))
    try folder.begin()
    return folder
  }

  /// Step 2: the counter worker, started now so it runs beside the reading (`nil` when the
  /// run counts nothing).
  func startCounters(_ path: String) throws -> CountersAhead? {
    guard countsInstructions else { return nil }
    // Process strategies are not counted (`BenchPipeline.externalCounters` says why); library
    // strategies are, each in counter workers of its own; a sweep's configurations only once
    // they are on its Pareto front (`timeFronts`).
    return try CountersAhead(
      path: path,
      strategies: settings.strategies.filter {
        (!$0.isExternal || $0.isLibrary) && !settings.sweptLabels.contains($0.label)
      },
      lanes: BenchOptions().lanes,
      points: settings.bench.counterPoints, layouts: [BenchWorkers.counterLayouts[0]])
  }

  /// Step 3: every drawing read, smoothed by each strategy once, drawn (unless
  /// `--no-render`) and measured on `settings.jobs` workers, its samples spooled; what is kept
  /// are the sample entries, the quality fold and the format study's first drawings.
  func streamDrawings(
    _ stream: inout CorpusStream, _ plan: CorpusStream.Plan, into folder: RunFolder,
    spool: TimingSpool, path: String
  ) throws -> CorpusStream.Kept {
    let strategies = settings.strategies
    var sampleJob = SampleJob(
      images: SampleImages(spec: settings.render), strategies: strategies,
      runFolder: folder.partial, strict: settings.stopAtFirstFailure,
      injection: settings.bench.injection)
    // A sweep's configurations are drawn afterwards, only those best on some question.
    let swept = settings.sweptLabels
    if !swept.isEmpty {
      sampleJob.pictureLabels = Set(strategies.map(\.label)).subtracting(swept)
    }
    let job = sampleJob
    let drawPictures = settings.drawPictures
    progress(
      .note(
        "reading \(plan.files.count) files with \(settings.jobs) worker(s)"
          + (countsInstructions ? ", counting instructions under callgrind beside them" : "")))
    let kept = try stream.run(
      plan, qualityLabels: strategies.map(\.label),
      process: { d, index, format in
        let item = BenchWorkload.item(d)
        if drawPictures {
          let entry = try job.run(d, index: index, format: format)
          let q = strategies.map { entry.page?.quality?[$0.label] ?? QualityFigures() }
          return .init(entry: entry, quality: q, item: item)
        }
        let (entry, q) = try job.measure(d, format: format)
        return .init(entry: entry, quality: q, item: item)
      }, progress: progress)
    // A shard may own none of a small corpus's drawings: it still records what it read, so
    // the merge is complete.
    guard !spool.drawings.isEmpty || settings.shard != nil else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    progress(
      .note(
        "read \(counted(kept.entries.count, "drawing")) from "
          + "\(counted(kept.loaded.filesRead, "file")); "
          + "\(strategies.count) strategies"))
    return kept
  }

  /// Step 4: each sample's ink compared with the same sample of `--compare-run`.
  func compareInk(_ entries: [SampleEntry], folder: RunFolder) throws -> [SampleEntry] {
    guard let base = settings.compareRun else { return entries }
    var compared = entries
    try InkDiff(baseFolder: base.folder, base: base.result, runFolder: folder.partial)
      .apply(to: &compared)
    return compared
  }

  /// Step 5's end: the quality fold and the drawings' metadata dropped before the format
  /// study and the timing phase.
  func dropDrawings(_ kept: inout CorpusStream.Kept) {
    kept.quality = QualityFold(labels: [])
    kept.loaded.drawings = []
    MemoryTrim.release()
  }

  /// Step 6: the format study over the kept drawings (timed encode and decode, alone), which
  /// are then dropped. One timed pass per format and direction after the harness's shortest
  /// verified warm-up, two checked passes: the study is not what `run` is for. No discarded
  /// pass: the study has already encoded every drawing and decoded every file once, untimed,
  /// for its sizes and round-trip errors.
  func formatStudy(_ kept: inout CorpusStream.Kept, budget: Int) -> FormatStudyRun {
    progress(
      .note(
        "format study over \(counted(kept.study.count, "drawing")) "
          + "(\(counted(kept.studySamples, "sample")))"))
    let timer = ClosureBenchmark(
      timer: TimerCalibration.measure(rounds: 20_000), runs: 1,
      warmup: WarmupPolicy(discardedPasses: 0, maxCheckedPasses: 2), runsPerCheck: 1)
    let figures = FormatStudy.run(drawings: kept.study, timer: timer.closureTimer)
    let bounded = !kept.studyComplete
    kept.study = []
    return FormatStudyRun(
      figures: figures, corpusDrawings: bounded ? kept.entries.count : nil,
      sampleBudget: bounded ? budget : nil)
  }

  /// Step 7: the per-point benchmark in this process (lanes, batches, counters) over the
  /// strokes read back from the spool (the only samples in memory, freed when this returns),
  /// the result assembled, then the gate when `--baseline` asks for it (before the sheet is
  /// written, so the sheet shows verdicts).
  func measure(
    _ parts: RunParts, spool: TimingSpool, kept: inout CorpusStream.Kept,
    precounted: CounterOutcome?, path: String
  ) throws -> (RunResult, [RawSeries], URL?) {
    let strategies = settings.strategies
    let sampled = try spool.sampled(budget: settings.bench.timedPointBudget)
    let session = BenchSession(
      path: path, strategies: strategies, sampled: sampled.workload, sample: sampled.sample,
      drawings: spool.drawings.count, checksum: String(kept.loaded.checksum, radix: 16),
      rejectedFiles: kept.loaded.rejected.count)
    spool.remove()
    kept = CorpusStream.Kept(loaded: CorpusLoader.Result(root: path))
    let timed = session.timingRecord(budget: settings.bench.timedPointBudget)
    progress(
      .note(
        "timing \(strategies.count) strategies: "
          + (timed.isComplete ? "every one of \(timed.pointsAvailable) points" : timed.rule)))
    var pipeline = benchPipeline(session)
    pipeline.precounted = precounted
    var bench =
      session.workload.pointCount == 0 && settings.shard != nil
      ? (report: emptyShardBench(session, precounted: precounted), raw: [])
      : try pipeline.run(progress: progress)
    var sweeps = settings.sweeps
    if !sweeps.isEmpty {
      sweeps = try timeFronts(
        sweeps, quality: parts.quality, report: &bench.report, session: session, progress: progress)
    }
    var result = RunResult(
      tool: ToolInfo.name, runID: parts.runID, createdAt: RunFolder.timestamp(parts.started),
      commandLine: settings.commandLine, machine: bench.report.machine,
      provenance: bench.report.provenance, corpus: parts.corpus,
      strategies: strategies.map { s in
        var info = StrategyInfo(s)
        info.contractFailures = parts.contractFailures[s.label]
        return info
      }, samples: parts.entries,
      bench: bench.report)
    result.inkBaseRun = settings.compareRun?.result.runID
    result.quality = parts.quality
    result.formatStudyFigures = parts.study
    result.sweeps = sweeps.isEmpty ? nil : sweeps
    guard var gate = settings.gate else { return (result, bench.raw, nil) }
    gate.headQuality = result.quality?.strategies
    gate.headFailedCells = result.failedCells
    let (report, written) = try GateRunner(session: session, configuration: gate).run(
      progress: progress)
    result.gate = report
    return (result, bench.raw, written)
  }

  /// Step 8: `result.json`, `bench.json`, `summary.md`, `samples.csv` and the HTML written
  /// (each atomically) into the `.partial` folder, which is then renamed into place.
  func write(_ result: RunResult, raw: [RawSeries], into folder: RunFolder) throws {
    progress(.note("writing the report"))
    try result.write(to: folder.partial.appendingPathComponent("result.json"))
    try BenchPipeline.write(
      result.bench, raw: raw, to: folder.partial,
      appendix: QualityMarkdown.render(result) + SweepMarkdown.render(result))
    try ReportWriter.write(result, to: folder.partial)
    try folder.commit()
  }
}
