import Foundation

/// The benchmark's result file (`bench.json`; also embedded in a run's `result.json`).
///
/// Schema-versioned: `schemaVersion` increases only on incompatible changes; consumers ignore
/// fields they do not know and every field added later is optional. What a figure depends on
/// (`machine`) is kept apart from where the run came from (`provenance`).
public typealias BenchReport = ResultDocument<BenchContents>

/// The members of a `BenchReport` after the shared header.
public struct BenchContents: DocumentContents {
  /// 2: typed warnings (version 1's were sentences, still read), the headline across
  /// processes, per-process values, bounded raw rows. 3: the provenance is the build stamp
  /// (commit time, build configuration, compiler).
  public static let currentSchemaVersion = 3

  public var corpus: BenchCorpusInfo
  /// Measured before the run, in every process.
  public var timer: TimerCalibration
  public var options: BenchOptions
  /// Worker processes whose figures are in `replicates` (1 = measured in-process).
  public var processes: Int
  /// The headline figures, strategy × lane: the one process's, or with several processes the
  /// median over processes of each per-process figure (`headline` says which).
  public var figures: [LaneFigures]
  /// How `figures` were formed; `nil` in files from before it was recorded (their figures were
  /// the first process's).
  public var headline: Headline?
  /// With several processes: every process's value of each figure (`LaneFigures.figureNames`).
  public var perProcess: [ProcessValues]?
  /// With several processes: the timer calibration of every process (`timer` is the first's).
  public var processTimers: [TimerCalibration]?
  /// The null smoother's figures (`HarnessFloor`): the one process's, or with several processes
  /// the median over processes of each (read from the timer records, not stored twice); `nil`
  /// without the `smooth` lane and in older files.
  public var floor: HarnessFloor? { HarnessFloor.median(processTimers ?? [timer]) }
  /// Rows written to `samples.csv` and rows left out to keep it bounded.
  public var rawSamples: RawSampleCount?
  /// Which points were timed and by what rule (`TimingSample`); `nil` in files from before
  /// the budget (every point was timed).
  public var timingSample: TimingSample?
  /// The gate's metrics, one value per process.
  public var replicates: [ReplicateSet]
  /// Deterministic counters (callgrind), or entries saying why they are unavailable.
  public var counters: [CounterFigures]
  public var counterRun: CounterRunInfo
  /// The test-only knob, when it was active (never by default).
  public var injection: Injection?
  public var warnings: [ResultWarning]
  /// External strategies' latency in their own lanes (`self-timed`, `round-trip`), never in
  /// `figures`; `nil` when none ran (and in files from before they could).
  public var externalLatency: [ExternalLatencyFigures]?
  /// Strategies that could not be timed, by label, with what happened (a library strategy
  /// whose timing worker trapped): they make the run exit 3; `nil` when none failed.
  public var failedStrategies: [String: String]?

  /// How the headline figures were formed.
  public enum Headline: String, Codable, Hashable, Sendable {
    /// Measured in one process.
    case singleProcess = "single process"
    /// The median over processes of each per-process figure; min–max in
    /// `LaneFigures.acrossProcesses`.
    case medianOverProcesses = "median over processes"
  }

  /// The contents alone; a document is made with `ResultDocument`'s initializer of this kind.
  init(
    corpus: BenchCorpusInfo, timer: TimerCalibration, options: BenchOptions, processes: Int,
    figures: [LaneFigures], replicates: [ReplicateSet], counters: [CounterFigures],
    counterRun: CounterRunInfo, injection: Injection?, warnings: [ResultWarning]
  ) {
    self.corpus = corpus
    self.timer = timer
    self.options = options
    self.processes = processes
    self.figures = figures
    self.replicates = replicates
    self.counters = counters
    self.counterRun = counterRun
    self.injection = injection
    self.warnings = warnings
    headline = .singleProcess
  }
}

extension ResultDocument where Contents == BenchContents {
  public typealias Headline = BenchContents.Headline

