import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults

/// Worker processes: the benchmark re-run as `sigbench bench --worker FILE` (timing) or
/// `sigbench bench --counter-worker FILE` under callgrind (counters). Process-level replicates
/// are what the gate's statistics need (samples inside one process are not independent).
public enum BenchWorkers {
  /// This executable, for spawning head workers.
  public static var selfBinary: URL {
    if let p = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(fileURLWithPath: p)
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
  }

  /// What a worker is asked to do.
  struct Job {
    var binary: URL
    var corpus: String
    var strategies: String
    var lanes: [BenchLane]
    var repetitions: Int = 1
    var synthetic = false
    /// Time non-incremental strategies in every lane and on every synthetic length too.
    var costlyCases = false
    /// Remove `SIGBENCH_INJECT` from the worker's environment (every base-binary worker).
    var stripInjection = false
    /// Ask the worker to return its raw figures (for `samples.csv`).
    var keepRaw = false
  }

  /// A fresh scratch folder for worker files under the system's temporary folder.
  static func makeScratch(_ what: String) throws -> URL {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-\(what)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    )
    try AtomicFiles.createFolder(scratch)
    return scratch
  }

  /// Runs one timing worker and decodes what it wrote. Exit 3 when it fails or writes nonsense.
  static func timing(_ job: Job, scratch: URL, tag: String) throws -> WorkerOutput {
    let file = scratch.appendingPathComponent("worker-\(tag).json")
    var args = [
      "bench", "--worker", file.path, "--corpus", job.corpus, "--strategies", job.strategies,
      "--lanes", job.lanes.map(\.rawValue).joined(separator: ","), "--repetitions",
      String(job.repetitions), "--quiet",
    ]
    if !job.synthetic { args.append("--no-synthetic") }
    if job.costlyCases { args.append("--costly-cases") }
    if job.keepRaw { args.append("--keep-raw") }
    try spawn(
      job.binary.path, args, stripInjection: job.stripInjection, what: "timing worker \(tag)")
    return try decode(file, what: "timing worker \(tag)")
  }

  /// Counter subset sizes per lane for `points`: the raster lane costs ~500,000 instructions a
  /// point (~600× a plain push), so it counts a twentieth as many points.
  public static func subset(_ points: Int) -> [BenchLane: Int] {
    [.smooth: points, .smoothRaster: max(10, points / 20)]
  }

  /// The valgrind executable on PATH, if any.
  static func findValgrind() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/valgrind"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs the counter worker under callgrind and parses its dumps. Never throws for a missing
  /// or failing valgrind: the counters are then "unavailable" with the reason.
  static func counters(_ job: Job, points: Int, startPoints: Int, scratch: URL, tag: String)
    -> (CounterRunInfo, [CounterFigures])
  {
    let sizes = subset(points)
    let subsetInfo = Dictionary(uniqueKeysWithValues: sizes.map { ($0.key.rawValue, $0.value) })
    let folder = scratch.appendingPathComponent("callgrind-\(tag)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let vgArgs = [
      "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--compress-strings=no",
      "--compress-pos=no", "-q", "--callgrind-out-file=\(folder.path)/cg.out",
    ]
    let command =
      "env -i (sorted environment) SWIFT_DETERMINISTIC_HASHING=1 valgrind "
      + vgArgs.dropLast().joined(separator: " ")
      + " --callgrind-out-file=DIR/cg.out sigbench bench --counter-worker …"
    func unavailable(_ why: String) -> (CounterRunInfo, [CounterFigures]) {
      (
        CounterRunInfo(
          tool: "callgrind", command: command, subsetPoints: subsetInfo, startPoints: startPoints,
          unavailableReason: why), []
      )
    }
    guard let valgrind = findValgrind() else {
      return unavailable("valgrind is not installed (scripts/install-deps.sh installs it)")
    }
    let file = folder.appendingPathComponent("plan.json")
    let args =
      vgArgs + [
        job.binary.path, "bench", "--counter-worker", file.path, "--corpus", job.corpus,
        "--strategies", job.strategies, "--lanes", job.lanes.map(\.rawValue).joined(separator: ","),
        "--counter-points", String(points), "--quiet",
      ]
    do {
      try spawn(
        valgrind, args, stripInjection: job.stripInjection, what: "counter worker \(tag)",
        extra: counterEnvironment, sortedEnvironment: true)
      let out = try decode(file, what: "counter worker \(tag)")
      guard out.underValgrind == true, let plan = out.counterPlan else {
        return unavailable("the counter worker did not find itself under valgrind")
      }
      let parts = CallgrindProfile.loadParts(in: folder, prefix: "cg.out")
      let figures = CallgrindProfile.figures(plans: plan, parts: parts)
      return (
        CounterRunInfo(
          tool: "callgrind", command: command, subsetPoints: subsetInfo, startPoints: startPoints,
          unavailableReason: parts.isEmpty ? "callgrind wrote no labelled dumps" : nil), figures
      )
    } catch {
      return unavailable("callgrind run failed: \(error)")
    }
  }

  /// Environment of every counter worker: Swift's per-process random hashing seed made fixed.
  static let counterEnvironment = ["SWIFT_DETERMINISTIC_HASHING": "1"]

  /// The executable that starts a counter worker with its environment in sorted order
  /// (`env -i K=V … valgrind …`), when present. The order of the environment moved the
  /// replay's instruction count: the same worker read 921.18 instructions/point with its
  /// variables sorted and 909.19 with them reversed (1.3 %, beyond the gate's ±1 % band), and
  /// `Process` passes them in the order of a randomly seeded dictionary, so one build measured
  /// against itself read 907.2, 909.2 or 921.2 from run to run.
  static let envTool = "/usr/bin/env"

  /// Stands in for `SIGBENCH_INJECT` in a base counter worker's sorted environment, with a
  /// value of the same length, so head and base workers differ only in its contents: without
  /// it, the knob's presence on the head side alone moved an uninjected strategy's count by
  /// the same 1.3 % (909.19 vs 921.18), and the self-test flagged the wrong strategy.
  static let injectionPlaceholder = "SIGBENCH_INJECX"

  /// Runs `path args` with `extra` added to the environment, waits, and throws exit 3 with the
  /// tail of stderr on failure. With `sortedEnvironment` (and `envTool` present), the child
  /// gets its environment in sorted order.
  static func spawn(
    _ path: String, _ args: [String], stripInjection: Bool, what: String,
    extra: [String: String] = [:], sortedEnvironment: Bool = false
  ) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    var env = ProcessInfo.processInfo.environment
    if stripInjection, let knob = env.removeValue(forKey: Injection.environmentVariable),
      sortedEnvironment
    {
      // Keep the environment's layout: a placeholder of the same size where the knob was.
      env[injectionPlaceholder] = String(repeating: "x", count: knob.utf8.count)
    }
    env.merge(extra) { _, new in new }
    p.environment = env
    if sortedEnvironment && FileManager.default.isExecutableFile(atPath: envTool) {
      p.executableURL = URL(fileURLWithPath: envTool)
      p.arguments = ["-i"] + env.map { "\($0.key)=\($0.value)" }.sorted() + [path] + args
      p.environment = [:]
    }
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    do { try p.run() } catch {
      throw PipelineError(.invalidBenchmark, "\(what): cannot start \(path): \(error)")
    }
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationReason == .exit, p.terminationStatus == 0 else {
      let tail = String(decoding: e, as: UTF8.self).split(separator: "\n").suffix(5)
        .joined(separator: " | ")
      throw PipelineError(
        .invalidBenchmark,
        "\(what) failed (status \(p.terminationStatus)): \(tail.isEmpty ? "no message" : tail)")
    }
  }

  static func decode(_ file: URL, what: String) throws -> WorkerOutput {
    do {
      let out = try JSONDecoder().decode(WorkerOutput.self, from: Data(contentsOf: file))
      for f in out.figures {
        for (k, v) in f.gateMetrics where !(v.isFinite && v > 0) {
          throw PipelineError(.invalidBenchmark, "\(what): \(f.strategy) \(k.rawValue) is \(v)")
        }
      }
      return out
    } catch let e as PipelineError {
      throw e
    } catch {
      throw PipelineError(.invalidBenchmark, "\(what) wrote no readable result: \(error)")
    }
  }

  /// Runs `binary bench --quality-worker FILE` and reads its figures. Throws when the binary
  /// cannot measure quality (a build from before quality was gated rejects the option).
  static func quality(binary: URL, corpus: String, strategies: String, scratch: URL) throws
    -> [String: QualityFigures]
  {
    let file = scratch.appendingPathComponent("quality-base.json")
    try spawn(
      binary.path,
      [
        "bench", "--quality-worker", file.path, "--corpus", corpus, "--strategies", strategies,
        "--quiet",
      ], stripInjection: true, what: "quality worker")
    do {
      return try JSONDecoder().decode([String: QualityFigures].self, from: Data(contentsOf: file))
    } catch {
      throw PipelineError(.invalidBenchmark, "quality worker wrote no readable figures: \(error)")
    }
  }
}
