import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchReport
import SigbenchResults

/// The regression gate, shared by `gate` and `run --baseline`.
///
/// Timing: process-level replicates, either against a stored baseline from the same machine
/// or same-job A/B (head and `--base-binary` workers interleaved in a seeded random order);
/// Mann–Whitney U + bootstrap interval + multiple-comparison correction + thresholds per
/// metric; a flagged regression is re-measured once before it fails. Counters: deterministic
/// ±1 % and new-steady-allocation rules. Budgets: p99 against the 240 Hz sample period.
public struct GateRunner: Sendable {
  /// The corpus and strategies; `run --baseline` sets the run's own session.
  public var session: BenchSession
  /// Everything but the corpus: sides, thresholds, processes, the loaded baseline.
  public var config: GateConfiguration

  public init(session: BenchSession, configuration: GateConfiguration) {
    self.session = session
    self.config = configuration
    // Timed passes per worker follow the corpus size (`BenchOptions.gateRepetitions`).
    config.repetitions = BenchOptions.gateRepetitions(points: session.corpus.points)
  }

  /// Runs the gate, writes gate.json and gate.md, and returns the report and its folder: the
  /// steps of ARCHITECTURE.md's "The gate", each a function of `GateRunner+Phases.swift`.
  public func run(progress: ProgressHandler) throws -> (GateReport, URL) {
    let started = Date()
    let scratch = try BenchWorkers.makeScratch(.gate)
    defer { BenchWorkers.removeScratch(scratch) }
    // 1. Timing replicates: head workers, and base workers in A/B mode.
    let sides = try measure(
      session.strategiesText, scratch: scratch, round: "r1", progress: progress)
    var report = startReport(sides)
    // 2. The noise floor, when it fits this machine and corpus.
    let noise = applyNoiseFloor(to: &report)
    // 3. Timing compared per strategy × lane × metric; regressions re-measured once.
    try compareTiming(sides, noise: noise, into: &report, scratch: scratch, progress: progress)
    report.budgets = GateEvaluator.budgets(sides.head, limit: config.settings.budgetP99Fraction)
    // 4. Counters (callgrind).
    runCounters(&report, baseline: config.baseline, scratch: scratch, progress: progress)
    // 5. Quality (deterministic: any machine, same corpus).
    runQuality(&report, scratch: scratch, progress: progress)
    // 6. The outcome and its exit code.
    decideOutcome(&report)
    report.seconds = Date().timeIntervalSince(started)
    // 7. gate.json, gate.md (and the CI step summary).
    return (report, try write(report, started: started))
  }

  static func outcome(_ code: ExitCode) -> String {
    switch code {
    case .success: return "pass"
    case .confirmedRegression: return "FAIL: confirmed regression"
    case .baselineUnusable: return "baseline incompatible: nothing could be compared"
    case .inconclusive: return "inconclusive"
    default: return code.meaning
    }
  }

  func acknowledgement(_ strategy: String, _ lane: BenchLane?, _ metric: String, _ b: Baseline?)
    -> String?
  {
    let id = session.strategies.first { $0.label == strategy }?.id ?? strategy
    return b?.acknowledgements.first {
      $0.covers(strategy: strategy, id: id, lane: lane, metric: metric)
    }?.reason
  }

  /// Timing replicates of both sides. In A/B mode head and base workers run interleaved in a
  /// random order drawn from `config.orderSeed`; in baseline mode only head workers run.
  struct Sides {
    var head: [[LaneFigures]] = []
    var base: [[LaneFigures]] = []
    var headTimers: [TimerCalibration] = []
    var baseTimers: [TimerCalibration] = []
    var baseMachine: MachineFingerprint?
    var order: [GateSide] = []
  }