  public init(
    tool: String, createdAt: String, machine: MachineFingerprint, provenance: Provenance,
    corpus: BenchCorpusInfo, timer: TimerCalibration, options: BenchOptions, processes: Int,
    figures: [LaneFigures], replicates: [ReplicateSet], counters: [CounterFigures],
    counterRun: CounterRunInfo, injection: Injection?, warnings: [ResultWarning]
  ) {
    self.init(
      tool: tool, createdAt: createdAt, machine: machine, provenance: provenance,
      contents: BenchContents(
        corpus: corpus, timer: timer, options: options, processes: processes, figures: figures,
        replicates: replicates, counters: counters, counterRun: counterRun, injection: injection,
        warnings: warnings))
  }
}

/// The corpus a benchmark replayed.
public struct BenchCorpusInfo: Codable, Hashable, Sendable {
  public var root: String
  public var drawings: Int
  public var strokes: Int
  public var points: Int
  /// FNV-1a 64 over the files read (hex); the same value as the run's provenance checksum.
  public var checksum: String

  public init(root: String, drawings: Int, strokes: Int, points: Int, checksum: String) {
    self.root = root
    self.drawings = drawings
    self.strokes = strokes
    self.points = points
    self.checksum = checksum
  }
}

/// One gate metric of one strategy × lane, one value per process. The gate compares processes,
/// not points: samples inside one process share its speed and are not independent, so each
/// process contributes one value (a process-level replicate).
public struct ReplicateSet: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  public var metric: GateMetric
  public var values: [Double]

  public init(strategy: String, lane: BenchLane, metric: GateMetric, values: [Double]) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.values = values
  }

  /// Pairs head and base sets.
  public var key: ReplicateKey { ReplicateKey(strategy: strategy, lane: lane, metric: metric) }

  /// Collects every process's gate metrics (figures in the same order in every process).
  public static func collect(_ processes: [[LaneFigures]]) -> [ReplicateSet] {
    guard let first = processes.first else { return [] }
    var sets: [ReplicateSet] = []
    for f in first {
      for metric in GateMetric.allCases {
        let values = processes.compactMap { p in
          p.first { $0.strategy == f.strategy && $0.lane == f.lane }?.gateMetrics[metric]
        }
        if !values.isEmpty {
          sets.append(
            ReplicateSet(strategy: f.strategy, lane: f.lane, metric: metric, values: values))
        }
      }
    }
    return sets
  }
}

/// What a worker process writes: its calibration and figures.
public struct WorkerOutput: Codable, Hashable, Sendable {
  public var schemaVersion: Int = 1
  public var machine: MachineFingerprint
  public var timer: TimerCalibration
  public var figures: [LaneFigures]
  public var injection: Injection?
  /// Set by a counter worker: the meaning of each callgrind dump.
  public var counterPlan: [CounterPlan]?
  /// True when the counter worker found itself under valgrind.
  public var underValgrind: Bool?
  public var warnings: [ResultWarning]
  /// The raw figures, when the worker was asked to keep them (bounded by the caller).
  public var raw: [RawSeries]?
  /// A timing worker's external strategies, in their own lanes (`nil` when none).
  public var externalLatency: [ExternalLatencyFigures]?

  public init(
    machine: MachineFingerprint, timer: TimerCalibration, figures: [LaneFigures],
    injection: Injection?, counterPlan: [CounterPlan]?, underValgrind: Bool?,
    warnings: [ResultWarning]
  ) {
    self.machine = machine
    self.timer = timer
    self.figures = figures
    self.injection = injection
    self.counterPlan = counterPlan
    self.underValgrind = underValgrind
    self.warnings = warnings
  }
}

/// Identifies one strategy × lane × gate metric (pairs head and base replicates, noise floors).
public struct ReplicateKey: Hashable, Sendable, CustomStringConvertible {
  public var strategy: String
  public var lane: BenchLane
  public var metric: GateMetric

  public init(strategy: String, lane: BenchLane, metric: GateMetric) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
  }

  public var description: String { "\(strategy) [\(lane.rawValue)] \(metric.rawValue)" }
}

/// Every process's value of one figure of one strategy × lane (`BenchReport.perProcess`).
public struct ProcessValues: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  /// A name of `LaneFigures.figureNames` ("steady.p99", "batched.p50", …).
  public var figure: String
  /// One value per process, in process order.
  public var values: [Double]

  public init(strategy: String, lane: BenchLane, figure: String, values: [Double]) {
    self.strategy = strategy
    self.lane = lane
    self.figure = figure
    self.values = values
  }
}
