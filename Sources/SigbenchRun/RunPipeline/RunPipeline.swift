import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFormats
import SigbenchQuality
import SigbenchReport
import SigbenchResults

/// `sigbench run` as library code: pictures and per-sample metrics, the ink comparison with a
/// base run, the per-point benchmark, the format study, the optional gate, then `result.json`,
/// the bench files and the HTML, assembled in a `.partial` folder and renamed into place.
///
/// The corpus is streamed (`CorpusStream`: read, smoothed, drawn and measured one drawing at a
/// time, then dropped; only entries, each strategy's running quality aggregate and the first
/// drawings for the format study are kept, and a packed copy of the samples is spooled to
/// disk, `TimingSpool`, from which the timing phase reads back the strokes it times) and the
/// strategies resolved once (`StrategyResolver`). Never prints; reports through `progress`.
public struct RunPipeline: Sendable {
  public var settings: RunSettings
  public var progress: ProgressHandler

  public init(settings: RunSettings, progress: @escaping ProgressHandler = ignoreProgress) {
    self.settings = settings
    self.progress = progress
  }

  /// What a finished run produced.
  public struct Outcome: Sendable {
    public var result: RunResult
    /// The finished run folder (`<out>/runs/<id>`).
    public var folder: URL
    /// `<out>/latest`.
    public var latest: URL
    /// The gate's folder, when a gate ran.
    public var gateFolder: URL?
  }

  /// Runs everything over `corpus` (read again from its path, file by file).
  public func run(_ corpus: CorpusInput, started: Date = Date()) throws -> Outcome {
    try run(corpusAt: corpus.path, started: started)
  }

