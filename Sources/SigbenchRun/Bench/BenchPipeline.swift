import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchReport
import SigbenchResults

/// The whole benchmark as `bench`, `run` and `baseline save|noise` perform it: timing (in this
/// process, or in N worker processes), then the counters under callgrind, assembled into one
/// `BenchReport`.
///
/// With N > 1 processes the headline figures are the median over processes of each
/// per-process figure (`LaneFigures.acrossProcesses` holds the min–max beside it), every
/// process's values are kept in `perProcess`, and the raw samples of every process go to
/// `samples.csv`, at most `RawSeries.maxRowsPerSeries` rows per strategy × lane.
public struct BenchPipeline: Sendable {
  public var session: BenchSession
  public var options: BenchOptions
  public var processes = 1
  public var counters = true
  /// Why counters are skipped when `counters` is false.
  public var skipReason = "not measured (--no-counters)"
  public var counterPoints = 1000
  /// Layouts the counter worker runs at (`BenchWorkers.counterLayouts`: the four that `bench`,
  /// `baseline save` and the gate use, so their figures compare; `run` shows one).
  public var counterLayouts = BenchWorkers.counterLayouts
  public var injection: Injection?
  /// Counters measured beforehand (`run` counts while it reads the corpus): used instead of a
  /// counter run here.
  var precounted: CounterOutcome?

  public init(
    session: BenchSession, options: BenchOptions, processes: Int = 1, counters: Bool = true,
    counterPoints: Int = 1000, injection: Injection? = nil
  ) {
    self.session = session
    self.options = options
    self.processes = processes
    self.counters = counters
    self.counterPoints = counterPoints
    self.injection = injection
  }

  /// Runs everything; `raw` holds the raw series (bounded) when `options.keepRaw`.
  public func run(progress: ProgressHandler) throws -> (report: BenchReport, raw: [RawSeries]) {
    let scratch = try BenchWorkers.makeScratch(.bench)
    defer { BenchWorkers.removeScratch(scratch) }
    var perProcess: [[LaneFigures]] = []
    var raw: [RawSeries] = []
    var timers: [TimerCalibration] = []
    var externalPerProcess: [[ExternalLatencyFigures]] = []
    let mainSet = session.strategies.filter { !($0.isLibrary && !$0.timedInProcess) }
    if processes <= 1 {
      var timer = TimerCalibration.measure()
      let measured = try session.measure(options, timer: timer, progress: progress)
      timer.floor = measured.floor
      perProcess = [measured.figures]
      raw = measured.raw.map { $0.thinned(maxRows: RawSeries.maxRowsPerSeries) }
      timers = [timer]
    } else {
      // Each worker times the in-process lanes and, after them, the process strategies' own
      // lanes, on the manifests whose digests this process read.
      var job = BenchWorkers.Job(
        binary: BenchWorkers.selfBinary, corpus: session.corpusPath,
        strategies: StrategyResolver.specText(mainSet), lanes: options.lanes)
      job.strategyFolders = ExternalDigests.folders(mainSet)
      job.externalDigests = ExternalDigests.text(mainSet)
      job.repetitions = options.repetitions
      job.keepRaw = options.keepRaw
      job.timedPointBudget = options.timedPointBudget
      let perWorkerRows = max(1, RawSeries.maxRowsPerSeries / processes)
      for i in 0..<processes {
        job.synthetic = i == 0 && !options.syntheticLengths.isEmpty
        job.costlyCases = options.includeCostlyCases == true
        progress(.note("timing worker \(i + 1)/\(processes)"))
        let out = try BenchWorkers.timing(job, scratch: scratch, tag: "\(i)")
        perProcess.append(out.figures)
        externalPerProcess.append(out.externalLatency ?? [])
        timers.append(out.timer)
        for var series in out.raw ?? [] {
          series.process = i
          raw.append(series.thinned(maxRows: perWorkerRows))
        }
      }
    }
    var libraryFailures = try timeLibraries(
      into: &perProcess, scratch: scratch, progress: progress)
    var counterRun = CounterRunInfo(
      tool: "callgrind", command: "", subsetPoints: [:], startPoints: options.startPoints,
      unavailableReason: skipReason)
    var counterFigures: [CounterFigures] = []
    var counted: CounterOutcome?
    if let precounted {
      counted = precounted
    } else if counters {
      progress(.note("counting instructions and allocations under callgrind"))
      counted = BenchWorkers.countersIsolatingLibraries(
        session.workerTimed, corpus: session.corpusPath, lanes: options.lanes,
        points: counterPoints, startPoints: options.startPoints, scratch: scratch,
        tag: GateSide.head.rawValue, layouts: counterLayouts)
    }
    if let counted {
      (counterRun, counterFigures) = (counted.info, counted.figures)
      // A library whose timing failed keeps that reason.
      libraryFailures.merge(counted.failedLibraries) { timing, _ in timing }
    }
    let externalLatency =
      processes <= 1
      ? measureExternal(progress: progress)
      : (session.external.isEmpty
        ? nil : ExternalLatencyFigures.medianOverProcesses(externalPerProcess))
    counterFigures += externalCounters()
    let figures = AcrossProcesses.headline(perProcess)
    var report = BenchReport(
      tool: ToolInfo.name, createdAt: RunFolder.timestamp(),
      machine: MachineFingerprint.current(), provenance: session.provenance,
      corpus: session.corpus, timer: timers[0], options: options, processes: max(1, processes),
      figures: figures, replicates: ReplicateSet.collect(perProcess), counters: counterFigures,
      counterRun: counterRun, injection: injection,
      warnings: BenchWarnings.collect(figures, counters: counterRun, injection: injection))
    if processes > 1 {
      report.headline = .medianOverProcesses
      report.perProcess = AcrossProcesses.values(perProcess)
      report.processTimers = timers
    }
    if let uneven = BenchWarnings.unevenProcesses(timers) { report.warnings.append(uneven) }
    report.warnings += BenchWarnings.cutStrokes(
      session.strategies, longestStroke: session.workload.longestStroke)
    report.rawSamples = options.keepRaw ? RawSampleCount(raw) : nil
    report.timingSample = session.timingRecord(budget: options.timedPointBudget)
    report.externalLatency = externalLatency
    report.failedStrategies = libraryFailures.isEmpty ? nil : libraryFailures
    return (report, raw)
  }

