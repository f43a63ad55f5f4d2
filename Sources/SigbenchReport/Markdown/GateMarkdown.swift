import SigbenchCore
import SigbenchResults

/// The gate's Markdown summary (for a CI step summary): outcome, every verdict with its
/// evidence, and the calibration and fingerprints the verdicts rest on.
public enum GateMarkdown {
  public static func render(_ r: GateReport) -> String {
    typealias F = MarkdownFormat
    var o = "## sigbench gate: \(r.outcome)\n\n"
    o += verdictCounts(r)
    o += failedCells(r)
    o += sensitivity(r)
    o += "Mode **\(r.mode)**"
    if let b = r.baselineName { o += ", baseline `\(b)`" }
    if let b = r.baseBinary { o += ", base binary `\(b)`" }
    o += "; \(r.processesPerSide) processes per side"
    if let n = r.repetitions { o += ", \(n) timed passes each" }
    o += "; exit code \(r.exitCode).\n\n"
    if let inj = r.injection {
      o += "> **Test-only injection active** (`SIGBENCH_INJECT`): strategy `\(inj.strategy)`"
      if let t = inj.timePercent { o += ", +\(t) % time" }
      if let s = inj.spins { o += ", \(s) spin rounds" }
      if let f = inj.failStage { o += ", every cell fails at \(f)" }
      o += ". Head processes only.\n\n"
    }
    o += "### Timing: \(r.timingStatus)\n\n"
    if !r.timing.isEmpty {
      o +=
        "| strategy | lane | metric | base median | head median | head/base [\(Int(r.settings.confidence * 100)) % CI] "
      o += "| p (adj.) | threshold | n | verdict |\n|---|---|---|---|---|---|---|---|---|---|\n"
      for c in r.timing {
        let ci =
          c.ratio.map { "\(F.ratio($0.estimate)) [\(F.ratio($0.lower)), \(F.ratio($0.upper))]" }
          ?? "–"
        var verdict = "**\(c.verdict.rawValue)**"
        if GateSensitivity.isInformational(c) {
          verdict = "informational (the reference to itself)"
        }
        if let conf = c.confirmation { verdict += " (re-measured: \(conf.verdict.rawValue))" }
        if let a = c.acknowledgement { verdict += " — acknowledged: \(F.cell(a))" }
        // A ratio metric (to the reference strategy in the same process) has no unit.
        let isRatio = c.metric.isRatio
        func value(_ v: Double?) -> String { isRatio ? F.ratio(v) : F.ns(v) }
        o +=
          "| \(F.cell(c.strategy)) | \(c.lane.rawValue) | \(c.metric.rawValue) | \(value(c.baseMedian)) "
        o += "| \(value(c.headMedian)) | \(ci) | \(F.p(c.pValue)) (\(F.p(c.pAdjusted))) "
        let source = c.thresholdSource.isEmpty ? c.threshold.source : c.thresholdSource
        o += "| ±\(F.ratio(c.effectiveThreshold * 100))% (\(F.cell(source))) "
        o += "| \(c.head.count)/\(c.base.count) | \(verdict) |\n"
      }
      o += "\nU test: \(r.timing.first?.testMethod ?? "–"); \(r.settings.correction.rawValue) "
      o +=
        "correction over \(r.timing.first?.comparisons ?? 0) comparisons, α = \(r.settings.alpha); "
      o += "bootstrap \(r.settings.resamples) resamples, seed \(r.settings.seed). Regressed only "
      o += "when significant after correction and the whole interval lies beyond the threshold; "
      o += "a flagged regression is re-measured once before it fails.\n\n"
    }
    o += noiseSection(r)
    o += "### Counters: \(r.counterStatus)\n\n"
    if !r.counters.isEmpty {
      o +=
        "| strategy | lane | counter | base | head | head/base | verdict |\n|---|---|---|---|---|---|---|\n"
      for c in r.counters {
        var verdict = "**\(c.verdict.rawValue)**"
        if let h = c.hint { verdict += " — \(F.cell(h))" }
        if let a = c.acknowledgement { verdict += " — acknowledged: \(F.cell(a))" }
        o += "| \(F.cell(c.strategy)) | \(c.lane.rawValue) | \(c.metric) | \(F.count(c.base)) "
        o += "| \(F.count(c.head)) | \(F.ratio(c.ratio)) | \(verdict) |\n"
      }
      o += "\n"
    }
    o += quality(r)
    o += external(r)
    if !r.budgets.isEmpty {
      o += "### Ink budget (240 Hz sample period = 4.17 ms)\n\n"
      o +=
        "Informational unless the gate enforces budgets: \"would drop a sample\" never fails it.\n\n"
      o +=
        "| strategy | lane | p99 / period | limit | verdict | would drop a sample |\n|---|---|---|---|---|---|\n"
      for b in r.budgets {
        o += "| \(F.cell(b.strategy)) | \(b.lane.rawValue) | \(F.ratio(b.p99FractionOfPeriod)) "
        o += "| \(F.ratio(b.limit)) | \(b.verdict.rawValue) "
        o +=
          "| \(b.wouldDropSample ? "**yes** (\(counted(b.pointsOverPeriod, "point")))" : "no") |\n"
      }
      o += "\n"
    }
    if !r.acknowledgements.isEmpty {
      o += "### Acknowledged regressions\n\n"
      for a in r.acknowledgements {
        o += "- `\(a.strategy)` \(a.lane?.rawValue ?? "all lanes") \(a.metric ?? "all metrics"): "
        o += "\(a.reason) (\(a.createdAt))\n"
      }
      o += "\n"
    }
    o += "### Evidence\n\n"
    if let t = r.headTimers.first {
      o += "- Timer (head, first process): \(t.clock); overhead \(F.ns(t.overheadNs)) (p99 "
      o += "\(F.ns(t.overheadP99Ns))), smallest step \(F.ns(t.smallestStepNs)), resolution "
      o += "\(F.ns(t.resolutionNs)).\n"
    }
    o += "- Head machine: \(fingerprint(r.machine)).\n"
    if let m = r.baseMachine { o += "- Base machine: \(fingerprint(m)).\n" }
    o += "- Head: commit \(r.provenance.commitLabel)"
    o += "; corpus \(r.corpus.points) points, checksum \(r.corpus.checksum).\n"
    if let p = r.baseProvenance { o += "- Base: commit \(p.commitLabel).\n" }
    o +=
      "- Process order: \(r.order.map(\.rawValue).joined(separator: " ")) (seed \(r.orderSeed)).\n"
    o += String(format: "- Gate wall time: %.1f s.\n", r.seconds)
    for w in r.warnings { o += "- warning: \(w.text)\n" }
    return o
  }

