import SigbenchResults

/// The answer to each question a team choosing an ink algorithm asks of a run, computed from the
/// run's results alone (the sheet's first block, the console's summary after `run`).
///
/// Per question: the best strategy, the runners-up that cannot be told apart from it (tied, not
/// ranked), and the wins that hold by construction, kept apart. Ties:
/// - quality: the quality gate's rule (`QualityMetric.leaders`: worse by more than 1 % of the
///   best *and* by more than the metric's floor);
/// - latency: with several processes, a per-process range that overlaps the best's; with one, a
///   difference under max(5 %, 2 × the timer's smallest step).
///
/// A win by construction (`ByConstruction`) is the reference strategy (`straight`: the input
/// polyline itself) reaching the ideal value exactly (0 gap, 0 churn, a rate ratio of 1): not a
/// finding about smoothing.
public struct RunVerdict: Hashable, Sendable {
  /// One question and its answer.
  public struct Answer: Hashable, Sendable {
    /// Stable id (`accuracy`, `ends`, …).
    public var id: String
    /// The question, as the sheet asks it.
    public var question: String
    /// What was compared: the metric or figure, its unit and direction.
    public var measure: String
    /// The best strategy and those tied with it, best first; empty when nothing was measured.
    public var leaders: [Entry]
    /// Strategies whose value is ideal by construction (shown apart, never ranked).
    public var byConstruction: [Entry]
    /// Strategies with a value, counted (to say "of N").
    public var measured: Int

    public var best: Entry? { leaders.first }
    /// The runners-up tied with the best.
    public var tied: [Entry] { Array(leaders.dropFirst()) }
  }

  /// A strategy and its value, formatted with the measure's unit.
  public struct Entry: Hashable, Sendable {
    public var strategy: String
    public var value: Double
    public var text: String
  }

  public var answers: [Answer]

  /// The verdict of `r`; questions nothing in the run answers are left out.
  public static func of(_ r: RunResult) -> RunVerdict {
    var answers: [Answer] = []
    let labels = r.strategies.map(\.label)
    let reference = ByConstruction.reference(r)
    if let q = r.quality {
      for (id, question, metric) in qualityQuestions {
        let values = labels.map { q.strategies[$0].flatMap { metric.value(in: $0) } }
        if let a = qualityAnswer(
          id: id, question: question, metric: metric, labels: labels, values: values,
          reference: reference)
        {
          answers.append(a)
        }
      }
    }
    for (lane, id, question) in latencyQuestions {
      if let a = latencyAnswer(id: id, question: question, lane: lane, bench: r.bench) {
        answers.append(a)
      }
    }
    return RunVerdict(answers: answers)
  }

  /// The quality questions, in the sheet's order, and the metric that answers each.
  static let qualityQuestions: [(String, String, QualityMetric)] = [
    ("accuracy", "Closest to the true path", .accuracyMean),
    ("ends", "Ends where the pen ends", .endGapMean),
    ("smoothness", "Smoothest away from corners", .curvatureVariationAway),
    ("rate", "Width independent of the device's sample rate", .rateWidthRatio),
    ("churn", "Least ink that moves while drawing", .churnMean),
  ]

  /// The latency questions: the precise per-point p50 of each lane.
  static let latencyQuestions: [(BenchLane, String, String)] = [
    (.smooth, "latency-smooth", "Lowest latency per point (smoothing alone)"),
    (.smoothRaster, "latency-raster", "Lowest latency per point (smoothing and raster)"),
  ]

  static func qualityAnswer(
    id: String, question: String, metric: QualityMetric, labels: [String], values: [Double?],
    reference: String?
  ) -> Answer? {
    let measured = values.compactMap { $0 }.count
    guard measured > 0 else { return nil }
    let ranked = ByConstruction.ranked(metric, values, labels: labels, reference: reference)
    let construction = labels.indices.filter { values[$0] != nil && ranked[$0] == nil }
    let leaders = metric.leaders(of: ranked).sorted { a, b in
      metric.isBetter(ranked[a]!, than: ranked[b]!)
        || (!metric.isBetter(ranked[b]!, than: ranked[a]!) && a < b)
    }
    return Answer(
      id: id, question: question, measure: measure(metric),
      leaders: leaders.map { entry(labels[$0], ranked[$0]!, metric) },
      byConstruction: construction.map { entry(labels[$0], values[$0]!, metric) },
      measured: measured)
  }

  static func entry(_ label: String, _ v: Double, _ metric: QualityMetric) -> Entry {
    Entry(strategy: label, value: v, text: QualityFormat.value(metric, v))
  }

  static func measure(_ metric: QualityMetric) -> String {
    let way: String
    switch metric.direction {
    case .lowerIsBetter: way = "lower is better"
    case .higherIsBetter: way = "higher is better"
    case .closerToOne: way = "closer to 1 is better"
    case .neutral: way = "not ranked"
    }
    return "\(metric.id)" + (metric.unit.isEmpty ? "" : ", \(metric.unit)") + ", \(way)"
  }

  static func latencyAnswer(id: String, question: String, lane: BenchLane, bench: BenchReport)
    -> Answer?
  {
    let figures = bench.figures.filter { $0.lane == lane }
    let values = figures.map(PreciseFigure.init)
    guard let best = values.filter({ $0.p50 != nil }).min(by: { $0.p50! < $1.p50! }),
      let top = best.p50
    else { return nil }
    let step = bench.timer.smallestStepNs
    let leaders = values.filter { v in
      guard let p = v.p50 else { return false }
      if let range = v.range, let bestRange = best.range { return range.min <= bestRange.max }
      return p - top < max(0.05 * top, 2 * step)
    }.sorted { ($0.p50!, $0.strategy) < ($1.p50!, $1.strategy) }
    return Answer(
      id: id, question: question,
      measure: "precise p50 per point (\(lane.rawValue) lane), ns, lower is better",
      leaders: leaders.map {
        Entry(strategy: $0.strategy, value: $0.p50!, text: formatNanoseconds($0.p50!))
      }, byConstruction: [], measured: values.filter { $0.p50 != nil }.count)
  }
}
