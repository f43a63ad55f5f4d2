import Foundation
import SigbenchBench
import SigbenchCore

/// The whole benchmark as `bench`, `run` and `baseline save` perform it: timing (in this
/// process, or in N worker processes), then the counters under callgrind, assembled into one
/// `BenchReport`.
struct BenchPipeline {
  var session: BenchSession
  var options: BenchOptions
  var processes = 1
  var counters = true
  /// Why counters are skipped when `counters` is false.
  var skipReason = "not measured (--no-counters)"
  var counterPoints = 1000
  var injection: Injection?

  /// Runs everything; `raw` holds the raw series when `options.keepRaw` and measured in-process.
  func run(console: Console) throws -> (report: BenchReport, raw: [PointBenchmark.RawSeries]) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var perProcess: [[LaneFigures]] = []
    var raw: [PointBenchmark.RawSeries] = []
    var timer: TimerCalibration
    if processes <= 1 {
      timer = TimerCalibration.measure()
      let measured = try session.measure(options, timer: timer, console: console)
      perProcess = [measured.figures]
      raw = measured.raw
    } else {
      var job = BenchWorkers.Job(
        binary: BenchWorkers.selfBinary, corpus: session.corpusPath,
        strategies: session.strategiesText, lanes: options.lanes)
      job.repetitions = options.repetitions
      var timers: [TimerCalibration] = []
      for i in 0..<processes {
        job.synthetic = i == 0 && !options.syntheticLengths.isEmpty
        console.note("timing worker \(i + 1)/\(processes)")
        let out = try BenchWorkers.timing(job, scratch: scratch, tag: "\(i)")
        perProcess.append(out.figures)
        timers.append(out.timer)
      }
      timer = timers[0]
    }
    var counterRun = CounterRunInfo(
      tool: "callgrind", command: "", subsetPoints: [:], startPoints: options.startPoints,
      unavailableReason: skipReason)
    var counterFigures: [CounterFigures] = []
    if counters {
      console.note("counting instructions and allocations under callgrind")
      let job = BenchWorkers.Job(
        binary: BenchWorkers.selfBinary, corpus: session.corpusPath,
        strategies: session.strategiesText, lanes: options.lanes)
      (counterRun, counterFigures) = BenchWorkers.counters(
        job, points: counterPoints, startPoints: options.startPoints, scratch: scratch, tag: "head")
    }
    let figures = perProcess[0]
    let report = BenchReport(
      tool: "sigbench \(SigbenchMain.version)", createdAt: BenchSession.now(),
      machine: MachineFingerprint.current(), provenance: session.provenance,
      corpus: session.corpus, timer: timer, options: options, processes: max(1, processes),
      figures: figures, replicates: ReplicateSet.collect(perProcess), counters: counterFigures,
      counterRun: counterRun, injection: injection,
      warnings: BenchWarnings.collect(figures, counters: counterRun, injection: injection))
    return (report, raw)
  }

  /// Writes bench.json, summary.md and (when kept) samples.csv into `folder`.
  static func write(_ report: BenchReport, raw: [PointBenchmark.RawSeries], to folder: URL) throws {
    try AtomicFiles.write(try report.encoded(), to: folder.appendingPathComponent("bench.json"))
    try AtomicFiles.write(
      Data(BenchMarkdown.render(report).utf8), to: folder.appendingPathComponent("summary.md"))
    if !raw.isEmpty {
      try AtomicFiles.write(
        Data(RawSamplesCSV.render(raw).utf8), to: folder.appendingPathComponent("samples.csv"))
    }
  }
}
