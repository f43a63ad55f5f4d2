import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults
import SigbenchStrategies

/// `sigbench tune`: searches the options of one strategy for the configuration that is best on
/// one quality metric over a corpus read once (`CompassSearch` over the `TuneDimension`s), every
/// other option fixed as the spec gives it or at its default.
///
/// Each evaluation measures one configuration's quality over every drawing
/// (`QualityRun.measure`, on every core). With `maxP50`, a configuration whose smooth-lane
/// batched p50 (timed in this process against the reference) is above the bound counts as
/// n/a: the result then depends on timing.
public struct TunePipeline: Sendable {
  public var spec: StrategySpec
  public var entry: StrategyEntry
  public var dimensions: [TuneDimension]
  public var metric: QualityMetric
  public var budget: Int
  public var seed: UInt64
  /// Latency bound in ns (smooth lane, batched p50), or nil.
  public var maxP50: Double?

  /// The method as the outcome names it.
  public static let method =
    "compass search (Kolda, Lewis & Torczon, SIAM Review 45(3), 2003), opportunistic polls in "
    + "a seeded order, step from 1/4 of each range halved to 1/64, points cached"

  public init(
    spec: StrategySpec, entry: StrategyEntry, dimensions: [TuneDimension], metric: QualityMetric,
    budget: Int, seed: UInt64, maxP50: Double? = nil
  ) {
    self.spec = spec
    self.entry = entry
    self.dimensions = dimensions
    self.metric = metric
    self.budget = budget
    self.seed = seed
    self.maxP50 = maxP50
  }

  /// The quality metric `id` names, one with a better direction; an unknown id or a neutral
  /// metric is an `.invalidOption` naming the ranked ids.
  public static func metric(named id: String) throws(PipelineError) -> QualityMetric {
    let ranked = QualityMetric.catalog.filter { $0.direction != .neutral }.map(\.id)
    guard let metric = QualityMetric.named(id) else {
      let hint = closestMatch(to: id, in: ranked).map { " Did you mean '\($0)'?" } ?? ""
      throw PipelineError(
        .invalidOption,
        "--metric: unknown quality metric '\(id)'.\(hint) Known: \(ranked.joined(separator: ", "))")
    }
    guard metric.direction != .neutral else {
      throw PipelineError(
        .invalidOption,
        "--metric: \(id) has no better direction (a property of the design); choose one of "
          + ranked.joined(separator: ", "))
    }
    return metric
  }

  /// The spec at `point` (positions in [0, 1], one per dimension): the given spec with the
  /// searched options set.
  public func spec(at point: [Double]) -> StrategySpec {
    let searched = Set(dimensions.map(\.option))
    var options = spec.options.filter { !searched.contains($0.name) }
    for (d, u) in zip(dimensions, point) {
      options.append(.init(name: d.option, value: ParameterValue.format(d.value(at: u))))
    }
    return StrategySpec(id: spec.id, options: options)
  }

  /// The metric as a cost, lower better: the value, its negation, or |ln value| by direction.
  static func cost(_ v: Double?, _ metric: QualityMetric) -> Double? {
    guard let v, v.isFinite else { return nil }
    switch metric.direction {
    case .lowerIsBetter: return v
    case .higherIsBetter: return -v
    case .closerToOne: return v > 0 ? abs(log(v)) : nil
    case .neutral: return nil
    }
  }

  /// Searches over `corpus`; `progress` hears each evaluation.
  public func run(_ corpus: CorpusInput, progress: ProgressHandler) throws -> TuneOutcome {
    let drawings = corpus.drawings
    let timing = try maxP50.map { _ in try LatencyProbe(corpus: corpus) }
    var values: [String: Double?] = [:]
    var failure: Error?
    let search = CompassSearch(
      start: dimensions.map { d in
        let text = spec.options.first { $0.name == d.option }?.value
        let v =
          text.flatMap(Double.init)
          ?? entry.descriptor.parameter(named: d.option).flatMap { p -> Double? in
            if case .number(let x) = p.defaultValue { return x }
            return nil
          } ?? (d.low + d.high) / 2
        return d.position(of: v)
      }, budget: max(1, budget), seed: seed)
    let outcome = search.minimise { point -> Double? in
      guard failure == nil else { return nil }
      do {
        let configured = try entry.configure(spec(at: point))
        let figures = try QualityRun.measure(drawings, strategies: [configured])
        var value = figures[configured.label].flatMap { metric.value(in: $0) }
        if let bound = maxP50, let probe = timing, let p50 = try probe.p50(configured), p50 > bound
        {
          progress(.note("\(configured.label): batched p50 \(Int(p50)) ns is over --max-p50"))
          value = nil
        }
        values[configured.label] = value
        progress(
          .note(
            "evaluated \(values.count): \(configured.label) \(metric.id) "
              + (value.map { ParameterValue.format($0) } ?? "n/a")))
        return Self.cost(value, metric)
      } catch {
        failure = error
        return nil
      }
    }
    if let failure { throw failure }
    func label(_ point: [Double]) -> String {
      (try? entry.configure(spec(at: point)).label) ?? spec(at: point).text
    }
    let best = label(outcome.best)
    return TuneOutcome(
      spec: spec.text, best: best, metric: metric.id, unit: metric.unit,
      direction: metric.direction.rawValue, value: values[best] ?? nil,
      evaluations: outcome.evaluations, budget: budget, seed: seed, method: Self.method,
      stop: outcome.stop,
      dimensions: dimensions.map {
        .init(
          option: $0.option, low: $0.low, high: $0.high,
          spacing: $0.logarithmic ? "log" : "linear", source: $0.source)
      },
      path: outcome.path.map { m in
        let l = label(m.point)
        return .init(spec: l, value: values[l] ?? nil, evaluations: m.evaluations, step: m.step)
      }, maxP50: maxP50, corpus: corpus.path, drawings: drawings.count)
  }
}

/// The smooth lane's batched p50 of one configuration, timed in this process over a corpus
/// (`--max-p50`): the same harness as `bench`, one repetition, at most 20,000 timed points.
struct LatencyProbe {
  let corpus: CorpusInput
  let timer: TimerCalibration

  init(corpus: CorpusInput) throws {
    self.corpus = corpus
    timer = TimerCalibration.measure()
  }

  func p50(_ strategy: ConfiguredStrategy) throws -> Double? {
    let reference = try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID))
    var options = BenchOptions()
    options.lanes = [.smooth]
    options.syntheticLengths = []
    options.timedPointBudget = 20_000
    let strategies = strategy.label == reference.label ? [reference] : [reference, strategy]
    let session = BenchSession(corpus: corpus, strategies: strategies)
    let figures = try session.measure(options, timer: timer, progress: ignoreProgress).figures
    return figures.first { $0.strategy == strategy.label && $0.lane == .smooth }?.batched?.p50
  }
}
