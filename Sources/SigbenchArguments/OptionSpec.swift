import SigbenchCore

/// One `--long`/`-s` option as a command declares it.
///
/// Two halves: what the option *is* (name, short name, placeholder, description, whether it
/// repeats) is declared once, by the type that owns the value, and reads the same in every
/// command that takes it (a test compares them); what a command *does with it* (its default,
/// whether it is required, the values and range it accepts) is set per command with the
/// modifiers below, and help and usage print both.
public struct OptionSpec: Sendable, Hashable {
  // What the option is: the same in every command.
  public var long: String
  public var short: Character?
  /// `nil` for a flag; otherwise the placeholder shown in help (`DIR`, `SPEC`).
  public var valueName: String?
  /// The description, shared by every command that takes the option.
  public var help: String
  /// A list: given any number of times, every value kept in order.
  public var repeatable: Bool

  // What this command does with it.
  /// Must be given (shown without brackets in usage).
  public var required: Bool
  /// The value the parser applies when the option is absent (printed as the default).
  public var defaultValue: String?
  /// Words before the default value, or the default itself when it is not a value the user
  /// could type ("the clock", "one per core").
  public var defaultNote: String?
  public var allowedValues: [String]?
  /// The accepted range of a number (whole numbers for integer options).
  public var range: ClosedRange<Double>?

  public init(
    _ long: String, short: Character? = nil, value: String? = nil, help: String,
    default defaultValue: String? = nil, allowed: [String]? = nil, repeatable: Bool = false,
    required: Bool = false
  ) {
    self.long = long
    self.short = short
    self.valueName = value
    self.help = help
    self.defaultValue = defaultValue
    self.allowedValues = allowed
    self.repeatable = repeatable
    self.required = required
  }

  public var isFlag: Bool { valueName == nil }

  /// The accepted range as help and errors print it: `1…200`, or `≥ 1` without an upper bound.
  public var rangeText: String? {
    guard let r = range else { return nil }
    let low = ParameterValue.format(r.lowerBound)
    return r.upperBound >= 1e15 ? "≥ \(low)" : "\(low)…\(ParameterValue.format(r.upperBound))"
  }

  /// What the option is, without what one command does with it: equal in every command.
  public var identity: String {
    "\(short.map { "-\($0) " } ?? "")--\(long) \(valueName ?? "(flag)")"
      + "\(repeatable ? " (repeatable)" : ""): \(help)"
  }

  public static let help = OptionSpec("help", short: "h", help: "Show help information.")

  // MARK: Per-command modifiers

  /// This command applies `value` when the option is absent.
  public func defaulting(to value: String, note: String? = nil) -> OptionSpec {
    var o = self
    o.defaultValue = value
    o.defaultNote = note
    return o
  }

  /// This command's default is not a value one could type (`note` says what happens).
  public func defaultNote(_ note: String) -> OptionSpec {
    var o = self
    o.defaultValue = nil
    o.defaultNote = note
    return o
  }

  /// This command needs the option.
  public func requiredHere() -> OptionSpec {
    var o = self
    o.required = true
    o.defaultValue = nil
    o.defaultNote = nil
    return o
  }

  /// This command accepts numbers in `range` only.
  public func within(_ range: ClosedRange<Double>) -> OptionSpec {
    var o = self
    o.range = range
    return o
  }

  public func within(_ range: ClosedRange<Int>) -> OptionSpec {
    within(Double(range.lowerBound)...Double(range.upperBound))
  }
}

/// A positional argument.
public struct PositionalSpec: Sendable, Hashable {
  public var name: String
  public var help: String
  public var optional: Bool
  /// The last positional only: it takes every remaining argument (`<dir>...`).
  public var variadic: Bool
  /// The words it may be (an action), checked by the parser; `nil`: any text.
  public var allowed: [String]?
  public init(
    _ name: String, help: String, optional: Bool = false, variadic: Bool = false,
    allowed: [String]? = nil
  ) {
    self.name = name
    self.help = help
    self.optional = optional
    self.variadic = variadic
    self.allowed = allowed
  }
}

/// The static description of a command: drives both parsing and help, so they cannot drift
/// (one declaration per command, as swift-argument-parser derives both from one type).
public struct CommandSpec: Sendable {
  public var name: String
  public var abstract: String
  public var discussion: String
  public var options: [OptionSpec]
  public var positionals: [PositionalSpec]

  public init(
    name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
    positionals: [PositionalSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options + [.help]
    self.positionals = positionals
  }

  /// This command's use of the option named `long`.
  public func option(_ long: String) -> OptionSpec? { options.first { $0.long == long } }
}
