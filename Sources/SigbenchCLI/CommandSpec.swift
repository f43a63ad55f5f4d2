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
}

/// One `--long`/`-s` option: a flag, or one taking a value.
public struct OptionSpec: Sendable, Hashable {
  public var long: String
  public var short: Character?
  /// `nil` for a flag; otherwise the placeholder shown in help (`DIR`, `SPEC`).
  public var valueName: String?
  public var help: String
  public var defaultValue: String?
  public var allowedValues: [String]?

  public init(
    _ long: String, short: Character? = nil, value: String? = nil, help: String,
    default defaultValue: String? = nil, allowed: [String]? = nil
  ) {
    self.long = long
    self.short = short
    self.valueName = value
    self.help = help
    self.defaultValue = defaultValue
    self.allowedValues = allowed
  }

  public static let help = OptionSpec("help", short: "h", help: "Show help information.")
}

/// A positional argument.
public struct PositionalSpec: Sendable, Hashable {
  public var name: String
  public var help: String
  public var optional: Bool
  /// The last positional only: it takes every remaining argument (`<dir>...`).
  public var variadic: Bool
  public init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false) {
    self.name = name
    self.help = help
    self.optional = optional
    self.variadic = variadic
  }
}

/// Arguments parsed against a `CommandSpec`.
public struct ParsedArguments: Sendable {
  public var values: [String: String] = [:]
  public var flags: Set<String> = []
  public var positionals: [String] = []

  public func value(_ long: String) -> String? { values[long] }
  public func flag(_ long: String) -> Bool { flags.contains(long) }
}

/// The parser: `--name value`, `--name=value`, `-s value`, flags, positionals, and `--`.
public enum ArgumentParser {
  public static func parse(_ args: [String], spec: CommandSpec) throws(ValidationError)
    -> ParsedArguments
  {
    var result = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
        result.positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      var name: String
      var inlineValue: String?
      let option: OptionSpec
      if arg.hasPrefix("--") {
        name = String(arg.dropFirst(2))
        if let eq = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: eq)...])
          name = String(name[..<eq])
        }
        guard let o = spec.options.first(where: { $0.long == name }) else {
          let hint =
            closestOption(name, spec).map { " Did you mean '--\($0)'?" } ?? ""
          throw ValidationError("Unknown option '--\(name)'.\(hint)")
        }
        option = o
      } else {
        let letters = Array(arg.dropFirst())
        guard letters.count == 1, let o = spec.options.first(where: { $0.short == letters[0] })
        else { throw ValidationError("Unknown option '\(arg)'.") }
        option = o
        name = o.long
      }
      if option.valueName == nil {
        if inlineValue != nil {
          throw ValidationError("Option '--\(name)' is a flag and takes no value.")
        }
        result.flags.insert(option.long)
        continue
      }
      let value: String
      if let v = inlineValue {
        value = v
      } else {
        guard i < args.count else {
          throw ValidationError("Missing value for '--\(name) <\(option.valueName!)>'.")
        }
        value = args[i]
        i += 1
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw ValidationError(
          "The value '\(value)' is invalid for '--\(name) <\(option.valueName!)>'; "
            + "expected one of: \(allowed.joined(separator: ", ")).")
      }
      guard result.values[option.long] == nil else {
        throw ValidationError("Option '--\(name)' was given more than once.")
      }
      result.values[option.long] = value
    }
    if !result.flags.contains("help") {
      let required = spec.positionals.filter { !$0.optional }.count
      if result.positionals.count < required {
        let missing = spec.positionals[result.positionals.count]
        throw ValidationError("Missing expected argument '<\(missing.name)>'.")
      }
      if result.positionals.count > spec.positionals.count,
        spec.positionals.last?.variadic != true
      {
        throw ValidationError(
          "Unexpected argument '\(result.positionals[spec.positionals.count])'.")
      }
    }
    for o in spec.options where o.valueName != nil && result.values[o.long] == nil {
      if let d = o.defaultValue { result.values[o.long] = d }
    }
    return result
  }

  static func closestOption(_ name: String, _ spec: CommandSpec) -> String? {
    SigbenchCoreBridge.closest(name, spec.options.map(\.long))
  }
}
