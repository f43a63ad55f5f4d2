import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchReport

/// `sigbench bench --corpus DIR`: the per-point latency benchmark on its own.
struct BenchCommand: Command {
  static let spec = CommandSpec(
    name: "bench", abstract: "Measure per-point latency and deterministic counters per strategy.",
    discussion: """
      Replays every corpus stroke sample by sample through each strategy in two lanes: smooth
      (push only) and smooth+raster (push plus the incremental canvas update, 800x300 at 2x).
      Times every point (first points and finish apart), batches of points where a point is
      too cheap for the clock, stroke-position deciles and synthetic strokes of 10 to 10,000
      samples; counts instructions and heap allocations per point under callgrind. Writes
      <out>/bench/<id>/ (bench.json, summary.md, samples.csv).
      """,
    options: [
      OptionSpec("corpus", value: "DIR", help: "Folder (or single file) of recorded strokes."),
      OptionSpec("out", value: "DIR", help: "Folder for results.", default: "Reports"),
      OptionSpec(
        "strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
      OptionSpec(
        "lanes", value: "LIST", help: "Lanes to time.", default: "smooth,smooth+raster"),
      OptionSpec(
        "repetitions", value: "N", help: "Timed passes per strategy × lane.", default: "1"),
      OptionSpec(
        "processes", value: "N", help: "Worker processes (process-level replicates).",
        default: "1"),
      OptionSpec("no-counters", help: "Skip the callgrind counter run."),
      OptionSpec(
        "counter-points", value: "N",
        help: "Counter subset: the first N points in corpus order (raster lane N/20).",
        default: "1000"),
      OptionSpec("no-synthetic", help: "Skip the synthetic strokes of 10 to 10,000 samples."),
      OptionSpec("quiet", help: "No progress lines on stderr."),
      OptionSpec("json", help: "Print bench.json on stdout."),
      OptionSpec("worker", value: "FILE", help: "(internal) Run as a timing worker writing FILE."),
      OptionSpec(
        "counter-worker", value: "FILE", help: "(internal) Run as a callgrind counter worker."),
    ])

  let corpus: String
  let out: String
  let strategiesText: String?
  var options: BenchOptions
  let processes: Int
  let counters: Bool
  let counterPoints: Int
  let json: Bool
  let worker: String?
  let counterWorker: String?

  init(_ a: ParsedArguments) throws {
    guard let c = a.value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    corpus = c
    out = a.value("out")!
    strategiesText = a.value("strategies")
    options = BenchOptions()
    do {
      options.lanes = try BenchLane.parseList(a.value("lanes")!)
      options.injection = try Injection.fromEnvironment()
    } catch {
      throw ValidationError(error.description)
    }
    options.repetitions = try BenchCommand.integer(a, "repetitions", 1...1000)
    processes = try BenchCommand.integer(a, "processes", 1...200)
    counterPoints = try BenchCommand.integer(a, "counter-points", 1...1_000_000)
    counters = !a.flag("no-counters")
    if a.flag("no-synthetic") { options.syntheticLengths = [] }
    json = a.flag("json")
    worker = a.value("worker")
    counterWorker = a.value("counter-worker")
    options.keepRaw = worker == nil && counterWorker == nil && processes == 1
  }

  /// The whole-number option `name` within `range`; `fallback` when the command has no such
  /// option value.
  static func integer(
    _ a: ParsedArguments, _ name: String, _ range: ClosedRange<Int>, fallback: Int? = nil
  ) throws -> Int {
    if a.value(name) == nil, let fallback { return fallback }
    guard let text = a.value(name), let v = Int(text), range.contains(v) else {
      throw ValidationError(
        "--\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound); "
          + "got '\(a.value(name) ?? "")'.")
    }
    return v
  }

  func run(console: Console) throws -> ExitCode {
    let session = try BenchSession(corpus: corpus, strategies: strategiesText)
    if let file = counterWorker { return try runCounterWorker(session, file) }
    if let file = worker { return try runWorker(session, file, console) }
    if BuildConfiguration.isDebug {
      console.err(
        "warning: this is a debug build; every figure is marked \"debug\" and is not "
          + "representative (build with -c release).")
    }
    if let i = options.injection {
      console.err(
        "warning: test-only injection \(Injection.environmentVariable) is active on '\(i.strategy)'"
      )
    }
    let pipeline = BenchPipeline(
      session: session, options: options, processes: processes, counters: counters,
      counterPoints: counterPoints, injection: options.injection)
    let (report, raw) = try pipeline.run(console: console)
    let folder = URL(fileURLWithPath: out).appendingPathComponent("bench")
      .appendingPathComponent(RunCommand.makeRunID(Date()))
    try BenchPipeline.write(report, raw: raw, to: folder)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      BenchCommand.printSummary(report, console)
      console.out("results: \(folder.path)")
    }
    return .success
  }

  /// One line per strategy × lane: the precise per-point figure, p99 and counters.
  static func printSummary(_ r: BenchReport, _ console: Console) {
    for f in r.figures {
      let who = "\(f.strategy) [\(f.lane.rawValue)]".padding(
        toLength: 34, withPad: " ", startingAt: 0)
      var line = "  \(who) batched p50 \(formatNanoseconds(f.batched?.p50 ?? .nan))/pt"
      if let s = f.steady {
        line += ", single p50 \(formatNanoseconds(s.p50)) p99 \(formatNanoseconds(s.p99))"
      }
      if let c = r.counters.first(where: { $0.strategy == f.strategy && $0.lane == f.lane }) {
        line +=
          ", instr/pt "
          + (c.instructionsPerPoint.map { String(format: "%.1f", $0) } ?? "unavailable")
        line +=
          ", allocs/pt "
          + (c.allocationsPerPoint.map { String(format: "%.3f", $0) } ?? "unavailable")
      }
      console.out(line + " (\(f.build))")
    }
    for w in r.warnings
    where w.hasPrefix("counters") || w.hasPrefix("debug") || w.hasPrefix("test-only") {
      console.err("warning: \(w)")
    }
  }

  func runWorker(_ session: BenchSession, _ file: String, _ console: Console) throws -> ExitCode {
    let timer = TimerCalibration.measure()
    var o = options
    o.keepRaw = false
    let figures = try session.measure(o, timer: timer, console: console).figures
    let output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: timer, figures: figures,
      injection: o.injection, counterPlan: nil, underValgrind: nil, warnings: [])
    try AtomicFiles.write(try BenchCommand.encode(output), to: URL(fileURLWithPath: file))
    return .success
  }

  func runCounterWorker(_ session: BenchSession, _ file: String) throws -> ExitCode {
    let sizes = BenchWorkers.subset(counterPoints)
    var workloads: [BenchLane: BenchWorkload] = [:]
    for lane in options.lanes { workloads[lane] = session.workload.prefix(points: sizes[lane]!) }
    let under = CounterProbe.underValgrind
    let plan = CounterProbe(startPoints: options.startPoints, injection: options.injection).run(
      session.strategies, lanes: options.lanes, workloads: workloads)
    let output = WorkerOutput(
      machine: MachineFingerprint.current(), timer: TimerCalibration.measure(rounds: 1000),
      figures: [], injection: options.injection, counterPlan: plan, underValgrind: under,
      warnings: [])
    try AtomicFiles.write(try BenchCommand.encode(output), to: URL(fileURLWithPath: file))
    return .success
  }

  static func encode(_ o: WorkerOutput) throws -> Data {
    let e = JSONEncoder()
    e.outputFormatting = [.sortedKeys]
    return try e.encode(o)
  }
}
