import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchQuality
import SigbenchReport
import SigbenchResults

/// `sigbench run` as library code: pictures and per-sample metrics, the ink comparison with a
/// base run, the per-point benchmark, the format study, the optional gate, then `result.json`,
/// the bench files and the HTML, assembled in a `.partial` folder and renamed into place.
///
/// The corpus is read by the caller once (`CorpusInput.load`) and the strategies resolved once
/// (`StrategyResolver`); every step below uses those. Never prints; reports through `progress`.
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

  /// Runs everything over `corpus`; `started` is the run's clock time (its id and timestamp).
  public func run(_ corpus: CorpusInput, started: Date = Date()) throws -> Outcome {
    let strategies = settings.strategies
    let folder = RunFolder(
      out: URL(fileURLWithPath: settings.out), runID: RunFolder.makeID(started))
    progress(
      .note(
        "read \(corpus.drawings.count) drawings from \(corpus.loaded.filesRead) files; "
          + "\(strategies.count) strategies"))
    try folder.begin()

    // Pictures and per-sample metrics, one drawing per task on every core (each task owns its
    // images; the timing below runs alone afterwards).
    let job = SampleJob(
      images: SampleImages(spec: settings.render), strategies: strategies,
      runFolder: folder.partial)
    var entries = try ParallelSamples.run(
      corpus.drawings, formats: corpus.loaded.formatIDs, job: job, progress: progress)
    if let base = settings.compareRun {
      try InkDiff(baseFolder: base.folder, base: base.result, runFolder: folder.partial)
        .apply(to: &entries)
    }

    // The per-point benchmark in this process: lanes, batches, counters.
    progress(.note("timing \(strategies.count) strategies over \(corpus.pointCount) points"))
    let session = BenchSession(corpus: corpus, strategies: strategies)
    let (benchReport, benchRaw) = try benchPipeline(session).run(progress: progress)

    var result = RunResult(
      tool: ToolInfo.name, runID: folder.runID, createdAt: RunFolder.timestamp(started),
      commandLine: settings.commandLine, machine: benchReport.machine,
      provenance: benchReport.provenance, corpus: RunPipeline.summary(corpus),
      strategies: strategies.map(StrategyInfo.init), samples: entries, bench: benchReport)
    result.inkBaseRun = settings.compareRun?.result.runID
    result.quality = RunPipeline.quality(entries, corpus.drawings, strategies: strategies)
    result.formatStudy = FormatTables.sheetTable(
      FormatStudy.run(drawings: corpus.drawings, repetitions: 1), build: BuildConfiguration.current)

    // `--baseline NAME`: the gate runs before the sheet is written, so the sheet shows verdicts.
    var gateFolder: URL?
    if var gate = settings.gate {
      gate.headQuality = result.quality?.strategies
      let runner = GateRunner(session: session, configuration: gate)
      let (report, written) = try runner.run(progress: progress)
      result.gate = report
      gateFolder = written
    }
    try AtomicFiles.write(
      try result.encoded(), to: folder.partial.appendingPathComponent("result.json"))
    try BenchPipeline.write(
      benchReport, raw: benchRaw, to: folder.partial, appendix: QualityMarkdown.render(result))
    try ReportWriter.write(result, to: folder.partial)
    try folder.commit()
    return Outcome(
      result: result, folder: folder.final, latest: folder.latest, gateFolder: gateFolder)
  }

  /// The benchmark as `run` performs it: in this process, counters unless turned off (and not
  /// on a debug build, where `bench` measures them instead).
  func benchPipeline(_ session: BenchSession) -> BenchPipeline {
    var options = BenchOptions()
    options.repetitions = settings.bench.repetitions
    options.keepRaw = true
    options.injection = settings.bench.injection
    var pipeline = BenchPipeline(
      session: session, options: options, processes: 1,
      counters: settings.bench.counters && !BuildConfiguration.isDebug,
      counterPoints: settings.bench.counterPoints, injection: options.injection)
    if BuildConfiguration.isDebug && settings.bench.counters {
      pipeline.skipReason =
        "not measured by `run` on a debug build (counters gate release builds; "
        + "`sigbench bench` measures them on any build)"
    }
    return pipeline
  }

  /// What the corpus held and what was left out, for the result.
  static func summary(_ corpus: CorpusInput) -> CorpusSummary {
    let l = corpus.loaded
    var formats: [String: Int] = [:]
    for f in l.formatIDs { formats[f, default: 0] += 1 }
    return CorpusSummary(
      root: corpus.path, filesRead: l.filesRead, drawings: l.drawings.count,
      strokes: l.drawings.reduce(0) { $0 + $1.strokes.count }, points: corpus.pointCount,
      formats: formats, skipped: l.skipped.map { FileNote(file: $0.file, message: $0.reason) },
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

extension RunPipeline {
  /// Each strategy's quality over the corpus from the per-sample figures (`QualityRun`).
  static func quality(
    _ entries: [SampleEntry], _ drawings: [Drawing], strategies: [ConfiguredStrategy]
  ) -> RunQuality {
    let figures = entries.map { e in
      strategies.map { e.page?.quality?[$0.label] ?? QualityFigures() }
    }
    return QualityRun.aggregate(figures, drawings, strategies: strategies)
  }
}