  /// The A/A noise floor: per comparison its spread, the threshold it implies, and the
  /// minimum detectable change (the smallest true change flagged with 80 % power).
  static func noiseSection(_ r: GateReport) -> String {
    typealias F = MarkdownFormat
    guard let n = r.noiseFloor else { return "" }
    var o =
      "### A/A noise floor `\(n.name)` (\(n.createdAt), \(n.processes) processes): \(n.status)\n\n"
    let rows = r.timing.filter { $0.noise != nil }
    guard !rows.isEmpty else { return o }
    o += "| strategy | lane | metric | A/A spread | 3 × spread | configured | applied "
    o += "| min. detectable change (80 % power) |\n|---|---|---|---|---|---|---|---|\n"
    func pct(_ v: Double) -> String { String(format: "%.2f %%", v * 100) }
    for c in rows {
      guard let e = c.noise else { continue }
      o += "| \(F.cell(c.strategy)) | \(c.lane.rawValue) | \(c.metric) | ±\(pct(e.spread)) "
      o += "| \(pct(e.noiseThreshold)) | \(pct(e.configuredThreshold)) "
      o += "| \(pct(c.effectiveThreshold)) | +\(pct(e.minimumDetectableChange)) |\n"
    }
    o += "\nSpread: standard deviation of head/base between two sides of this gate's size drawn "
    o += "from the A/A processes; applied threshold = max(configured, 3 × spread).\n\n"
    return o
  }

  static func fingerprint(_ m: MachineFingerprint) -> String {
    "\(m.cpuModel), \(m.cores) cores, \(m.os), \(m.toolchain), \(m.buildConfiguration) build"
  }

  /// Each external strategy's standing (compared, unavailable on the base side, refused
  /// because it changed since the baseline); nothing when none ran.
  static func external(_ r: GateReport) -> String {
    guard let list = r.externalStrategies, !list.isEmpty else { return "" }
    var o = "### External strategies (quality only; their latency is never gated)\n\n"
    for e in list {
      o += "- \(e.refused ? "**refused** " : "")`\(MarkdownFormat.cell(e.strategy))`: "
      o += "\(MarkdownFormat.cell(e.status))\n"
    }
    return o + "\n"
  }