  func measure(_ strategies: String, scratch: URL, round: String, progress: ProgressHandler)
    throws -> Sides
  {
    var schedule = [GateSide](repeating: .head, count: config.processes)
    if config.baseBinary != nil {
      schedule += [GateSide](repeating: .base, count: config.processes)
    }
    var rng = SeededGenerator(seed: config.orderSeed &+ (round == "r1" ? 0 : 1))
    schedule.shuffle(using: &rng)
    var sides = Sides()
    sides.order = schedule
    for (i, side) in schedule.enumerated() {
      var job = BenchWorkers.Job(
        binary: side == .head
          ? BenchWorkers.selfBinary : URL(fileURLWithPath: config.baseBinary!),
        corpus: session.corpusPath, strategies: strategies, lanes: config.lanes)
      job.stripInjection = side == .base
      job.repetitions = config.repetitions
      progress(.note("gate \(round): worker \(i + 1)/\(schedule.count) (\(side.rawValue))"))
      let out = try BenchWorkers.timing(
        job, scratch: scratch, tag: "\(round)-\(i)-\(side.rawValue)")
      if side == .head {
        sides.head.append(out.figures)
        sides.headTimers.append(out.timer)
      } else {
        sides.base.append(out.figures)
        sides.baseTimers.append(out.timer)
        sides.baseMachine = out.machine
      }
    }
    return sides
  }

  /// Re-measures the strategies with a flagged regression in fresh config.processes; a flag that does
  /// not reproduce becomes "not confirmed".
  func confirm(
    _ report: inout GateReport, noise: NoiseFloor?, scratch: URL, progress: ProgressHandler
  )
    throws
  {
    let flagged = report.timing.indices.filter { report.timing[$0].verdict == .regressed }
    guard !flagged.isEmpty else { return }
    let labels = Array(Set(flagged.map { report.timing[$0].strategy })).sorted()
    // The reference always runs too: the ratio metrics divide by it in the same process.
    let specs = session.strategies.enumerated().filter { i, s in i == 0 || labels.contains(s.label)
    }
    .map(\.element.label)
    progress(.note("gate: re-measuring \(labels.joined(separator: ", ")) to confirm"))
    let again = try measure(
      specs.joined(separator: ","), scratch: scratch, round: "r2", progress: progress)
    let keys = Set(flagged.map { report.timing[$0].key })
    let head = ReplicateSet.collect(again.head).filter { keys.contains($0.key) }
    let base =
      config.baseBinary != nil
      ? ReplicateSet.collect(again.base).filter { keys.contains($0.key) }
      : report.timing.filter { keys.contains($0.key) }
        .map {
          ReplicateSet(strategy: $0.strategy, lane: $0.lane, metric: $0.metric, values: $0.base)
        }
    let second = GateEvaluator.compareTiming(
      head: head, base: base, settings: config.settings, noise: noise)
    for i in flagged {
      let c = report.timing[i]
      guard
        let s = second.first(where: {
          $0.strategy == c.strategy && $0.lane == c.lane && $0.metric == c.metric
        })
      else { continue }
      report.timing[i].confirmation = TimingComparison.Confirmation(
        verdict: s.verdict, head: s.head, base: s.base, pAdjusted: s.pAdjusted, ratio: s.ratio)
      if s.verdict != .regressed { report.timing[i].verdict = .notConfirmed }
    }
  }

  /// Step 4: instructions and allocations per point under callgrind, head against the base
  /// binary's (measured now) or the baseline's (stored; same machine class and corpus).
  func runCounters(
    _ report: inout GateReport, baseline: Baseline?, scratch: URL, progress: ProgressHandler
  ) {
    guard config.counters else {
      report.counterStatus = "not measured (--no-counters)"
      return
    }
    progress(.note("gate: counting instructions and allocations under callgrind"))
    let job = BenchWorkers.Job(
      binary: BenchWorkers.selfBinary, corpus: session.corpusPath,
      strategies: session.strategiesText, lanes: config.lanes)
    let (headRun, headCounters) = BenchWorkers.counters(
      job, points: config.counterPoints, startPoints: BenchOptions().startPoints, scratch: scratch,
      tag: GateSide.head.rawValue)
    if let why = headRun.unavailableReason {
      report.counterStatus = "unavailable: \(why)"
      return
    }
    guard let base = baseCounters(job, headRun: headRun, &report, scratch: scratch) else { return }
    report.counters = GateEvaluator.compareCounters(
      head: headCounters, base: base, tolerance: config.settings.instructionTolerance)
    if BuildConfiguration.isDebug
      && headCounters.contains(where: { ($0.steadyAllocations ?? 0) > 0 })
    {
      // Measured: the knob's parsing alone moved an uninjected strategy by +1.8 % in a debug build.
      report.warnings.append(
        ResultWarning(
          .debugCounters,
          text: "debug build: pushes allocate, and malloc's instruction count follows the heap's "
            + "history, so instructions/point can move by a few % without a code change; gate "
            + "release builds"))
    }
    for i in report.counters.indices where report.counters[i].verdict == .regressed {
      let c = report.counters[i]
      if let a = acknowledgement(c.strategy, c.lane, c.metric.rawValue, config.baseline) {
        report.counters[i].verdict = .acknowledged
        report.counters[i].acknowledgement = a
      }
    }
  }

