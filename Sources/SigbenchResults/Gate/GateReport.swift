import Foundation

/// A gate's verdicts and every piece of evidence behind them (`gate.json`).
public typealias GateReport = ResultDocument<GateContents>

/// The members of a `GateReport` after the shared header.
public struct GateContents: DocumentContents {
  /// 2: typed warnings (version 1's were sentences, still read). 3: the provenance is the
  /// build stamp (commit time, build configuration, compiler); the gate's sensitivity.
  public static let currentSchemaVersion = 3

  /// "baseline" (stored baseline) or "a/b" (same-job interleaved processes).
  public var mode: String
  public var baselineName: String?
  public var baseBinary: String?
  public var baseMachine: MachineFingerprint?
  public var baseProvenance: Provenance?
  public var corpus: BenchCorpusInfo
  /// Timer calibration of every head process, then every base process measured now.
  public var headTimers: [TimerCalibration]
  public var baseTimers: [TimerCalibration]
  public var settings: GateSettings
  public var processesPerSide: Int
  /// Timed passes per strategy × lane inside each worker (`nil` in reports from before it was
  /// recorded).
  public var repetitions: Int?
  /// The order the worker processes ran in ("head" / "base"), drawn from `orderSeed`.
  public var order: [GateSide]
  public var orderSeed: UInt64
  /// "compared", or why not ("incompatible: …").
  public var timingStatus: String
  public var counterStatus: String
  public var timing: [TimingComparison]
  public var counters: [CounterComparison]
  public var budgets: [BudgetCheck]
  /// Quality metrics per strategy, head against base (`nil` in reports from before quality was
  /// gated).
  public var quality: [QualityComparison]?
  /// "compared …", or why not ("unavailable: …", "incompatible: …").
  public var qualityStatus: String?
  /// Each external strategy's standing in the quality comparison (`nil` when none ran).
  public var externalStrategies: [ExternalGateStatus]?
  /// This build's cells that failed (`FailedCell.text`: drawing × strategy: stage: reason),
  /// left out of its quality figures; they make the gate exit 3 (`nil` when none failed).
  public var failedCells: [String]?
  public var acknowledgements: [Acknowledgement]
  public var injection: Injection?
  /// The A/A noise floor asked for (`--noise-floor`), and whether it was used.
  public var noiseFloor: NoiseFloorUse?
  /// What this gate could have caught (`GateSensitivity.of`), per lane and metric; `nil` in
  /// reports from before it was recorded.
  public var sensitivity: [GateSensitivity]?
  /// The process exit code and its meaning.
  public var exitCode: Int32
  public var outcome: String
  public var warnings: [ResultWarning]
  /// Wall time of the whole gate, seconds.
  public var seconds: Double

  /// The contents alone; a document is made with `ResultDocument`'s initializer of this kind.
  init(
    mode: String, baselineName: String?, baseBinary: String?, baseMachine: MachineFingerprint?,
    baseProvenance: Provenance?, corpus: BenchCorpusInfo, headTimers: [TimerCalibration],
    baseTimers: [TimerCalibration], settings: GateSettings, processesPerSide: Int,
    order: [GateSide], orderSeed: UInt64
  ) {
    self.mode = mode
    self.baselineName = baselineName
    self.baseBinary = baseBinary
    self.baseMachine = baseMachine
    self.baseProvenance = baseProvenance
    self.corpus = corpus
    self.headTimers = headTimers
    self.baseTimers = baseTimers
    self.settings = settings
    self.processesPerSide = processesPerSide
    self.order = order
    self.orderSeed = orderSeed
    timingStatus = "not run"
    counterStatus = "not run"
    timing = []
    counters = []
    budgets = []
    acknowledgements = []
    injection = nil
    noiseFloor = nil
    exitCode = 0
    outcome = ""
    warnings = []
    seconds = 0
  }

  /// Which A/A noise floor a gate was given and whether its timing used it.
  public struct NoiseFloorUse: Codable, Hashable, Sendable {
    public var name: String
    public var createdAt: String
    public var processes: Int
    public var commit: String?
    /// "used", or "not used: " and why (then every threshold is the configured one).
    public var status: String

    public init(name: String, createdAt: String, processes: Int, commit: String?, status: String) {
      self.name = name
      self.createdAt = createdAt
      self.processes = processes
      self.commit = commit
      self.status = status
    }
  }

  /// Timing comparisons whose final verdict fails the gate.
  public var confirmedTimingRegressions: [TimingComparison] {
    timing.filter { $0.verdict == .regressed }
  }
  public var qualityRegressions: [QualityComparison] {
    (quality ?? []).filter { $0.verdict == .regressed }
  }
  public var counterRegressions: [CounterComparison] {
    counters.filter { $0.verdict == .regressed }
  }
}

extension ResultDocument where Contents == GateContents {
  public typealias NoiseFloorUse = GateContents.NoiseFloorUse

  public init(
    tool: String, createdAt: String, mode: String, baselineName: String?, baseBinary: String?,
    machine: MachineFingerprint, baseMachine: MachineFingerprint?, provenance: Provenance,
    baseProvenance: Provenance?, corpus: BenchCorpusInfo, headTimers: [TimerCalibration],
    baseTimers: [TimerCalibration], settings: GateSettings, processesPerSide: Int,
    order: [GateSide], orderSeed: UInt64
  ) {
    self.init(
      tool: tool, createdAt: createdAt, machine: machine, provenance: provenance,
      contents: GateContents(
        mode: mode, baselineName: baselineName, baseBinary: baseBinary, baseMachine: baseMachine,
        baseProvenance: baseProvenance, corpus: corpus, headTimers: headTimers,
        baseTimers: baseTimers, settings: settings, processesPerSide: processesPerSide,
        order: order, orderSeed: orderSeed))
  }
}
