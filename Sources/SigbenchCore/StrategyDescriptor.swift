/// What a strategy is: its stable id, a one-line summary, where the algorithm comes from and
/// the declaration of every option.
public struct StrategyDescriptor: Sendable {
  /// Stable kebab-case id used in specs, results, baselines and file names. Never renamed
  /// without migrating baselines.
  public var id: String
  /// One line for listings.
  public var summary: String
  /// Source of the algorithm and its latency behaviour (look-ahead, what it revises).
  public var details: String
  /// Every option, in display order. Defaults, units and ranges live only here.
  public var parameters: [ParameterInfo]
  /// How a push's cost grows with the stroke; decides the default strategy set, which checks
  /// of the contract suite apply and which benchmark cases run unless asked for.
  public var cost: StrategyCost
  /// Order constraints declared beside the naming rule of `orderedPairs` (an external
  /// strategy's manifest lists its own): `high` must be at least `low`.
  public var declaredPairs: [OrderedPair]

  public init(
    id: String, summary: String, details: String, parameters: [ParameterInfo],
    cost: StrategyCost = .incremental, declaredPairs: [OrderedPair] = []
  ) {
    self.id = id
    self.summary = summary
    self.details = details
    self.parameters = parameters
    self.cost = cost
    self.declaredPairs = declaredPairs
  }

  /// Two number options of which `high` must be at least `low`.
  public struct OrderedPair: Sendable, Hashable {
    public var low: String
    public var high: String
    public init(low: String, high: String) {
      self.low = low
      self.high = high
    }
  }

  /// The order constraints: for every pair of options `min-X` and `max-X` (the width pairs of
  /// signature-pad, uber-weighted, sigbench-smooth…), `max-X` must be at least `min-X`; then
  /// `declaredPairs` not already among them. One rule for every strategy, checked when a
  /// configuration is resolved.
  public var orderedPairs: [(low: String, high: String)] {
    var pairs: [(low: String, high: String)] = parameters.compactMap { p in
      guard p.name.hasPrefix("min-") else { return nil }
      let high = "max-" + p.name.dropFirst(4)
      return parameter(named: high) == nil ? nil : (p.name, high)
    }
    for d in declaredPairs where !pairs.contains(where: { $0 == (d.low, d.high) }) {
      pairs.append((d.low, d.high))
    }
    return pairs
  }

  /// The canonical text of option `name` in `spec` (its default when the spec leaves it; the
  /// text as written when it does not parse); nil for an undeclared option.
  public func value(_ name: String, at spec: StrategySpec) -> String? {
    guard let info = parameter(named: name) else { return nil }
    guard let text = spec.options.first(where: { $0.name == name })?.value else {
      return info.defaultValue.description
    }
    return (try? info.parse(text, strategy: id))?.description ?? text
  }

  /// Why option `name` has no effect in `spec` (`ParameterInfo.activeWhen`): "has no effect
  /// with filter=min-distance (it acts only with filter=one-euro); set filter=one-euro in the
  /// spec"; nil when it acts.
  public func inertReason(_ name: String, at spec: StrategySpec) -> String? {
    guard let when = parameter(named: name)?.activeWhen, let v = value(when.option, at: spec),
      !when.values.contains(v)
    else { return nil }
    let need = when.values.map { "\(when.option)=\($0)" }.joined(separator: " or ")
    return "has no effect with \(when.option)=\(v) (it acts only with \(need)); set \(need) in "
      + "the spec"
  }

  /// The declaration of option `name`, if any.
  public func parameter(named name: String) -> ParameterInfo? {
    parameters.first { $0.name == name }
  }
}

/// How a strategy's work per pushed sample grows with the stroke.
public enum StrategyCost: String, Sendable, Hashable, CaseIterable {
  /// O(1) work and no heap allocation per push in steady state (bounded state); the contract
  /// suite checks both. In the default strategy set.
  case incremental
  /// A faithful port of a source that recomputes the whole stroke on every push, as its users
  /// run it: O(n) per push for the n samples so far. Not in the default set; the benchmark
  /// skips its synthetic strokes above 1,000 samples and its raster lane unless asked.
  case wholeStrokePerPush = "whole-stroke-per-push"
  /// Needs the whole stroke (or unbounded look-ahead): stores on push, emits everything as
  /// tentative until finish, computes in finish. Not in the default set; skipped like
  /// `wholeStrokePerPush`.
  case offline

  /// True when the O(1)-and-no-allocation rule applies.
  public var isIncremental: Bool { self == .incremental }

  /// Longest stroke, in samples, a strategy that is not incremental (`wholeStrokePerPush`,
  /// `offline`: both redo the whole stroke at every push, O(n²) a stroke) is drawn, measured
  /// and timed on. In a release build 5,000 samples cost perfect-freehand about 2.5 s, rdp 1 s
  /// and chaikin 18 s in a `run`; the envelope's 1,000,000 would take hours. A longer stroke
  /// fails that cell in `run`'s pictures and quality (`StageFailure`, smoothing, with this rule
  /// as the reason) and is timed on its first 5,000 samples, with a warning.
  public static let costlyStrokeSampleLimit = 5_000
}
