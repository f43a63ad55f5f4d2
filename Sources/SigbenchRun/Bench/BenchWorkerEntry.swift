import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchResults

/// The worker side of `BenchWorkers`: what a `sigbench bench --worker FILE` or
/// `--counter-worker FILE` process does, writing a `WorkerOutput` for the parent to read.
public enum BenchWorkerEntry {
  /// Times the session in this process; raw figures included when `options.keepRaw`; the
  /// external strategies, if any, in their own lanes after the in-process ones.
  public static func timing(
    _ session: BenchSession, options: BenchOptions, to file: String, progress: ProgressHandler
  ) throws {
    var timer = TimerCalibration.measure()
    let measured = try session.measure(options, timer: timer, progress: progress)
    timer.floor = measured.floor
    var output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: timer, figures: measured.figures,
      injection: options.injection, counterPlan: nil, underValgrind: nil, warnings: [])
    if options.keepRaw { output.raw = measured.raw }
    if !session.external.isEmpty {
      output.externalLatency = ExternalLatencyBench().measure(
        session.external, workload: session.workload)
    }
    try AtomicFiles.write(try encode(output), to: URL(fileURLWithPath: file))
  }

  /// Runs the counter probe (meant to run under callgrind) over the first `points` points.
  public static func counters(
    _ session: BenchSession, options: BenchOptions, points: Int, to file: String
  ) throws {
    let sizes = BenchWorkers.subset(points)
    var workloads: [BenchLane: BenchWorkload] = [:]
    for lane in options.lanes { workloads[lane] = session.workload.prefix(points: sizes[lane]!) }
    let under = CounterProbe.underValgrind
    // What runs in this process: process strategies are not counted.
    let plan = CounterProbe(startPoints: options.startPoints, injection: options.injection).run(
      session.inProcess, lanes: options.lanes, workloads: workloads)
    let output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: TimerCalibration.measure(rounds: 1000),
      figures: [], injection: options.injection, counterPlan: plan, underValgrind: under,
      warnings: [])
    try AtomicFiles.write(try encode(output), to: URL(fileURLWithPath: file))
  }

  /// The counter worker's session: the corpus at `path` read file by file in corpus order
  /// (`CorpusLoader.plan`, as every reader orders it) only until its drawings hold the largest
  /// counter subset of `points` (`BenchWorkers.subset`), so the worker's time and memory under
  /// callgrind do not grow with the corpus. `counters` then takes the same first points as
  /// over the whole corpus: a prefix of a prefix.
  ///
  /// - Complexity: O(bytes of the files read), files up to the one that completes the subset.
  public static func counterSession(
    corpus path: String, strategies: [ConfiguredStrategy], points: Int
  ) throws(PipelineError) -> BenchSession {
    let need = BenchWorkers.subset(points).values.max() ?? points
    let loader = CorpusLoader()
    let plan: CorpusStream.Plan
    do { plan = try loader.plan(URL(fileURLWithPath: path)) } catch {
      throw PipelineError(
        .toolError, "cannot read corpus '\(path)': \(SystemErrorText.reason(error))")
    }
    var items: [BenchWorkload.Item] = []
    var have = 0
    var filesRead = 0
    for f in plan.files where have < need {
      var part = CorpusLoader.Result(root: path)
      loader.read(f.url, name: f.name, into: &part)
      filesRead += 1
      for d in part.drawings {
        guard let item = BenchWorkload.item(d) else { continue }
        items.append(item)
        have += item.strokes.sampleCount
      }
    }
    guard have > 0 else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    return BenchSession(
      path: path, strategies: strategies, workload: BenchWorkload(items: items),
      checksum: "", rejectedFiles: 0, filesRead: filesRead)
  }

  static func encode(_ o: WorkerOutput) throws -> Data {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys]
    return try e.encode(o)
  }

  /// Measures every strategy's quality over the session's corpus (`QualityRun`).
  public static func quality(_ session: BenchSession, to file: String) throws {
    let figures = try QualityRun.measure(session.drawings, strategies: session.strategies)
    try AtomicFiles.write(try ResultJSON.encode(figures), to: URL(fileURLWithPath: file))
  }
}
