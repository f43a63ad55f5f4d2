import Foundation
import SigbenchCore

/// Everything a run measured and produced, written as `result.json` in the run folder. The HTML
/// report is generated from this file alone.
///
/// Schema versioning: `schemaVersion` increases whenever the schema gains or changes a field
/// (the house rule); older files still read (fixtures kept), consumers ignore fields they do not
/// know, and every field added later is optional. Version 2 keeps one latency path and one
/// timer: both live in `bench` (version 1 also carried a per-strategy `latency` summary of the
/// smooth lane, a copy of the timer and a copy of the bench warnings; `decode` still reads such
/// files and drops the copies). Version 3 stores the format study as figures
/// (`formatStudyFigures`), which the report formats; versions 1 and 2 carry it as a
/// pre-formatted table (`formatStudy`), still read and shown as written. Version 4's provenance is
/// the binary's build stamp (commit time, build configuration and compiler added; earlier
/// versions hold the working folder's commit, read as written). Version 5 adds optional fields
/// only: each strategy's `external` origin, `contractFailures` and `package`, and `sweeps`
/// (version 4 files read as written, without them). Version 6 adds the optional `shard` (a run
/// of one shard, `run --shard I/N`) and `merge` (a run merged from shards).
public typealias RunResult = ResultDocument<RunContents>

/// The members of a `RunResult` after the shared header.
public struct RunContents: DocumentContents {
  public static let currentSchemaVersion = 6

  public var runID: String
  /// The command line as typed (arguments after the executable).
  public var commandLine: [String]
  public var corpus: CorpusSummary
  /// Strategies in display order (reference first).
  public var strategies: [StrategyInfo]
  /// One entry per drawing, with the images drawn for it.
  public var samples: [SampleEntry]
  /// The run whose renders the ink was compared with (`inkDiff` of each sample), if any.
  public var inkBaseRun: String?
  /// Which format to store strokes in: the storage study over this corpus, as figures
  /// (schema 3 and later).
  public var formatStudyFigures: FormatStudyRun?
  /// The same study as a pre-formatted table, in files of schema 1 and 2 only.
  public var formatStudy: ReportTable?
  /// The gate against a baseline (`run --baseline NAME`), with every verdict and its evidence.
  public var gate: GateReport?
  /// The per-point benchmark: lanes, single and batched figures, counters, the timer's
  /// calibration and the warnings about the figures.
  public var bench: BenchReport
  /// Ink quality per strategy (`nil` in results written before it was measured).
  public var quality: RunQuality?
  /// The history of this run's figures across commits, with detected steps (`nil` without a
  /// history database, or in results written before it existed).
  public var history: HistoryTrends?
  /// The swept specs (`nil` or empty without sweeps): which configurations each one made.
  public var sweeps: [SweepRecord]?
  /// This run read one shard of the corpus (`run --shard I/N`); `nil` for a whole run.
  public var shard: ShardInfo?
  /// This run was merged from shard runs (`merge`); `nil` otherwise.
  public var merge: MergeInfo?

  /// The contents alone; a document is made with `ResultDocument`'s initializer of this kind.
  init(
    runID: String, commandLine: [String], corpus: CorpusSummary, strategies: [StrategyInfo],
    samples: [SampleEntry], bench: BenchReport
  ) {
    self.runID = runID
    self.commandLine = commandLine
    self.corpus = corpus
    self.strategies = strategies
    self.samples = samples
    self.bench = bench
  }

  /// The timer's calibration (measured before the benchmark).
  public var timer: TimerCalibration { bench.timer }

  enum CodingKeys: String, CodingKey {
    case runID, commandLine, corpus, strategies, samples, inkBaseRun, formatStudy,
      formatStudyFigures, gate, bench, quality
    case history, sweeps, shard, merge
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    runID = try c.decode(String.self, forKey: .runID)
    commandLine = try c.decode([String].self, forKey: .commandLine)
    corpus = try c.decode(CorpusSummary.self, forKey: .corpus)
    strategies = try c.decode([StrategyInfo].self, forKey: .strategies)
    samples = try c.decode([SampleEntry].self, forKey: .samples)
    inkBaseRun = try c.decodeIfPresent(String.self, forKey: .inkBaseRun)
    formatStudy = try c.decodeIfPresent(ReportTable.self, forKey: .formatStudy)
    formatStudyFigures = try c.decodeIfPresent(FormatStudyRun.self, forKey: .formatStudyFigures)
    gate = try c.decodeIfPresent(GateReport.self, forKey: .gate)
    guard let b = try c.decodeIfPresent(BenchReport.self, forKey: .bench) else {
      throw SchemaError.missing(
        "bench", why: "written before runs carried the per-point benchmark; run it again")
    }
    bench = b
    quality = try c.decodeIfPresent(RunQuality.self, forKey: .quality)
    history = try c.decodeIfPresent(HistoryTrends.self, forKey: .history)
    sweeps = try c.decodeIfPresent([SweepRecord].self, forKey: .sweeps)
    shard = try c.decodeIfPresent(ShardInfo.self, forKey: .shard)
    merge = try c.decodeIfPresent(MergeInfo.self, forKey: .merge)
  }
}

