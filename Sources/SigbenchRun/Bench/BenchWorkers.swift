import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
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
    /// The timing budget (`TimingSample`); passed on only when not the default.
    var timedPointBudget: Int? = TimingSample.defaultBudget
    /// External strategies' manifest folders and digests (`ExternalDigests`), for a timing
    /// worker that times them in their own lanes.
    var strategyFolders: [String] = []
    var externalDigests: String?

    /// A counter worker's job for `strategies` (built-ins and library strategies, which it
    /// loads: their folders and digests passed on).
    static func counting(_ strategies: [ConfiguredStrategy], corpus: String, lanes: [BenchLane])
      -> Job
    {
      var job = Job(
        binary: BenchWorkers.selfBinary, corpus: corpus,
        strategies: StrategyResolver.specText(strategies), lanes: lanes)
      job.strategyFolders = ExternalDigests.folders(strategies)
      job.externalDigests = ExternalDigests.text(strategies)
      return job
    }
  }

  /// A fresh scratch folder for worker files under the system's temporary folder.
  static func makeScratch(_ what: LeftoverSweep.ScratchKind) throws -> URL {
    // Fixed width (kind: 5 characters, pid: 10 digits), so every worker path has one length.
    let kind = what.padded
    let pid = String(ProcessInfo.processInfo.processIdentifier)
    let paddedPID = String(repeating: "0", count: max(0, 10 - pid.count)) + pid
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-\(kind)-\(paddedPID)-\(UUID().uuidString.prefix(8))")
    CleanupRegistry.register(scratch)
    try AtomicFiles.createFolder(scratch)
    return scratch
  }

  /// Removes a scratch folder of `makeScratch` (and forgets it).
  static func removeScratch(_ scratch: URL) {
    try? FileManager.default.removeItem(at: scratch)
    CleanupRegistry.unregister(scratch)
  }

  /// util-linux `setpriv`, which starts a worker with a parent-death signal (SIGKILL), so a
  /// worker or its valgrind never outlives a killed parent. Absent elsewhere: started directly.
  static let deathSignalTool = "/usr/bin/setpriv"

  /// `path args` prefixed so that the child is killed when this process dies.
  static func diesWithParent(_ path: String, _ args: [String]) -> (String, [String]) {
    guard FileManager.default.isExecutableFile(atPath: deathSignalTool) else { return (path, args) }
    return (deathSignalTool, ["--pdeathsig", "KILL", "--", path] + args)
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
    if let b = job.timedPointBudget, b != TimingSample.defaultBudget {
      args += ["--timed-points", String(b)]
    }
    args += job.strategyFolders.flatMap { ["--strategy-dir", $0] }
    if let d = job.externalDigests { args += ["--external-digests", d] }
    try spawn(
      job.binary.path, args, stripInjection: job.stripInjection, what: "timing worker \(tag)")
    return try decode(file, what: "timing worker \(tag)")
  }

  /// Counter subset sizes per lane for `points`: a raster-lane point costs about 6,000
  /// (straight) to 62,000 (uber-weighted) instructions on svc2004, 20–130× a plain push, so
  /// that lane counts a twentieth as many points.
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

  /// Lengths in bytes of the `SIGBENCH_LAYOUT` padding variable the counter worker runs with,
  /// one callgrind run each. The padding moves the worker's initial stack pointer, which moved
  /// `straight`'s count between 936.19 and 948.18 instructions/point (1.3 %) on Corpus/fixtures
  /// with nothing else changed (pads 0–15 and 28 bytes gave the first, 16–24 and 32–96 the
  /// second): the layout effect of Mytkowicz et al., "Producing wrong data without doing
  /// anything obviously wrong!" (ASPLOS 2009). The figures are the mean over these layouts, and
  /// their spread widens the gate's counter tolerance (`GateEvaluator.compareCounters`).
  public static let counterLayouts = [0, 16, 40, 88]

  /// Name of the padding variable.
  static let layoutVariable = "SIGBENCH_LAYOUT"

  /// Runs the counter worker under callgrind once per layout of `layouts` and parses its
  /// dumps; figures are the mean over layouts with their spread. Never throws for a missing
  /// or failing valgrind: the counters are then "unavailable" with the reason.
  ///
  /// Every path the worker sees has a fixed length whatever the side, scratch folder or
  /// binary location: the binary is copied to `<scratch>/cg-<tag>/exe` and the scratch
  /// folder's name has a fixed width (`makeScratch`), so the head and base workers of a gate,
  /// and a baseline's worker, start with the same stack and heap layout.
  static func counters(
    _ job: Job, points: Int, startPoints: Int, scratch: URL, tag: String,
    layouts: [Int] = counterLayouts
  ) -> (CounterRunInfo, [CounterFigures]) {
    let sizes = subset(points)
    let subsetInfo = Dictionary(uniqueKeysWithValues: sizes.map { ($0.key.rawValue, $0.value) })
    let fixedTag = String(tag.prefix(4)).padding(toLength: 4, withPad: "_", startingAt: 0)
    let folder = scratch.appendingPathComponent("cg-\(fixedTag)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A copy, not a link: the dynamic loader resolves the executable's real folder ($ORIGIN)
    // and keeps it on the heap, so a base binary elsewhere (a copy of the same build at another
    // path) read 0.7 % fewer instructions/point than the head through a link.
    let exe = folder.appendingPathComponent("exe")
    try? FileManager.default.removeItem(at: exe)
    do {
      try FileManager.default.copyItem(at: job.binary, to: exe)
    } catch {
      return (
        CounterRunInfo(
          tool: "callgrind", command: "", subsetPoints: subsetInfo, startPoints: startPoints,
          unavailableReason:
            "cannot copy \(job.binary.path) for counting: \(SystemErrorText.reason(error))"), []
      )
    }
    let vgBase = [
      "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--compress-strings=no",
      "--compress-pos=no", "-q",
    ]
    let command =
      "env -i (sorted environment) SWIFT_DETERMINISTIC_HASHING=1 \(layoutVariable)=(padding) "
      + "valgrind " + vgBase.joined(separator: " ")
      + " --callgrind-out-file=DIR/cgN.out sigbench bench --counter-worker …"
    func unavailable(_ why: String) -> (CounterRunInfo, [CounterFigures]) {
      var info = CounterRunInfo(
        tool: "callgrind", command: command, subsetPoints: subsetInfo, startPoints: startPoints,
        unavailableReason: why)
      info.layouts = layouts
      return (info, [])
    }
    guard let valgrind = findValgrind() else {
      return unavailable("valgrind is not installed (scripts/install-deps.sh installs it)")
    }
    // One callgrind run per layout, as many at once as there are cores: each run is its own
    // process with its own counts (callgrind counts a process's instructions, whatever else the
    // machine runs), and nothing else runs during this phase.
    let outcomes = LayoutOutcomes(count: layouts.count)
    DispatchQueue.concurrentPerform(iterations: layouts.count) { i in
      let file = folder.appendingPathComponent("plan\(i).json")
      let args =
        vgBase + [
          "--callgrind-out-file=\(folder.path)/cg\(i).out", exe.path, "bench", "--counter-worker",
          file.path, "--corpus", job.corpus, "--strategies", job.strategies, "--lanes",
          job.lanes.map(\.rawValue).joined(separator: ","), "--counter-points", String(points),
          "--quiet",
        ] + job.strategyFolders.flatMap { ["--strategy-dir", $0] }
        + (job.externalDigests.map { ["--external-digests", $0] } ?? [])
      var extra = counterEnvironment
      extra[layoutVariable] = String(repeating: "x", count: layouts[i])
      let outcome: Result<[CounterFigures], LayoutFailure>
      do {
        try spawn(
          valgrind, args, stripInjection: job.stripInjection, what: "counter worker \(tag)",
          extra: extra, sortedEnvironment: true)
        let out = try decode(file, what: "counter worker \(tag)")
        if out.underValgrind != true || out.counterPlan == nil {
          outcome = .failure(LayoutFailure("the counter worker did not find itself under valgrind"))
        } else {
          let parts = CallgrindProfile.loadParts(in: folder, prefix: "cg\(i).out")
          outcome =
            parts.isEmpty
            ? .failure(LayoutFailure("callgrind wrote no labelled dumps"))
            : .success(CallgrindProfile.figures(plans: out.counterPlan!, parts: parts))
        }
      } catch {
        outcome = .failure(
          LayoutFailure("callgrind run failed: \(SystemErrorText.reason(error))"))
      }
      outcomes.set(i, outcome)
    }
    var perLayout: [[CounterFigures]] = []
    for outcome in outcomes.all {
      switch outcome {
      case .success(let figures): perLayout.append(figures)
      case .failure(let f): return unavailable(f.reason)
      case nil: return unavailable("a callgrind run did not report")
      }
    }
    var info = CounterRunInfo(
      tool: "callgrind", command: command, subsetPoints: subsetInfo, startPoints: startPoints,
      unavailableReason: nil)
    info.layouts = layouts
    return (info, CounterLayouts.mean(perLayout))
  }

  /// Why one layout's callgrind run gave no figures.
  struct LayoutFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The outcome of each layout's run, filled in by concurrent runs (one slot each).
  final class LayoutOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[CounterFigures], LayoutFailure>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ outcome: Result<[CounterFigures], LayoutFailure>) {
      lock.lock()
      slots[i] = outcome
      lock.unlock()
    }

    /// Every slot in layout order (nil where a run never reported).
    var all: [Result<[CounterFigures], LayoutFailure>?] {
      lock.lock()
      defer { lock.unlock() }
      return slots
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
    // The parent-death signal is set by `setpriv` and kept across its exec of the worker (or of
    // `env`, then valgrind): the worker's own environment and arguments are unchanged.
    let (tool, toolArgs) = diesWithParent(p.executableURL!.path, p.arguments ?? [])
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = toolArgs
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    do { try p.run() } catch {
      throw PipelineError(
        .invalidBenchmark, "\(what): cannot start \(path): \(SystemErrorText.reason(error))")
    }
    CleanupRegistry.registerChild(p.processIdentifier)
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    CleanupRegistry.unregisterChild(p.processIdentifier)
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
  /// cannot measure quality (a build from before quality was gated rejects the option, one
  /// from before external strategies rejects `--strategy-dir`). `strategyFolders`: where the
  /// external strategies among `strategies` are found, passed on as `--strategy-dir`, with
  /// the digests this process read (`--external-digests`, checked by the worker).
  static func quality(
    binary: URL, corpus: String, strategies: String, scratch: URL,
    strategyFolders: [String] = [], externalDigests: String? = nil, tag: String = "base"
  ) throws -> [String: QualityFigures] {
    let file = scratch.appendingPathComponent("quality-\(tag).json")
    try spawn(
      binary.path,
      [
        "bench", "--quality-worker", file.path, "--corpus", corpus, "--strategies", strategies,
        "--quiet",
      ] + strategyFolders.flatMap { ["--strategy-dir", $0] }
        + (externalDigests.map { ["--external-digests", $0] } ?? []), stripInjection: true,
      what: "quality worker")
    do {
      return try JSONDecoder().decode([String: QualityFigures].self, from: Data(contentsOf: file))
    } catch {
      throw PipelineError(.invalidBenchmark, "quality worker wrote no readable figures: \(error)")
    }
  }
}
