import SigbenchResults

/// How a gate runs, apart from the corpus it runs on: validated by the caller before any work
/// (the baseline and noise floor are already read), so a run can carry it and start the gate
/// with its own corpus session afterwards.
public struct GateConfiguration: Sendable {
  /// Worker processes per side.
  public static let defaultProcesses = 10
  public static let processesRange = 2...200

  public var lanes: [BenchLane] = BenchLane.allCases
  public var processes = 10
  /// Timed passes per strategy × lane inside each worker (more passes steady each replicate);
  /// `BenchOptions.gateRepetitions` for the corpus.
  public var repetitions = 3
  public var settings = GateSettings.standard
  public var baselineName: String?
  public var baseBinary: String?
  /// `<out>`: gates are written under `<out>/gates/<id>/`.
  public var outDir = "Reports"
  public var failOnInconclusive = false
  public var enforceBudget = true
  public var counters = true
  public var counterPoints = 1000
  public var orderSeed: UInt64 = 0
  public var injection: Injection?
  /// The stored baseline (`--baseline NAME`), read before any work (`GateInputs`).
  public var baseline: Baseline?
  /// The A/A noise floor (`--noise-floor NAME`), read before any work.
  public var noiseFloor: NoiseFloor?

  /// This build's quality figures when already measured (`run --baseline` passes the run's);
  /// else the gate measures them.
  public var headQuality: [String: QualityFigures]?
  /// The cells that failed while `headQuality` was measured (left out of it); with
  /// `headQuality` nil, the gate finds its own.
  public var headFailedCells: [FailedCell] = []

  public init() {}
}
