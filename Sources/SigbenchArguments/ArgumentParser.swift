import SigbenchCore

/// Arguments parsed against a `CommandSpec`: read by declaration (`Option`, `Flag`), never by a
/// name typed at the reading site, with the command's default applied.
public struct ParsedArguments: Sendable {
  /// Every value given per option (one unless the option repeats), defaults applied.
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// Long names the user gave a value for (a default does not count).
  var explicit: Set<String> = []
  public var positionals: [String] = []
  /// The command's use of each option, by long name.
  var uses: [String: OptionSpec] = [:]

  public init() {}

  /// The command's use of `spec` (the parse was made against a spec that declares it).
  func use(_ spec: OptionSpec) -> OptionSpec {
    guard let u = uses[spec.long] else {
      preconditionFailure("--\(spec.long) is read but not declared by this command")
    }
    return u
  }

  /// The value of `option` (the command's default when absent), converted; `nil` when absent
  /// without a default.
  public func value<V>(_ option: Option<V>) throws -> V? {
    let u = use(option.spec)
    guard let text = values[u.long]?.last else { return nil }
    return try option.convert(text, u)
  }

  /// The value of `option`, which is required here or has a default.
  public func required<V>(_ option: Option<V>) throws -> V {
    guard let v = try value(option) else {
      let u = use(option.spec)
      throw ValidationError("Missing '--\(u.long) <\(u.valueName ?? "")>'.")
    }
    return v
  }

  /// Every value of a repeatable option, in the order given.
  public func values<V>(_ option: Option<V>) throws -> [V] {
    let u = use(option.spec)
    return try (values[u.long] ?? []).map { try option.convert($0, u) }
  }

  /// Whether the user typed `spec` (a default does not count).
  public func given(_ spec: OptionSpec) -> Bool {
    let u = use(spec)
    return u.isFlag ? flags.contains(u.long) : explicit.contains(u.long)
  }

  public func flag(_ flag: Flag) -> Bool { flags.contains(use(flag.spec).long) }

  /// Whether this command declares `spec` at all (a group read by several commands).
  public func declares(_ spec: OptionSpec) -> Bool { uses[spec.long] != nil }

  /// `--help` was given.
  public var wantsHelp: Bool { flags.contains(OptionSpec.help.long) }
}

/// The parser: `--name value`, `--name=value`, `-s value`, flags, positionals, and `--`.
public enum ArgumentParser {
  public static func parse(_ args: [String], spec: CommandSpec) throws(ValidationError)
    -> ParsedArguments
  {
    var result = ParsedArguments()
    for o in spec.options { result.uses[o.long] = o }
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
      let (option, inlineValue) = try lookUp(arg, spec)
      let name = option.long
      if option.isFlag {
        if inlineValue != nil {
          throw ValidationError("Option '--\(name)' is a flag and takes no value.")
        }
        result.flags.insert(name)
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
      guard option.repeatable || !result.explicit.contains(name) else {
        throw ValidationError("Option '--\(name)' was given more than once.")
      }
      result.explicit.insert(name)
      result.values[name, default: []].append(value)
    }
    guard !result.wantsHelp else { return result }
    try checkPositionals(result.positionals, spec)
    for o in spec.options where !o.isFlag && result.values[o.long] == nil {
      if o.required {
        throw ValidationError("Missing '--\(o.long) <\(o.valueName!)>'.")
      }
      if let d = o.defaultValue { result.values[o.long] = [d] }
    }
    return result
  }

  /// The declared option `arg` names, with its inline `=value`.
  static func lookUp(_ arg: String, _ spec: CommandSpec) throws(ValidationError)
    -> (OptionSpec, String?)
  {
    if arg.hasPrefix("--") {
      var name = String(arg.dropFirst(2))
      var inline: String?
      if let eq = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      guard let o = spec.option(name) else {
        let hint = closestMatch(to: name, in: spec.options.map(\.long))
        throw ValidationError(
          "Unknown option '--\(name)'.\(hint.map { " Did you mean '--\($0)'?" } ?? "")")
      }
      return (o, inline)
    }
    let letters = Array(arg.dropFirst())
    guard letters.count == 1, let o = spec.options.first(where: { $0.short == letters[0] })
    else { throw ValidationError("Unknown option '\(arg)'.") }
    return (o, nil)
  }

  static func checkPositionals(_ given: [String], _ spec: CommandSpec) throws(ValidationError) {
    let required = spec.positionals.filter { !$0.optional }.count
    if given.count < required {
      throw ValidationError("Missing expected argument '<\(spec.positionals[given.count].name)>'.")
    }
    if given.count > spec.positionals.count, spec.positionals.last?.variadic != true {
      throw ValidationError("Unexpected argument '\(given[spec.positionals.count])'.")
    }
    for (p, word) in zip(spec.positionals, given) {
      if let allowed = p.allowed, !allowed.contains(word) {
        throw ValidationError(
          "Unknown \(p.name) '\(word)'; expected \(allowed.joined(separator: ", ")).")
      }
    }
  }
}
