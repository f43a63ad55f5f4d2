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

  public init(id: String, summary: String, details: String, parameters: [ParameterInfo]) {
    self.id = id
    self.summary = summary
    self.details = details
    self.parameters = parameters
  }

  /// The declaration of option `name`, if any.
  public func parameter(named name: String) -> ParameterInfo? {
    parameters.first { $0.name == name }
  }
}