  /// The library strategies served to this process, timed in the in-process lanes where they
  /// load: each alone (with the reference, for its ratio) in worker processes of its own, as
  /// many as `processes` (at least one), so a library that traps ends its own workers only.
  /// Its figures join each process's; a library whose worker fails is left out, with the
  /// reason (label → what happened).
  func timeLibraries(
    into perProcess: inout [[LaneFigures]], scratch: URL, progress: ProgressHandler
  ) throws -> [String: String] {
    var failures: [String: String] = [:]
    let workers = max(1, processes)
    for library in session.servedLibraries {
      var job = BenchWorkers.Job(
        binary: BenchWorkers.selfBinary, corpus: session.corpusPath,
        strategies: StrategyResolver.specText([library]), lanes: options.lanes)
      job.strategyFolders = ExternalDigests.folders([library])
      job.externalDigests = ExternalDigests.text([library])
      job.repetitions = options.repetitions
      job.timedPointBudget = options.timedPointBudget
      job.costlyCases = options.includeCostlyCases == true
      var figures: [[LaneFigures]] = []
      do {
        for i in 0..<workers {
          progress(.note("timing \(library.label) in its worker \(i + 1)/\(workers)"))
          let out = try BenchWorkers.timing(job, scratch: scratch, tag: "lib\(i)")
          figures.append(out.figures.filter { $0.strategy == library.label })
        }
      } catch {
        failures[library.label] = "timing: \(error)"
        continue
      }
      for i in perProcess.indices { perProcess[i] += figures[min(i, figures.count - 1)] }
    }
    return failures
  }

  /// The external strategies' own lanes, in this process, after the in-process timing
  /// (`nil` when there are none).
  func measureExternal(progress: ProgressHandler) -> [ExternalLatencyFigures]? {
    let external = session.external
    guard !external.isEmpty else { return nil }
    let bench = ExternalLatencyBench()
    progress(
      .note(
        "timing \(external.count) external strateg\(external.count == 1 ? "y" : "ies") by round "
          + "trip and by their own clock (at most \(bench.pointLimit) pushes each)"))
    return bench.measure(external, workload: session.workload)
  }

  /// One entry per external strategy and lane saying why counters do not apply to it.
  func externalCounters() -> [CounterFigures] {
    session.external.flatMap { s in
      options.lanes.map { lane in
        CounterFigures(
          strategy: s.label, strategyID: s.id, lane: lane, points: 0, steadyPoints: 0,
          strokes: 0, injectedSpins: 0
        ).unavailable(Self.externalCountersReason)
      }
    }
  }

  /// Why an external strategy has no counters.
  public static let externalCountersReason =
    "does not apply: an external strategy runs in its own process, and callgrind counts "
    + "sigbench's instructions and allocations, not its program's"

  /// Writes bench.json, summary.md and (when kept) samples.csv into `folder`.
  /// `appendix` (Markdown) is added to summary.md (the run's quality table).
  public static func write(
    _ report: BenchReport, raw: [RawSeries], to folder: URL, appendix: String = ""
  ) throws {
    try AtomicFiles.write(try report.encoded(), to: folder.appendingPathComponent("bench.json"))
    let summary = BenchMarkdown.render(report) + (appendix.isEmpty ? "" : "\n" + appendix)
    try AtomicFiles.write(Data(summary.utf8), to: folder.appendingPathComponent("summary.md"))
    if !raw.isEmpty {
      // Streamed: at the row limit the text is tens of MB.
      try AtomicFiles.write(to: folder.appendingPathComponent("samples.csv")) { append in
        try RawSamplesCSV.write(raw, into: append)
      }
    }
  }
}
