import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults
import SigbenchStrategies

/// What `sigbench run` was asked to do, validated, with the defaults owned here (the CLI's help
/// shows these values).
public struct RunSettings: Sendable {
  /// Default picture size and supersampling of the sheet's thumbnails.
  public static let defaultWidth = 360
  public static let defaultHeight = 200
  public static let defaultSupersample = 2
  /// Allowed picture sides, pixels.
  public static let sizeRange = 16...4096

  /// `<out>`: runs, baselines and gates go under it.
  public var out: String = "Reports"
  /// Strategies in display order, reference first (`StrategyResolver`).
  public var strategies: [ConfiguredStrategy]
  /// The swept specs among `strategies` (`StrategyResolver.resolveSweeps`), recorded in the
  /// result for the sheet's sweep section.
  public var sweeps: [SweepRecord] = []

  /// The sweeps' configurations other than their defaults and the reference: timed in the
  /// smooth lane with everything else, and in the raster lane and under callgrind only when on
  /// their sweep's Pareto front (`RunPipeline.timeFronts`).
  public var sweptLabels: Set<String> {
    Set(SweepRecord.members(of: sweeps).keys).subtracting([StrategyCatalog.referenceID])
  }
  /// Thumbnail spec; the sample pages draw twice this size.
  public var render: RenderSpec
  /// A previous run to compare every thumbnail with, already read (`RunInputs.loadRun`).
  public var compareRun: LoadedRun?
  /// The command line as typed, recorded in the result.
  public var commandLine: [String] = []
  /// The benchmark part of the run.
  public var bench = BenchRunSettings()
  /// The gate after the run (`--baseline NAME`), when asked.
  public var gate: GateConfiguration?
  /// Worker threads for reading, pictures and metrics (`--jobs`); the timing runs alone.
  public var jobs = RunSettings.defaultJobs
  /// Whether pictures and sample pages are drawn (`--no-render` turns them off).
  public var drawPictures = true
  /// `--strict`: the first failing cell (`StageFailure`) stops the run (exit 3) instead of
  /// being recorded.
  public var stopAtFirstFailure = false
  /// `--shard I/N`: only the drawings of shard I are read; the run is marked as a shard and
  /// keeps what `merge` needs (`ShardLedger`).
  public var shard: ShardSpec?

  /// `--jobs` default: one per core.
  public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
  /// Allowed `--jobs` values.
  public static let jobsRange = 1...256

  public init(strategies: [ConfiguredStrategy]) {
    self.strategies = strategies
    var spec = RenderSpec()
    spec.width = RunSettings.defaultWidth
    spec.height = RunSettings.defaultHeight
    spec.supersample = RunSettings.defaultSupersample
    render = spec
  }
}

/// The benchmark inside `run`: one in-process timing pass per strategy × lane, counters under
/// callgrind unless turned off.
public struct BenchRunSettings: Sendable {
  /// Timed passes per strategy × lane.
  public static let defaultRepetitions = 1
  public static let repetitionsRange = 1...1000
  /// Points of the counter subset (the raster lane counts a twentieth of them).
  public static let defaultCounterPoints = 1000
  public static let counterPointsRange = 1...1_000_000

  public var repetitions = BenchRunSettings.defaultRepetitions
  public var counters = true
  public var counterPoints = BenchRunSettings.defaultCounterPoints
  /// Points per strategy × lane timed before whole strokes are sampled (`TimingSample`).
  public var timedPointBudget = TimingSample.defaultBudget
  /// Write `samples.csv` (every timed point's raw figures, bounded); off by default: the
  /// summaries in `bench.json` are kept, and a `Corpus/` run folder is ~38 MB smaller.
  public var rawSamples = false
  /// The test-only knob (`SIGBENCH_INJECT`), read by the caller; never set by default.
  public var injection: Injection?

  public init() {}
}
