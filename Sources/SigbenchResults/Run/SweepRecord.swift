import SigbenchCore

/// One swept spec of a run (`catmull-rom(alpha=0|0.5|1)`): its options and values, the labels
/// of its configurations in grid order, the points skipped for breaking a constraint, and the
/// strategy's default configuration the run measured beside them.
public struct SweepRecord: Codable, Hashable, Sendable {
  /// One swept option: its values in grid order (canonical text) and its default.
  public struct Option: Codable, Hashable, Sendable {
    public var name: String
    public var values: [String]
    public var defaultValue: String
    public init(name: String, values: [String], defaultValue: String) {
      self.name = name
      self.values = values
      self.defaultValue = defaultValue
    }
  }

  /// A point left out, and why.
  public struct Skipped: Codable, Hashable, Sendable {
    public var spec: String
    public var reason: String
    public init(spec: String, reason: String) {
      self.spec = spec
      self.reason = reason
    }
  }

  /// The spec as written.
  public var spec: String
  public var strategyID: String
  public var options: [Option]
  /// Every configuration's label, in grid order (the first swept option slowest).
  public var configs: [String]
  public var skipped: [Skipped]
  /// The label of the strategy with default options, measured in the same run.
  public var defaultLabel: String
  /// The configurations on the sweep's Pareto front of accuracy against smooth-lane latency,
  /// the only ones `run` times in the raster lane and counts under callgrind; `nil` when not
  /// chosen (`bench`, which times every configuration fully, or no accuracy figures).
  public var front: [String]?

  public init(
    spec: String, strategyID: String, options: [Option], configs: [String], skipped: [Skipped],
    defaultLabel: String
  ) {
    self.spec = spec
    self.strategyID = strategyID
    self.options = options
    self.configs = configs
    self.skipped = skipped
    self.defaultLabel = defaultLabel
  }

  /// Label → sweep spec for every configuration of `sweeps` but their defaults (which stand
  /// for their strategy as shipped): how the history folds a sweep's configurations.
  public static func members(of sweeps: [SweepRecord]) -> [String: String] {
    var out: [String: String] = [:]
    for sweep in sweeps {
      for label in sweep.configs where label != sweep.defaultLabel { out[label] = sweep.spec }
    }
    return out
  }

  /// The record of `grid`, whose points configure to `labels` (same order).
  public init(_ grid: SweepGrid, labels: [String], descriptor: StrategyDescriptor) {
    self.init(
      spec: grid.spec.text, strategyID: grid.spec.id,
      options: grid.swept.map {
        Option(
          name: $0.name, values: $0.values,
          defaultValue: descriptor.parameter(named: $0.name)?.defaultValue.description ?? "")
      }, configs: labels,
      skipped: grid.skipped.map { Skipped(spec: $0.spec, reason: $0.reason) },
      defaultLabel: grid.spec.id)
  }
}
