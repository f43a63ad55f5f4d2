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
  /// the timing phase replays the strokes it times, read back from the spool, afterwards,
  /// alone. `started` is the run's clock time (its id and timestamp). The steps are those of
  /// ARCHITECTURE.md's data path, each a function of `RunPipeline+Phases.swift`.
  public func run(corpusAt path: String, started: Date = Date()) throws -> Outcome {
    // 1. The corpus listed (one that lists nothing fails before anything is written), the
    //    run folder opened, the spool the timing phase reads back from.
    var (stream, plan) = try listCorpus(path)
    // External strategies meet the contract suite first; one that fails still runs, marked.
    let contract = checkExternal()
    let folder = try openFolder(started)
    let spool = try TimingSpool()
    defer { spool.remove() }
    stream.spool = spool
    try beginShard(&stream, folder: folder)
    // 2. The callgrind counters, beside the reading (nothing is timed until they are in).
    let ahead = try startCounters(path)
    var precounted: CounterOutcome?
    defer { if precounted == nil { _ = ahead?.wait() } }
    // 3. Every drawing read, smoothed, drawn and measured on the workers, then dropped.
    var kept = try streamDrawings(&stream, plan, into: folder, spool: spool, path: path)
    let ledger = try finishShard(stream, kept, plan: plan)
    if let ahead {
      progress(.note("waiting for the callgrind counters"))
      precounted = ahead.wait()
    }
    // 4. The ink compared with a base run (`--compare-run`).
    let entries = try compareInk(kept.entries, folder: folder)
    // 5. Quality, folded in corpus order while the corpus streamed; the drawings dropped.
    let (quality, corpus) = (kept.quality.result(), RunPipeline.summary(kept, root: path))
    dropDrawings(&kept)
    // 6. The format study, timed alone; its drawings dropped. Of the shards, only shard 1
    //    studies (the corpus's first drawings, as a single run does); `merge` takes its study.
    let study =
      (settings.shard?.index ?? 1) == 1 ? formatStudy(&kept, budget: stream.studySampleBudget) : nil
    // 7. The per-point benchmark over the spooled strokes, then the gate (`--baseline`).
    let parts = RunParts(
      runID: folder.runID, started: started, corpus: corpus, entries: entries,
      quality: quality, study: study, contractFailures: contract)
    var (result, raw, gateFolder) = try measure(
      parts, spool: spool, kept: &kept, precounted: precounted, path: path)
    // 7b. The pictures of each sweep's best configurations, in a second pass over the corpus.
    try drawBestOfSweeps(&result, stream: stream, plan: plan, folder: folder)
    MemoryTrim.release()
    // 8. result.json, the bench files and the sheet (and a shard's ledger), then the folder
    //    renamed into place.
    result.shard = ledger?.info
    try writeShardLedger(ledger, into: folder)
    try write(result, raw: raw, into: folder)
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
    options.keepRaw = settings.bench.rawSamples
    options.injection = settings.bench.injection
    options.timedPointBudget = settings.bench.timedPointBudget
    let swept = settings.sweptLabels
    options.smoothLaneOnly = swept.isEmpty ? nil : swept
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
  /// A configured strategy as the result records it: label, id, every option's value, an
  /// external strategy's manifest, command and digests, and the package that added one.
  public init(_ s: ConfiguredStrategy) {
    self.init(
      label: s.label, id: s.id, options: s.configuration.values.mapValues(\.description),
      external: s.origin.external, package: s.origin.package)
  }
}

/// The tool's name and version as every result records it.
public enum ToolInfo {
  public static let version = "0.1.0"
  public static var name: String { "sigbench \(version)" }
}
