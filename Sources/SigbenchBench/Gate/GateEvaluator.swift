import SigbenchResults

/// Turns head and base figures into verdicts: timing (U test + bootstrap + correction +
/// thresholds), counters (deterministic bands) and absolute budgets. Pure: no I/O, no clock.
public enum GateEvaluator {
  /// Compares every replicate set present on both sides. p-values are corrected together over
  /// all compared sets. With a `noise` floor, each comparison it covers uses
  /// max(configured threshold, 3 × A/A spread for its process counts) and carries that evidence.
  public static func compareTiming(
    head: [ReplicateSet], base: [ReplicateSet], settings: GateSettings, noise: NoiseFloor? = nil
  ) -> [TimingComparison] {
    let baseByKey = Dictionary(base.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    var pending: [(ReplicateSet, ReplicateSet, MannWhitney.Result?)] = []
    for h in head {
      guard let b = baseByKey[h.key] else { continue }
      pending.append((h, b, MannWhitney.test(h.values, b.values)))
    }
    let adjusted = settings.correction.adjust(pending.map { $0.2?.p ?? 1 })
    return pending.enumerated().map { i, item in
      let (h, b, test) = item
      let th =
        settings.thresholds[h.metric]
        ?? MetricThreshold(relative: 0.05, absoluteNs: 0, source: "fallback")
      let baseMedian = Bootstrap.median(b.values)
      let configured = TimingRule.effective(th, baseMedian: baseMedian ?? 0)
      var t = configured
      var source = "configured (\(th.source))"
      var evidence: NoiseEvidence?
      if let noise, let aa = noise.values(for: h.key),
        let spread = NoiseSpread.ratioSpread(
          aa, headCount: h.values.count, baseCount: b.values.count, seed: settings.seed)
      {
        let choice = NoiseSpread.threshold(configured: configured, spread: spread)
        t = choice.value
        if choice.fromNoise {
          source =
            "A/A noise floor '\(noise.name)' (\(noise.createdAt), \(noise.processes) processes)"
        }
        evidence = NoiseEvidence(
          floor: noise.name, createdAt: noise.createdAt, aaProcesses: noise.processes,
          spread: spread, noiseThreshold: NoiseSpread.thresholdMultiplier * spread,
          configuredThreshold: configured,
          minimumDetectableChange: NoiseSpread.minimumDetectableChange(
            threshold: t, spread: spread, confidence: settings.confidence))
      }
      let interval = Bootstrap.medianRatio(
        head: h.values, base: b.values, level: settings.confidence,
        resamples: settings.resamples, seed: settings.seed)
      var verdict = Verdict.inconclusive
      var note: String?
      if let interval, test != nil {
        verdict = TimingRule.decide(
          pAdjusted: adjusted[i], alpha: settings.alpha, lower: interval.lower,
          upper: interval.upper, t: t)
      } else {
        note = "not enough valid figures to compare"
      }
      return TimingComparison(
        strategy: h.strategy, lane: h.lane, metric: h.metric, verdict: verdict, head: h.values,
        base: b.values, headMedian: Bootstrap.median(h.values), baseMedian: baseMedian,
        u: test?.u, pValue: test?.p, pAdjusted: test == nil ? nil : adjusted[i],
        testMethod: test?.method, comparisons: pending.count, correction: settings.correction,
        ratio: interval, threshold: th, effectiveThreshold: t, thresholdSource: source,
        noise: evidence, confirmation: nil, acknowledgement: nil, note: note)
    }
  }

  /// Counter verdicts: instructions per point beyond +tolerance regress, beyond −tolerance
  /// improve (with a hint to refresh the baseline); any steady-state allocation the base did
  /// not have regresses. A counter missing on either side is "unavailable", never 0.
  ///
  /// The tolerance of one strategy × lane is widened by its measured layout spread:
  /// max(`tolerance`, ½ × the larger `layoutSpread` of the two sides). Both sides are the mean
  /// over the same layouts, so an unchanged build compares exactly; a change of the code can
  /// move single layouts from one side of the layout effect to the other, which moves the mean
  /// by up to spread × (layouts moved / layouts) — half the spread covers half of them moving.
  public static func compareCounters(
    head: [CounterFigures], base: [CounterFigures], tolerance: Double
  ) -> [CounterComparison] {
    var out: [CounterComparison] = []
    for h in head {
      guard let b = base.first(where: { $0.strategy == h.strategy && $0.lane == h.lane }) else {
        continue
      }
      let tolerance = effectiveTolerance(tolerance, h, b)
      var c = CounterComparison(
        strategy: h.strategy, lane: h.lane, metric: .instructionsPerPoint, verdict: .unavailable,
        head: h.instructionsPerPoint, base: b.instructionsPerPoint, ratio: nil,
        tolerance: tolerance, hint: nil, acknowledgement: nil)
      if let hi = h.instructionsPerPoint, let bi = b.instructionsPerPoint, bi > 0 {
        let r = hi / bi
        c.ratio = r
        if r > 1 + tolerance {
          c.verdict = .regressed
        } else if r < 1 - tolerance {
          c.verdict = .improved
          c.hint =
            "instructions/point fell \(percent(1 - r)); refresh the baseline "
            + "(sigbench baseline save NAME) to lock the gain in"
        } else {
          c.verdict = .noChange
        }
      }
      out.append(c)
      var a = CounterComparison(
        strategy: h.strategy, lane: h.lane, metric: .steadyAllocations, verdict: .unavailable,
        head: h.steadyAllocations.map(Double.init), base: b.steadyAllocations.map(Double.init),
        ratio: nil, tolerance: nil, hint: nil, acknowledgement: nil)
      if let ha = h.steadyAllocations, let ba = b.steadyAllocations {
        if h.steadyPoints != b.steadyPoints {
          a.hint = "different steady-state windows (\(h.steadyPoints) vs \(b.steadyPoints) points)"
        } else if ha > ba {
          a.verdict = .regressed
          a.hint = "\(ha - ba) new heap allocation(s) in steady-state pushes"
        } else if ha < ba {
          a.verdict = .improved
          a.hint = "\(ba - ha) fewer steady-state allocation(s); refresh the baseline"
        } else {
          a.verdict = .noChange
        }
      }
      out.append(a)
    }
    return out
  }

  /// The counter tolerance for `h` against `b`: see `compareCounters`.
  public static func effectiveTolerance(
    _ tolerance: Double, _ h: CounterFigures, _ b: CounterFigures
  ) -> Double {
    max(tolerance, max(h.layoutSpread ?? 0, b.layoutSpread ?? 0) / 2)
  }

  /// Budget checks from each process's figures (median of the processes' steady p99).
  public static func budgets(_ processes: [[LaneFigures]], limit: Double) -> [BudgetCheck] {
    guard let first = processes.first else { return [] }
    return first.compactMap { f in
      let all = processes.compactMap { p in
        p.first { $0.strategy == f.strategy && $0.lane == f.lane }?.budget
      }
      guard let frac = Bootstrap.median(all.map(\.p99FractionOfPeriod)) else { return nil }
      let over = all.reduce(0) { $0 + $1.pointsOverPeriod }
      return BudgetCheck(
        strategy: f.strategy, lane: f.lane, p99FractionOfPeriod: frac, limit: limit,
        verdict: frac > limit ? .overBudget : .withinBudget, wouldDropSample: over > 0,
        pointsOverPeriod: over)
    }
  }

  static func percent(_ x: Double) -> String {
    let v = (x * 1000).rounded() / 10
    return "\(v) %"
  }
}
