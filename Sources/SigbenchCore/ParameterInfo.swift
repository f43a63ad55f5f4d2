/// The single declaration of one strategy option: name, unit, valid values, default and help.
/// Help text, `sigbench strategies --describe`, docs and report headers are generated from it.
public struct ParameterInfo: Sendable, Hashable {
  /// What values are valid.
  public enum Domain: Sendable, Hashable {
    /// A real number in a range; each bound is open or closed.
    case number(lower: Double, lowerClosed: Bool, upper: Double, upperClosed: Bool)
    /// A whole number in a closed range.
    case integer(ClosedRange<Int>)
    /// One word out of a fixed list.
    case choice([String])
  }

  /// Kebab-case name used in specs (`width`, `min-distance`).
  public var name: String
  /// Unit of the value: "px" (CSS px), "ms", "Hz", "" for unitless or a choice.
  public var unit: String
  public var domain: Domain
  public var defaultValue: ParameterValue
  /// A typical value or range, for help.
  public var typical: String
  /// One line of help.
  public var help: String
  /// When the option has an effect at all, `nil` for always (a sweep of an option without
  /// effect is refused: it would give identical inks under different labels).
  public var activeWhen: Activation?

  /// The option acts only while option `option` has one of `values` (as canonical text:
  /// `one-euro`, `0`).
  public struct Activation: Sendable, Hashable {
    public var option: String
    public var values: [String]
    public init(option: String, values: [String]) {
      self.option = option
      self.values = values
    }
  }

  /// The same declaration, acting only while `option` has one of `values`.
  public func active(when option: String, is values: String...) -> ParameterInfo {
    var p = self
    p.activeWhen = Activation(option: option, values: values)
    return p
  }

  public init(
    name: String, unit: String, domain: Domain, defaultValue: ParameterValue, typical: String = "",
    help: String
  ) {
    self.name = name
    self.unit = unit
    self.domain = domain
    self.defaultValue = defaultValue
    self.typical = typical
    self.help = help
  }

  /// A number option with the range `lower…upper` (both closed unless stated).
  public static func number(
    _ name: String, unit: String, _ lower: Double, _ upper: Double, lowerClosed: Bool = true,
    upperClosed: Bool = true, default value: Double, typical: String = "", help: String
  ) -> ParameterInfo {
    ParameterInfo(
      name: name, unit: unit,
      domain: .number(
        lower: lower, lowerClosed: lowerClosed, upper: upper, upperClosed: upperClosed),
      defaultValue: .number(value), typical: typical, help: help)
  }

  /// A choice option.
  public static func choice(
    _ name: String, _ values: [String], default value: String, help: String
  ) -> ParameterInfo {
    ParameterInfo(
      name: name, unit: "", domain: .choice(values), defaultValue: .choice(value), help: help)
  }

  /// The rule as text, e.g. "a number in (0, 50] px" or "one of: constant, pressure".
  public var rule: String {
    switch domain {
    case .number(let lo, let loC, let hi, let hiC):
      let u = unit.isEmpty ? "" : " \(unit)"
      return "a number in \(loC ? "[" : "(")\(ParameterValue.format(lo)), "
        + "\(ParameterValue.format(hi))\(hiC ? "]" : ")")\(u)"
    case .integer(let r):
      let u = unit.isEmpty ? "" : " \(unit)"
      return "a whole number in [\(r.lowerBound), \(r.upperBound)]\(u)"
    case .choice(let values):
      return "one of: \(values.joined(separator: ", "))"
    }
  }

  /// Parses and validates `text` against this declaration.
  public func parse(_ text: String, strategy: String) throws(StrategyError) -> ParameterValue {
    switch domain {
    case .number(let lo, let loC, let hi, let hiC):
      guard let v = Double(text), v.isFinite else {
        throw .invalidOption(strategy: strategy, option: name, rule: rule, value: text)
      }
      let okLo = loC ? v >= lo : v > lo
      let okHi = hiC ? v <= hi : v < hi
      guard okLo && okHi else {
        throw .invalidOption(strategy: strategy, option: name, rule: rule, value: text)
      }
      return .number(v)
    case .integer(let r):
      guard let v = Int(text), r.contains(v) else {
        throw .invalidOption(strategy: strategy, option: name, rule: rule, value: text)
      }
      return .number(Double(v))
    case .choice(let values):
      guard values.contains(text) else {
        let hint = closestMatch(to: text, in: values).map { " (did you mean '\($0)'?)" } ?? ""
        throw .invalidOption(strategy: strategy, option: name, rule: rule + hint, value: text)
      }
      return .choice(text)
    }
  }
}

/// A resolved option value.
public enum ParameterValue: Sendable, Hashable, Codable, CustomStringConvertible {
  case number(Double)
  case choice(String)

  /// Canonical text: shortest round-tripping decimal for numbers ("2", "0.5"), the word for
  /// choices.
  public var description: String {
    switch self {
    case .number(let v): return ParameterValue.format(v)
    case .choice(let s): return s
    }
  }

  /// Shortest text for a number: integers without ".0".
  public static func format(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
  }
}