  /// The base side's counters: the base binary's, counted now (injection stripped), or the
  /// baseline's when comparable; `nil` (with `counterStatus` saying why) when there are none.
  func baseCounters(
    _ head: BenchWorkers.Job, headRun: CounterRunInfo, _ report: inout GateReport, scratch: URL
  ) -> [CounterFigures]? {
    if let bin = config.baseBinary {
      var job = head
      job.binary = URL(fileURLWithPath: bin)
      job.stripInjection = true
      let (baseRun, counters) = BenchWorkers.counters(
        job, points: config.counterPoints, startPoints: BenchOptions().startPoints,
        scratch: scratch, tag: GateSide.base.rawValue)
      if let why = baseRun.unavailableReason {
        report.counterStatus = "unavailable on the base side: \(why)"
        return nil
      }
      report.counterStatus = "compared (same-job A/B)"
      return counters
    }
    guard let b = config.baseline else { return [] }
    if let why = b.counterIncompatibility(
      machine: report.machine, corpusChecksum: session.corpus.checksum, run: headRun)
    {
      report.counterStatus = "incompatible: \(why)"
      return nil
    }
    if let why = b.counterRun.unavailableReason {
      report.counterStatus = "unavailable in the baseline: \(why)"
      return nil
    }
    report.counterStatus = "compared (stored baseline '\(b.name)')"
    return b.counters
  }

  /// Step 5: this build's quality against the base binary's (measured now by its quality
  /// worker) or the baseline's (stored; same corpus checksum needed, any machine).
  func runQuality(_ report: inout GateReport, scratch: URL, progress: ProgressHandler) {
    guard var base = baseQuality(&report, scratch: scratch, progress: progress) else { return }
    base = withExternal(base, &report, scratch: scratch, progress: progress)
    progress(.note("gate: measuring quality"))
    var head: [String: QualityFigures]
    var failed = config.headFailedCells
    if let given = config.headQuality {
      head = given
    } else {
      let m = QualityRun.measureCells(
        session.drawings, strategies: session.strategies, injection: config.injection)
      (head, failed) = (m.figures, m.failed)
    }
    if !failed.isEmpty { report.failedCells = failed.map(\.text) }
    var comparisons = QualityEvaluator.compare(head: head, base: base, settings: config.settings)
    for i in comparisons.indices where comparisons[i].verdict == .regressed {
      if let a = acknowledgement(
        comparisons[i].strategy, nil, comparisons[i].metric, config.baseline)
      {
        comparisons[i].verdict = .acknowledged
        comparisons[i].acknowledgement = a
      }
    }
    report.quality = comparisons
  }

  /// The base side's quality figures, or `nil` (with `qualityStatus` saying why, or nothing
  /// to compare with).
  func baseQuality(_ report: inout GateReport, scratch: URL, progress: ProgressHandler)
    -> [String: QualityFigures]?
  {
    if let bin = config.baseBinary {
      progress(.note("gate: measuring quality of the base binary"))
      do {
        let base = try BenchWorkers.quality(
          binary: URL(fileURLWithPath: bin), corpus: session.corpusPath,
          strategies: session.strategiesText, scratch: scratch)
        report.qualityStatus = "compared (same-job A/B)"
        return base
      } catch {
        report.qualityStatus = "unavailable on the base side: \(error)"
        return nil
      }
    }
    guard let b = config.baseline else { return nil }
    guard let stored = b.quality else {
      report.qualityStatus = "unavailable in the baseline (saved before quality was gated)"
      return nil
    }
    guard b.corpus.checksum == session.corpus.checksum else {
      report.qualityStatus =
        "incompatible: corpus checksum differs (\(b.corpus.checksum) vs "
        + "\(session.corpus.checksum))"
      return nil
    }
    report.qualityStatus = "compared (stored baseline '\(b.name)', any machine)"
    return stored
  }
}
