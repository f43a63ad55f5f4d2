import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchReport
import SigbenchResults

/// The named steps of `GateRunner.run`, in order.
extension GateRunner {
  /// Step 1's report: the sides' machines, provenance, timers, settings and worker order.
  func startReport(_ sides: Sides) -> GateReport {
    let ab = config.baseBinary != nil
    var report = GateReport(
      tool: ToolInfo.name, createdAt: RunFolder.timestamp(), mode: ab ? "a/b" : "baseline",
      baselineName: config.baselineName, baseBinary: config.baseBinary,
      machine: MachineFingerprint.current(),
      baseMachine: ab ? sides.baseMachine : config.baseline?.machine,
      provenance: session.provenance, baseProvenance: config.baseline?.provenance,
      corpus: session.corpus, headTimers: sides.headTimers, baseTimers: sides.baseTimers,
      settings: config.settings, processesPerSide: config.processes, order: sides.order,
      orderSeed: config.orderSeed)
    report.injection = config.injection
    report.repetitions = config.repetitions
    report.acknowledgements = config.baseline?.acknowledgements ?? []
    return report
  }

  /// Step 2: the noise floor to widen thresholds with, `nil` when none was given or it does
  /// not fit this machine and corpus (then a warning says why).
  func applyNoiseFloor(to report: inout GateReport) -> NoiseFloor? {
    guard let n = config.noiseFloor else { return nil }
    var why = n.incompatibility(machine: report.machine, corpusChecksum: session.corpus.checksum)
    if why == nil, n.replicates.isEmpty { why = "it holds no figures" }
    report.noiseFloor = GateReport.NoiseFloorUse(
      name: n.name, createdAt: n.createdAt, processes: n.processes,
      commit: n.provenance.gitCommit, status: why.map { "not used: \($0)" } ?? "used")
    guard let why else { return n }
    report.warnings.append(
      ResultWarning(
        .noiseFloorUnused,
        text: "noise floor '\(n.name)' not used (\(why)); thresholds are the configured ones"))
    return nil
  }

  /// The base side's replicates: the base workers' (A/B), or the stored baseline's when it
  /// was measured on this machine and corpus; sets `timingStatus` either way.
  func baseReplicates(_ sides: Sides, _ report: inout GateReport) -> [ReplicateSet] {
    if config.baseBinary != nil {
      report.timingStatus = "compared (same-job A/B)"
      return ReplicateSet.collect(sides.base)
    }
    guard let b = config.baseline else { return [] }
    if let why = b.timingIncompatibility(
      machine: report.machine, corpusChecksum: session.corpus.checksum)
    {
      report.timingStatus = "incompatible: \(why)"
      return []
    }
    report.timingStatus = "compared (stored baseline '\(b.name)')"
    return b.replicates
  }

  /// Step 3: head against base per strategy × lane × metric; a regression the baseline
  /// acknowledges is reported as such; flagged regressions are re-measured (`confirm`).
  func compareTiming(
    _ sides: Sides, noise: NoiseFloor?, into report: inout GateReport, scratch: URL,
    progress: ProgressHandler
  ) throws {
    let headSets = ReplicateSet.collect(sides.head)
    let baseSets = baseReplicates(sides, &report)
    guard !baseSets.isEmpty else { return }
    report.timing = GateEvaluator.compareTiming(
      head: headSets, base: baseSets, settings: config.settings, noise: noise)
    for i in report.timing.indices where report.timing[i].verdict == .regressed {
      let t = report.timing[i]
      if let a = acknowledgement(t.strategy, t.lane, t.metric.rawValue, config.baseline) {
        report.timing[i].verdict = .acknowledged
        report.timing[i].acknowledgement = a
      }
    }
    try confirm(&report, noise: noise, scratch: scratch, progress: progress)
    let missing = Set(baseSets.map(\.strategy)).symmetricDifference(Set(headSets.map(\.strategy)))
    if !missing.isEmpty {
      report.warnings.append(
        ResultWarning(
          .oneSided,
          text: "strategies on one side only (not compared): "
            + missing.sorted().joined(separator: ", ")))
    }
  }

  /// Step 6: the exit code (by the shared precedence) and the outcome's words.
  func decideOutcome(_ report: inout GateReport) {
    let overBudget = report.budgets.contains { $0.verdict == .overBudget }
    var codes: [ExitCode] = []
    if !report.confirmedTimingRegressions.isEmpty || !report.counterRegressions.isEmpty
      || !report.qualityRegressions.isEmpty || (config.enforceBudget && overBudget)
    {
      codes.append(.confirmedRegression)
    }
    let countersCompared = report.counters.contains { $0.verdict != .unavailable }
    let qualityCompared = (report.quality ?? []).contains { $0.verdict != .unavailable }
    if report.timing.isEmpty && !countersCompared && !qualityCompared {
      codes.append(.baselineUnusable)
    }
    let unsettled = report.timing.contains {
      $0.verdict == .inconclusive || $0.verdict == .notConfirmed
    }
    if config.failOnInconclusive && unsettled { codes.append(.inconclusive) }
    // An external strategy whose comparison was refused: its baseline does not fit it.
    if (report.externalStrategies ?? []).contains(where: \.refused) {
      codes.append(.baselineUnusable)
    }
    if !(report.failedCells ?? []).isEmpty { codes.append(.invalidBenchmark) }
    let code = ExitCode.combine(codes)
    report.sensitivity = GateSensitivity.of(report)
    report.exitCode = code.rawValue
    report.outcome = GateRunner.outcome(code)
    let refused = (report.externalStrategies ?? []).filter(\.refused).map(\.strategy)
    if code == .baselineUnusable, !refused.isEmpty {
      report.outcome =
        "baseline incompatible for \(refused.joined(separator: ", ")): changed since the "
        + "baseline (comparison refused)"
    }
    if let failed = report.failedCells, !failed.isEmpty {
      report.outcome =
        "FAIL: \(failed.count) failed cell(s)"
        + (codes.contains(.confirmedRegression) ? ", and confirmed regressions" : "")
    }
    if !config.enforceBudget && overBudget {
      report.warnings.append(
        ResultWarning(.budgetReportOnly, text: "over budget (reported only: --budget-report-only)"))
    }
  }

  /// Step 7: `<out>/gates/<id>/gate.json` and `gate.md`, both atomic; the Markdown is also
  /// appended to `$GITHUB_STEP_SUMMARY` when set. Returns the folder.
  func write(_ report: GateReport, started: Date) throws -> URL {
    let gates = URL(fileURLWithPath: config.outDir).appendingPathComponent("gates")
    try OutputLinks.refuseLink(gates)
    let folder = gates.appendingPathComponent(RunFolder.makeID(started))
    try AtomicFiles.write(try report.encoded(), to: folder.appendingPathComponent("gate.json"))
    let md = GateMarkdown.render(report)
    try AtomicFiles.write(Data(md.utf8), to: folder.appendingPathComponent("gate.md"))
    if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty,
      let h = FileHandle(forWritingAtPath: summary)
    {
      h.seekToEndOfFile()
      h.write(Data((md + "\n").utf8))
      try? h.close()
    }
    return folder
  }
}