extension ResultDocument where Contents == RunContents {
  public init(
    tool: String, runID: String, createdAt: String, commandLine: [String],
    machine: MachineFingerprint, provenance: Provenance, corpus: CorpusSummary,
    strategies: [StrategyInfo], samples: [SampleEntry], bench: BenchReport
  ) {
    self.init(
      tool: tool, createdAt: createdAt, machine: machine, provenance: provenance,
      contents: RunContents(
        runID: runID, commandLine: commandLine, corpus: corpus, strategies: strategies,
        samples: samples, bench: bench))
  }
}

/// The format study a run made: its figures, and when it was bounded, over how much of the
/// corpus.
public struct FormatStudyRun: Codable, Hashable, Sendable {
  public var figures: FormatStudyResult
  /// Drawings in the corpus, when the study took only the first `figures.drawings` of them
  /// (their samples bounded by `sampleBudget`); `nil` when it took them all.
  public var corpusDrawings: Int?
  public var sampleBudget: Int?

  public init(figures: FormatStudyResult, corpusDrawings: Int? = nil, sampleBudget: Int? = nil) {
    self.figures = figures
    self.corpusDrawings = corpusDrawings
    self.sampleBudget = sampleBudget
  }
}

/// What the corpus held and what was left out.
public struct CorpusSummary: Codable, Hashable, Sendable {
  public var root: String
  public var filesRead: Int
  public var drawings: Int
  public var strokes: Int
  public var points: Int
  /// Format id → number of drawings.
  public var formats: [String: Int]
  /// Unsupported files, with the reason.
  public var skipped: [FileNote]
  /// Malformed files of a supported format, with the error.
  public var rejected: [FileNote]
  /// Repairs and decisions the readers reported.
  public var warnings: [String]

  public init(
    root: String, filesRead: Int, drawings: Int, strokes: Int, points: Int,
    formats: [String: Int], skipped: [FileNote], rejected: [FileNote], warnings: [String]
  ) {
    self.root = root
    self.filesRead = filesRead
    self.drawings = drawings
    self.strokes = strokes
    self.points = points
    self.formats = formats
    self.skipped = skipped
    self.rejected = rejected
    self.warnings = warnings
  }
}

/// A file and what happened to it.
public struct FileNote: Codable, Hashable, Sendable {
  public var file: String
  public var message: String
  public init(file: String, message: String) {
    self.file = file
    self.message = message
  }
}

/// A strategy as configured for the run.
public struct StrategyInfo: Codable, Hashable, Sendable {
  /// Canonical label (`catmull-rom(width=pressure)`), the key everywhere.
  public var label: String
  public var id: String
  /// Every option's value, defaults included, as text.
  public var options: [String: String]
  /// An external strategy's manifest, command and their digests; `nil` for a built-in (and in
  /// files from before external strategies).
  public var external: ExternalStrategyOrigin?
  /// The contract suite's outcome for an external strategy (`strategies --check`, run before
  /// the corpus): one "rule: what failed" entry per failed rule, empty when every rule holds;
  /// `nil` when not checked here (a built-in: sigbench's own test suite checks it).
  public var contractFailures: [String]?
  /// The Swift package that compiled this strategy into the binary that ran
  /// (`SigbenchMain.main(adding:package:)`); `nil` for sigbench's own and external ones.
  public var package: String?
  public init(
    label: String, id: String, options: [String: String], external: ExternalStrategyOrigin? = nil,
    package: String? = nil
  ) {
    self.label = label
    self.id = id
    self.options = options
    self.external = external
    self.package = package
  }
}

/// One drawing of the corpus and its pictures (paths relative to the run folder).
public struct SampleEntry: Codable, Hashable, Sendable {
  public var name: String
  public var format: String
  public var strokes: Int
  public var points: Int
  public var hoverPoints: Int
  public var timed: Bool
  public var hasPressure: Bool
  /// Metadata shown on the sheet (source, device, units, licence, notes), as text.
  public var metadata: [String: String]
  /// The raw samples drawn as dots.
  public var rawImage: String
  /// Strategy label → image path, in the order of `RunResult.strategies`.
  public var images: [String: String]
  /// The sample's own page and its pictures; `nil` in results written before pages existed.
  public var page: SamplePageInfo?
  /// Strategy label → ink compared with the base run; `nil` when no base run was given.
  public var inkDiff: [String: InkDiffInfo]?
  /// The rate the source states or the reader estimated, Hz; `nil` when none (results written
  /// before it was recorded carry it only as the "sample rate" metadata text).
  public var sampleRate: Double?
  /// The stages that failed on this drawing (`StageFailure`), in the order met; `nil` when
  /// none did.
  public var failures: [StageFailure]?

