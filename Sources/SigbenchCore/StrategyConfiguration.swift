/// Every option of one strategy resolved to a valid value (defaults filled in), plus the
/// canonical label that names this configuration in results, baselines and reports.
public struct StrategyConfiguration: Sendable, Hashable {
  public let strategyID: String
  /// Value of every declared option, by name.
  public let values: [String: ParameterValue]
  /// Names of options whose value differs from the default, sorted.
  public let nonDefaultNames: [String]
  /// The strategy's cost class (from its descriptor).
  public let cost: StrategyCost

  /// Resolves `options` (name → text, as written in a spec) against `descriptor`.
  public init(descriptor: StrategyDescriptor, options: [(name: String, value: String)])
    throws(StrategyError)
  {
    var values: [String: ParameterValue] = [:]
    for p in descriptor.parameters { values[p.name] = p.defaultValue }
    var seen: Set<String> = []
    for (name, text) in options {
      guard let info = descriptor.parameter(named: name) else {
        throw .unknownOption(
          strategy: descriptor.id, option: name,
          suggestion: closestMatch(to: name, in: descriptor.parameters.map(\.name)),
          known: descriptor.parameters.map(\.name))
      }
      guard seen.insert(name).inserted else {
        throw .invalidOption(
          strategy: descriptor.id, option: name, rule: "given only once", value: text)
      }
      values[name] = try info.parse(text, strategy: descriptor.id)
    }
    for (low, high) in descriptor.orderedPairs {
      guard case .number(let lo)? = values[low], case .number(let hi)? = values[high] else {
        continue
      }
      guard hi >= lo else {
        let unit = descriptor.parameter(named: high)?.unit ?? ""
        throw .invalidOption(
          strategy: descriptor.id, option: high,
          rule: "at least \(low) (\(ParameterValue.format(lo))\(unit.isEmpty ? "" : " " + unit))",
          value: ParameterValue.format(hi))
      }
    }
    self.strategyID = descriptor.id
    self.values = values
    self.nonDefaultNames = descriptor.parameters.filter { values[$0.name] != $0.defaultValue }
      .map(\.name).sorted()
    self.cost = descriptor.cost
  }

  /// `id` alone, or `id(a=1,b=x)` listing the non-default options sorted by name.
  public var label: String {
    if nonDefaultNames.isEmpty { return strategyID }
    let parts = nonDefaultNames.map { "\($0)=\(values[$0]!.description)" }
    return "\(strategyID)(\(parts.joined(separator: ",")))"
  }

  /// The number value of option `name` (declared as a number option).
  public func number(_ name: String) -> Double {
    guard case .number(let v)? = values[name] else {
      preconditionFailure("option '\(name)' of \(strategyID) is not a declared number")
    }
    return v
  }

  /// The word of option `name` (declared as a choice option).
  public func choice(_ name: String) -> String {
    guard case .choice(let v)? = values[name] else {
      preconditionFailure("option '\(name)' of \(strategyID) is not a declared choice")
    }
    return v
  }
}
