import Foundation

/// An A/A-measured noise floor: `<out>/baselines/noise/NAME.json`, written by
/// `sigbench baseline noise NAME`. A gate that uses it raises each threshold to
/// max(configured, 3 × A/A spread).
///
/// Holds the per-process gate metrics of N worker processes of one build (an A/A run: every
/// process runs the same binary), from which the gate derives, per strategy × lane × metric and
/// for its own process counts, the spread of its head/base ratio under no change
/// (`NoiseSpread`). Timing noise belongs to a machine and a workload: the floor is used only with
/// the same machine fingerprint and corpus checksum, like a stored baseline's timing.
public typealias NoiseFloor = ResultDocument<NoiseFloorContents>

/// The members of a `NoiseFloor` after the shared header.
public struct NoiseFloorContents: DocumentContents {
  /// 2: the provenance is the build stamp (commit time, build configuration, compiler).
  public static let currentSchemaVersion = 2

  public var name: String
  public var corpus: BenchCorpusInfo
  /// A/A worker processes measured.
  public var processes: Int
  /// Timed passes per strategy × lane in each process.
  public var repetitions: Int
  public var replicates: [ReplicateSet]

  /// The contents alone; a document is made with `ResultDocument`'s initializer of this kind.
  init(
    name: String, corpus: BenchCorpusInfo, processes: Int, repetitions: Int,
    replicates: [ReplicateSet]
  ) {
    self.name = name
    self.corpus = corpus
    self.processes = processes
    self.repetitions = repetitions
    self.replicates = replicates
  }
}

extension ResultDocument where Contents == NoiseFloorContents {
  /// The A/A figures of one strategy × lane × metric (`ReplicateSet.key`).
  public func values(for key: ReplicateKey) -> [Double]? {
    self.replicates.first { $0.key == key }?.values
  }

  public init(
    name: String, createdAt: String, tool: String, machine: MachineFingerprint,
    provenance: Provenance, corpus: BenchCorpusInfo, processes: Int, repetitions: Int,
    replicates: [ReplicateSet]
  ) {
    self.init(
      tool: tool, createdAt: createdAt, machine: machine, provenance: provenance,
      contents: NoiseFloorContents(
        name: name, corpus: corpus, processes: processes, repetitions: repetitions,
        replicates: replicates))
  }
}

/// One strategy × lane × metric's A/A noise for a gate of a given size.
public struct NoiseBand: Codable, Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  public var metric: GateMetric
  public var processesPerSide: Int
  /// Standard deviation of the head/base ratio under no change (`NoiseSpread.ratioSpread`).
  public var spread: Double
  /// The configured relative threshold (absolute part folded in).
  public var configured: Double
  /// max(configured, 3 × spread).
  public var threshold: Double
  /// True when the noise floor set the threshold.
  public var fromNoise: Bool
  /// Smallest true change flagged with 80 % power (`NoiseSpread.minimumDetectableChange`).
  public var minimumDetectableChange: Double

  public init(
    strategy: String, lane: BenchLane, metric: GateMetric, processesPerSide: Int, spread: Double,
    configured: Double, threshold: Double, fromNoise: Bool, minimumDetectableChange: Double
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.processesPerSide = processesPerSide
    self.spread = spread
    self.configured = configured
    self.threshold = threshold
    self.fromNoise = fromNoise
    self.minimumDetectableChange = minimumDetectableChange
  }
}