  public init(
    name: String, format: String, strokes: Int, points: Int, hoverPoints: Int, timed: Bool,
    hasPressure: Bool, metadata: [String: String], rawImage: String, images: [String: String],
    page: SamplePageInfo? = nil
  ) {
    self.page = page
    self.name = name
    self.format = format
    self.strokes = strokes
    self.points = points
    self.hoverPoints = hoverPoints
    self.timed = timed
    self.hasPressure = hasPressure
    self.metadata = metadata
    self.rawImage = rawImage
    self.images = images
  }
}

/// A sample's own page: large renders, the mid-stroke moment, zoomed crops and metrics. Image
/// paths are relative to the run folder; dictionaries are keyed by strategy label.
public struct SamplePageInfo: Codable, Hashable, Sendable {
  /// The page, relative to the run folder (`samples/0003-….html`).
  public var path: String
  /// Raw samples on a transparent canvas, the size of the large renders.
  public var rawOverlay: String
  public var large: [String: String]
  /// What the view shows mid-stroke (stable ink, tentative tail in its own colour).
  public var midStroke: [String: String]
  /// Which moment `midStroke` shows, in words.
  public var midStrokeNote: String
  public var endCrop: [String: String]
  public var cornerCrop: [String: String]
  /// Where the corner crop is centred and why, in words; `nil` when the drawing has no corner.
  public var cornerNote: String?
  public var metrics: [String: SampleMetrics]
  /// Strategy label → the quality figures of this sample (`nil` in results written before
  /// they were measured).
  public var quality: [String: QualityFigures]?

  public init(
    path: String, rawOverlay: String, large: [String: String], midStroke: [String: String],
    midStrokeNote: String, endCrop: [String: String], cornerCrop: [String: String],
    cornerNote: String?, metrics: [String: SampleMetrics]
  ) {
    self.path = path
    self.rawOverlay = rawOverlay
    self.large = large
    self.midStroke = midStroke
    self.midStrokeNote = midStrokeNote
    self.endCrop = endCrop
    self.cornerCrop = cornerCrop
    self.cornerNote = cornerNote
    self.metrics = metrics
  }
}

/// Per-strategy measurements of one sample's ink.
public struct SampleMetrics: Codable, Hashable, Sendable {
  /// Centreline segments over all strokes.
  public var segments: Int
  /// Outline path elements and discs over all strokes (how much the renderer draws).
  public var fillElements: Int
  /// Largest distance over the strokes from the last sample to the centreline's end, CSS px.
  public var endGapPx: Double?
  /// Mean and max centreline distance to the ground truth, CSS px (`nil` without truth).
  public var truthMeanPx: Double?
  public var truthMaxPx: Double?

  public init(
    segments: Int, fillElements: Int, endGapPx: Double?, truthMeanPx: Double?, truthMaxPx: Double?
  ) {
    self.segments = segments
    self.fillElements = fillElements
    self.endGapPx = endGapPx
    self.truthMeanPx = truthMeanPx
    self.truthMaxPx = truthMaxPx
  }
}

/// One strategy's ink on one sample, compared with a base run's picture of the same sample.
public struct InkDiffInfo: Codable, Hashable, Sendable {
  /// The base run's picture, copied into this run folder.
  public var base: String
  /// Red where only the base had ink, blue where only this run has it, grey where both agree.
  public var diff: String
  /// Share of inked pixels (in either picture) whose value changed beyond the tolerance.
  public var changedShare: Double
  /// Pixels that changed beyond the tolerance.
  public var changedPixels: Int
  /// `true` when the base had no picture for this sample and strategy.
  public var missingInBase: Bool

  public init(
    base: String, diff: String, changedShare: Double, changedPixels: Int, missingInBase: Bool
  ) {
    self.base = base
    self.diff = diff
    self.changedShare = changedShare
    self.changedPixels = changedPixels
    self.missingInBase = missingInBase
  }
}

/// A table computed by another part of the tool, carried as text cells so the report can show
/// it without knowing where it came from.
public struct ReportTable: Codable, Hashable, Sendable {
  public var title: String
  /// What the figures mean and how they were measured.
  public var note: String
  public var columns: [String]
  public var rows: [[String]]

  public init(title: String, note: String, columns: [String], rows: [[String]]) {
    self.title = title
    self.note = note
    self.columns = columns
    self.rows = rows
  }
}
