import Foundation
import SigbenchBench
import SigbenchBuildStamp
import SigbenchCore
import SigbenchResults
import SigbenchStrategies

/// What every benchmark-running pipeline shares: the corpus as a replay workload, the
/// strategies (reference first, `StrategyResolver`), and the in-process measurement.
public struct BenchSession: Sendable {
  /// The corpus path as given (workers are started with it).
  public let corpusPath: String
  public private(set) var strategies: [ConfiguredStrategy]
  public let workload: BenchWorkload
  public let corpus: BenchCorpusInfo
  public let rejectedFiles: Int
  /// The drawings themselves (quality is measured on them).
  public let drawings: [Drawing]
  /// Corpus files read for this session (`nil`: the whole corpus, or not counted).
  public let filesRead: Int?
  /// The choice of timed strokes when it was made before the session (`RunPipeline` reads
  /// them back from its `TimingSpool`): `workload` then holds only those strokes, and
  /// `corpus` counts the whole corpus. `nil`: the timing phase chooses from `workload`.
  public let presampled: TimingSample?

  /// A session over a corpus read once by the caller.
  public init(corpus input: CorpusInput, strategies: [ConfiguredStrategy]) {
    corpusPath = input.path
    self.strategies = strategies
    workload = BenchWorkload(drawings: input.drawings)
    drawings = input.drawings
    rejectedFiles = input.loaded.rejected.count
    filesRead = input.loaded.filesRead
    presampled = nil
    corpus = BenchCorpusInfo(
      root: input.path, drawings: workload.items.count, strokes: workload.strokeCount,
      points: workload.pointCount, checksum: input.checksum)
  }

  /// A session over a workload built while the corpus was streamed (`RunPipeline`); it holds no
  /// drawings, so quality comes from the caller.
  public init(
    path: String, strategies: [ConfiguredStrategy], workload: BenchWorkload, checksum: String,
    rejectedFiles: Int, filesRead: Int? = nil
  ) {
    self.filesRead = filesRead
    presampled = nil
    corpusPath = path
    self.strategies = strategies
    self.workload = workload
    drawings = []
    self.rejectedFiles = rejectedFiles
    corpus = BenchCorpusInfo(
      root: path, drawings: workload.items.count, strokes: workload.strokeCount,
      points: workload.pointCount, checksum: checksum)
  }

  /// A session over the strokes the timing phase times, chosen while the corpus streamed
  /// (`sample`, over `drawings` drawings with ink): the rest of the corpus is not held.
  public init(
    path: String, strategies: [ConfiguredStrategy], sampled: BenchWorkload,
    sample: TimingSample, drawings: Int, checksum: String, rejectedFiles: Int
  ) {
    filesRead = nil
    corpusPath = path
    self.strategies = strategies
    workload = sampled
    presampled = sample
    self.drawings = []
    self.rejectedFiles = rejectedFiles
    corpus = BenchCorpusInfo(
      root: path, drawings: drawings, strokes: sample.strokesAvailable,
      points: sample.pointsAvailable, checksum: checksum)
  }

  /// The same corpus and strokes with other strategies (a second timing pass of `run`).
  public func with(strategies: [ConfiguredStrategy]) -> BenchSession {
    var copy = self
    copy.strategies = strategies
    return copy
  }

  /// Which strokes the timing phase times under `budget`: `presampled` when the choice was
  /// made beforehand (under the same budget), else `workload.timingRecord(budget:)`.
  public func timingRecord(budget: Int?) -> TimingSample {
    presampled ?? workload.timingRecord(budget: budget)
  }

  /// The strategies timed and counted in process here (every built-in; process strategies
  /// have lanes of their own, `ExternalLatencyBench`; library strategies are timed in worker
  /// processes), as a spec list a worker can parse back.
  public var strategiesText: String { StrategyResolver.specText(inProcess) }

  /// The strategies the in-process lanes and the counters measure in this process: the
  /// built-ins, and in a worker process the library strategies it loaded.
  public var inProcess: [ConfiguredStrategy] { strategies.filter(\.timedInProcess) }

  /// Library strategies served to this process by a worker: timed and counted in worker
  /// processes, where they load (`workerTimed`), never here.
  public var servedLibraries: [ConfiguredStrategy] {
    strategies.filter { !$0.timedInProcess && $0.isLibrary }
  }

  /// Every strategy declared by a manifest (process and library strategies): what baselines
  /// record by digest and the gate compares only when the digests match.
  public var fromManifests: [ConfiguredStrategy] { strategies.filter(\.isExternal) }

  /// Process strategies: timed in their own lanes (`self-timed`, `round-trip`).
  public var external: [ConfiguredStrategy] {
    strategies.filter { !$0.timedInProcess && !$0.isLibrary }
  }

  /// What a timing or counter worker process times in process: this process's in-process
  /// strategies and the library strategies (which the worker loads), in session order.
  public var workerTimed: [ConfiguredStrategy] {
    strategies.filter { $0.timedInProcess || $0.isLibrary }
  }

  /// Measures in this process; a measurement that fails is `.invalidBenchmark`.
  public func measure(
    _ options: BenchOptions, timer: TimerCalibration, progress: ProgressHandler
  ) throws(PipelineError) -> (figures: [LaneFigures], raw: [RawSeries], floor: HarnessFloor?) {
    do {
      let bench = PointBenchmark(options: options, timer: timer)
      let note: (String) -> Void = { progress(.note("timing \($0)")) }
      if let presampled {
        return try bench.measure(
          inProcess, sampled: workload, sample: presampled,
          referenceID: StrategyCatalog.referenceID, progress: note)
      }
      return try bench.measure(
        inProcess, workload: workload, referenceID: StrategyCatalog.referenceID,
        progress: note)
    } catch {
      throw PipelineError(.invalidBenchmark, error.description)
    }
  }

  /// Provenance of this run: the build stamp of this binary (never the working folder's
  /// repository) and the corpus checksum.
  public var provenance: Provenance {
    Provenance(
      gitCommit: BuildStamp.commit, gitDirty: BuildStamp.dirty, commitTime: BuildStamp.commitTime,
      buildConfiguration: BuildStamp.configuration, toolchain: BuildStamp.toolchain,
      corpusChecksum: corpus.checksum)
  }
}