  /// Runs everything over the corpus at `path`, streamed (`CorpusStream`): each drawing is
  /// read, smoothed, drawn and measured on one of `settings.jobs` workers and then dropped;
  /// the timing phase replays the strokes it times, read back from the spool, afterwards, alone. `started` is
  /// the run's clock time (its id and timestamp).
  public func run(corpusAt path: String, started: Date = Date()) throws -> Outcome {
    let strategies = settings.strategies
    let folder = RunFolder(
      out: URL(fileURLWithPath: settings.out), runID: RunFolder.makeID(started))
    // The file list first: a corpus that cannot be listed, or lists nothing to read, fails
    // before anything is written.
    var stream = CorpusStream(path: path, jobs: settings.jobs)
    let plan: CorpusStream.Plan
    do { plan = try stream.plan() } catch {
      throw PipelineError(
        .toolError, "cannot read corpus '\(path)': \(SystemErrorText.reason(error))")
    }
    guard !plan.files.isEmpty else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    try folder.begin()
    // The packed samples go to disk as the corpus streams; the timing phase reads back only
    // the strokes it times.
    let spool = try TimingSpool()
    defer { spool.remove() }
    stream.spool = spool

    // Pictures, per-sample metrics and quality, one drawing at a time on `jobs` workers (each
    // task owns its images; the timing below runs alone afterwards).
    let job = SampleJob(
      images: SampleImages(spec: settings.render), strategies: strategies,
      runFolder: folder.partial)
    let drawPictures = settings.drawPictures
    // The counters run beside the reading (nothing is timed until they are collected).
    let counting = countsInstructions
    let ahead =
      counting
      ? try CountersAhead(
        path: path, strategies: strategies, lanes: BenchOptions().lanes,
        points: settings.bench.counterPoints, layouts: [BenchWorkers.counterLayouts[0]]) : nil
    var precounted: (CounterRunInfo, [CounterFigures])?
    defer { if precounted == nil { _ = ahead?.wait() } }
    progress(
      .note(
        "reading \(plan.files.count) files with \(settings.jobs) worker(s)"
          + (counting ? ", counting instructions under callgrind beside them" : "")))
    var kept = try stream.run(
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
    guard !spool.drawings.isEmpty else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    progress(
      .note(
        "read \(kept.entries.count) drawings from \(kept.loaded.filesRead) files; "
          + "\(strategies.count) strategies"))
    if let ahead {
      progress(.note("waiting for the callgrind counters"))
      precounted = ahead.wait()
    }
    var entries = kept.entries
    if let base = settings.compareRun {
      try InkDiff(baseFolder: base.folder, base: base.result, runFolder: folder.partial)
        .apply(to: &entries)
    }

    // Quality was aggregated while the corpus streamed (`QualityFold`, in corpus order: the
    // figures of `QualityRun.aggregate`); the drawings' metadata is dropped before the format
    // study and the timing phase.
    let quality = kept.quality.result()
    let corpusSummary = RunPipeline.summary(kept, root: path)
    kept.quality = QualityFold(labels: [])
    kept.loaded.drawings = []
    MemoryTrim.release()

    // The format study (timed encode and decode, alone), then its drawings are dropped.
    progress(.note("format study over \(kept.study.count) drawings (\(kept.studySamples) samples)"))
    // One timed pass per format and direction after the harness's shortest verified warm-up,
    // two checked passes: the study is not what `run` is for. No discarded pass: the study
    // has already encoded every drawing and decoded every file once, untimed, for its sizes
    // and round-trip errors.
    let studyTimer = ClosureBenchmark(
      timer: TimerCalibration.measure(rounds: 20_000), runs: 1,
      warmup: WarmupPolicy(discardedPasses: 0, maxCheckedPasses: 2), runsPerCheck: 1)
    var study = FormatTables.sheetTable(
      FormatStudy.run(drawings: kept.study, timer: studyTimer.closureTimer),
      build: BuildConfiguration.current)
    if !kept.studyComplete {
      study.note +=
        " Bounded: the first \(kept.study.count) of \(kept.entries.count) drawings in corpus "
        + "order, while their samples total at most \(stream.studySampleBudget)."
    }
    kept.study = []

    // The per-point benchmark in this process (lanes, batches, counters), then the gate. The
    // session holds the strokes the timing phase times, read back from the spool (the only
    // samples in memory); it ends with this block, so they are freed (and the timing phase's
    // pages handed back) before the report is encoded.
    var result: RunResult
    var gateFolder: URL?
    let benchRaw: [RawSeries]
    do {
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
      let bench = try pipeline.run(progress: progress)
      benchRaw = bench.raw

      result = RunResult(
        tool: ToolInfo.name, runID: folder.runID, createdAt: RunFolder.timestamp(started),
        commandLine: settings.commandLine, machine: bench.report.machine,
        provenance: bench.report.provenance, corpus: corpusSummary,
        strategies: strategies.map(StrategyInfo.init), samples: entries, bench: bench.report)
      result.inkBaseRun = settings.compareRun?.result.runID
      result.quality = quality
      result.formatStudy = study

      // `--baseline NAME`: the gate runs before the sheet is written, so the sheet shows
      // verdicts.
      if var gate = settings.gate {
        gate.headQuality = result.quality?.strategies
        let runner = GateRunner(session: session, configuration: gate)
        let (report, written) = try runner.run(progress: progress)
        result.gate = report
        gateFolder = written
      }
    }
    entries = []
    MemoryTrim.release()
    progress(.note("writing the report"))
    try result.write(to: folder.partial.appendingPathComponent("result.json"))
    try BenchPipeline.write(
      result.bench, raw: benchRaw, to: folder.partial, appendix: QualityMarkdown.render(result))
    try ReportWriter.write(result, to: folder.partial)
    try folder.commit()
    return Outcome(
      result: result, folder: folder.final, latest: folder.latest, gateFolder: gateFolder)
  }

  /// Whether `run` counts instructions: unless turned off, and not on a debug build (where
  /// `bench` measures them instead).
  var countsInstructions: Bool { settings.bench.counters && !BuildConfiguration.isDebug }

  /// The benchmark as `run` performs it: in this process, counters unless turned off (and not
  /// on a debug build, where `bench` measures them instead).
  func benchPipeline(_ session: BenchSession) -> BenchPipeline {
    var options = BenchOptions()
    options.repetitions = settings.bench.repetitions
    options.keepRaw = true
    options.injection = settings.bench.injection
    options.timedPointBudget = settings.bench.timedPointBudget
    var pipeline = BenchPipeline(
      session: session, options: options, processes: 1,
      counters: countsInstructions,
      counterPoints: settings.bench.counterPoints, injection: options.injection)
    // The sheet shows counters at one layout (a quarter of the callgrind time); `bench`,
    // `baseline save` and the gate (also `run --baseline`) count at all four.
    pipeline.counterLayouts = [BenchWorkers.counterLayouts[0]]
    if BuildConfiguration.isDebug && settings.bench.counters {
      pipeline.skipReason =
        "not measured by `run` on a debug build (counters gate release builds; "
        + "`sigbench bench` measures them on any build)"
    }
    return pipeline
  }

  /// What the corpus held and what was left out, for the result.
  static func summary(_ kept: CorpusStream.Kept, root: String) -> CorpusSummary {
    let l = kept.loaded
    var formats: [String: Int] = [:]
    for f in l.formatIDs { formats[f, default: 0] += 1 }
    return CorpusSummary(
      root: root, filesRead: l.filesRead, drawings: l.drawings.count, strokes: kept.strokes,
      points: kept.points, formats: formats,
      skipped: l.skipped.map { FileNote(file: $0.file, message: $0.reason) },
      rejected: l.rejected.map { FileNote(file: $0.file, message: $0.description) },
      warnings: l.warnings.map(\.description))
  }
}

extension StrategyInfo {
  /// A configured strategy as the result records it: label, id and every option's value.
  public init(_ s: ConfiguredStrategy) {
    self.init(
      label: s.label, id: s.id, options: s.configuration.values.mapValues(\.description))
  }
}

/// The tool's name and version as every result records it.
public enum ToolInfo {
  public static let version = "0.1.0"
  public static var name: String { "sigbench \(version)" }
}
