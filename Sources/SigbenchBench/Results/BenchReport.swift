import Foundation

/// The benchmark's result file (`bench.json`; also embedded in a run's `result.json`).
///
/// Schema-versioned: `schemaVersion` increases only on incompatible changes; consumers ignore
/// fields they do not know and every field added later is optional. What a figure depends on
/// (`machine`) is kept apart from where the run came from (`provenance`).
public struct BenchReport: Codable, Hashable, Sendable {
  public static let currentSchemaVersion = 1

  public var schemaVersion: Int = BenchReport.currentSchemaVersion
  public var tool: String
  /// ISO 8601 UTC.
  public var createdAt: String
  public var machine: MachineFingerprint
  public var provenance: Provenance
  public var corpus: BenchCorpusInfo
  /// Measured before the run, in every process.
  public var timer: TimerCalibration
  public var options: BenchOptions
  /// Worker processes whose figures are in `replicates` (1 = measured in-process).
  public var processes: Int
  /// Full figures of the first process, strategy × lane.
  public var figures: [LaneFigures]
  /// The gate's metrics, one value per process.
  public var replicates: [ReplicateSet]
  /// Deterministic counters (callgrind), or entries saying why they are unavailable.
  public var counters: [CounterFigures]
  public var counterRun: CounterRunInfo
  /// The test-only knob, when it was active (never by default).
  public var injection: Injection?
  public var warnings: [String]

  public init(
    tool: String, createdAt: String, machine: MachineFingerprint, provenance: Provenance,
    corpus: BenchCorpusInfo, timer: TimerCalibration, options: BenchOptions, processes: Int,
    figures: [LaneFigures], replicates: [ReplicateSet], counters: [CounterFigures],
    counterRun: CounterRunInfo, injection: Injection?, warnings: [String]
  ) {
    self.tool = tool
    self.createdAt = createdAt
    self.machine = machine
    self.provenance = provenance
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
  }

  /// Sorted keys, pretty printed: equal reports give equal bytes.
  public func encoded() throws -> Data {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try e.encode(self)
  }

  public static func decode(_ data: Data) throws -> BenchReport {
    try JSONDecoder().decode(BenchReport.self, from: data)
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

/// One gate metric of one strategy × lane, one value per process (process-level replicates:
/// samples inside one process are not independent, benchmarking.md §B.6).
public struct ReplicateSet: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  public var metric: String
  public var values: [Double]

  public init(strategy: String, lane: BenchLane, metric: String, values: [Double]) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.values = values
  }

  /// Key used to pair head and base sets.
  public var key: String { "\(strategy)|\(lane.rawValue)|\(metric)" }

  /// Collects every process's gate metrics (figures in the same order in every process).
  public static func collect(_ processes: [[LaneFigures]]) -> [ReplicateSet] {
    guard let first = processes.first else { return [] }
    var sets: [ReplicateSet] = []
    for f in first {
      for metric in LaneFigures.gateMetricNames {
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
  public var counterPlan: [CounterProbe.Plan]?
  /// True when the counter worker found itself under valgrind.
  public var underValgrind: Bool?
  public var warnings: [String]

  public init(
    machine: MachineFingerprint, timer: TimerCalibration, figures: [LaneFigures],
    injection: Injection?, counterPlan: [CounterProbe.Plan]?, underValgrind: Bool?,
    warnings: [String]
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