  /// The quality comparisons: changed ones in full, the rest counted.
  static func quality(_ r: GateReport) -> String {
    guard let status = r.qualityStatus else { return "" }
    var o = "### Quality (\(status))\n\n"
    let all = r.quality ?? []
    let changed = all.filter { $0.verdict != .noChange && $0.verdict != .unavailable }
    if !changed.isEmpty {
      o += "| strategy | metric | base | head | tolerance | verdict |\n|---|---|---|---|---|---|\n"
      for c in changed {
        var verdict = "**\(c.verdict.rawValue)**"
        if let a = c.acknowledgement { verdict += " — acknowledged: \(MarkdownFormat.cell(a))" }
        o += "| \(MarkdownFormat.cell(c.strategy)) | \(c.metric) | \(value(c.base, c.unit)) "
        o += "| \(value(c.head, c.unit)) | \(tolerance(c)) | \(verdict) |\n"
      }
      o += "\n"
    }
    let same = all.filter { $0.verdict == .noChange }.count
    let na = all.filter { $0.verdict == .unavailable }.count
    if !all.isEmpty { o += "\(same) metric(s) unchanged, \(na) n/a on a side.\n\n" }
    return o
  }

  static func value(_ v: Double?, _ unit: String) -> String {
    guard let v else { return "n/a" }
    return String(format: "%.4g", v) + (unit.isEmpty ? "" : " \(unit)")
  }

  static func tolerance(_ c: QualityComparison) -> String {
    String(format: "%.3g %% / %.3g", c.tolerance.relative * 100, c.tolerance.absolute)
      + (c.unit.isEmpty ? "" : " \(c.unit)") + " (\(c.tolerance.source))"
  }

  /// The counts of each verdict, timing and counters apart.
  static func verdictCounts(_ r: GateReport) -> String {
    func counts(_ verdicts: [String]) -> String {
      var seen: [String: Int] = [:]
      var order: [String] = []
      for v in verdicts {
        if seen[v] == nil { order.append(v) }
        seen[v, default: 0] += 1
      }
      return order.map { "\(seen[$0]!) \($0)" }.joined(separator: ", ")
    }
    let timing = r.timing.filter { !GateSensitivity.isInformational($0) }
    var o = "**Verdicts.** Timing: "
    o +=
      timing.isEmpty
      ? "none compared" : "\(timing.count) compared: " + counts(timing.map(\.verdict.rawValue))
    o += "; counters: "
    o +=
      r.counters.isEmpty
      ? "none" : "\(r.counters.count): " + counts(r.counters.map(\.verdict.rawValue))
    if let q = r.quality, !q.isEmpty {
      o += "; quality: \(q.count): " + counts(q.map(\.verdict.rawValue))
    }
    return o + ".\n\n"
  }

  /// What the gate could have caught: the smallest slowdown it would have confirmed per lane
  /// and metric, from the spread it measured (`GateSensitivity`).
  static func sensitivity(_ r: GateReport) -> String {
    let rows = r.sensitivity ?? GateSensitivity.of(r)
    guard !rows.isEmpty else { return "" }
    var o = "**Sensitivity of this gate on this machine**: the smallest slowdown it would have "
    o += "confirmed, from the replicate spread it measured (threshold + half the head/base "
    o += "interval; counters: their band). A pass means no change above these.\n\n"
    o += "| lane | metric | median over strategies | largest (strategy) | comparisons |\n"
    o += "|---|---|---|---|---|\n"
    for s in rows {
      let median = s.median.map { "+" + MarkdownFormat.ratio($0 * 100) + " %" } ?? "none"
      let worst =
        s.worst.map {
          "+" + MarkdownFormat.ratio($0 * 100)
            + " % (\(MarkdownFormat.cell(s.worstStrategy ?? "")))"
        }
        ?? MarkdownFormat.cell(s.unreachable ?? "–")
      o +=
        "| \(s.lane) | \(MarkdownFormat.cell(s.metric)) | \(median) | \(worst) | \(s.comparisons) |\n"
    }
    return o + "\n"
  }

  /// This build's failed cells (exit 3), one line each in code spans; nothing when none.
  static func failedCells(_ r: GateReport) -> String {
    guard let cells = r.failedCells, !cells.isEmpty else { return "" }
    var o = "### Failed cells: \(cells.count) (exit 3)\n\n"
    o += "Each is left out of this build's quality figures; every confirmed regression is still "
    o += "listed below.\n\n"
    let shown = 50
    for c in cells.prefix(shown) {
      o += "- `\(ConsoleText.escaped(c).replacingOccurrences(of: "`", with: "'"))`\n"
    }
    if cells.count > shown { o += "- … and \(cells.count - shown) more (`gate.json`)\n" }
    return o + "\n"
  }
}
