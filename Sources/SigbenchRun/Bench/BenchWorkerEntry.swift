import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults

/// The worker side of `BenchWorkers`: what a `sigbench bench --worker FILE` or
/// `--counter-worker FILE` process does, writing a `WorkerOutput` for the parent to read.
public enum BenchWorkerEntry {
  /// Times the session in this process; raw figures included when `options.keepRaw`.
  public static func timing(
    _ session: BenchSession, options: BenchOptions, to file: String, progress: ProgressHandler
  ) throws {
    let timer = TimerCalibration.measure()
    let measured = try session.measure(options, timer: timer, progress: progress)
    var output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: timer, figures: measured.figures,
      injection: options.injection, counterPlan: nil, underValgrind: nil, warnings: [])
    if options.keepRaw { output.raw = measured.raw }
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
    let plan = CounterProbe(startPoints: options.startPoints, injection: options.injection).run(
      session.strategies, lanes: options.lanes, workloads: workloads)
    let output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: TimerCalibration.measure(rounds: 1000),
      figures: [], injection: options.injection, counterPlan: plan, underValgrind: under,
      warnings: [])
    try AtomicFiles.write(try encode(output), to: URL(fileURLWithPath: file))
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
