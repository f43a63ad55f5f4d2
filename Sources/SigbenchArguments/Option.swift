import SigbenchCore

/// A declared option whose text reads as `Value`: the declaration and its one conversion, so
/// every command that takes the option parses and checks it the same way. Commands read it
/// through `ParsedArguments.value(_:)`; the default, range and allowed values are those of the
/// command's own use of the option (`CommandSpec.options`).
public struct Option<Value>: Sendable {
  public var spec: OptionSpec
  /// Converts and checks one value; `use` is the command's use of the option (its range).
  let convert: @Sendable (_ text: String, _ use: OptionSpec) throws -> Value

  public init(
    _ spec: OptionSpec, convert: @escaping @Sendable (String, OptionSpec) throws -> Value
  ) {
    self.spec = spec
    self.convert = convert
  }

  /// Another option (`long`, `help`) that reads its value the same way as this one.
  public func declaring(_ long: String, help: String) -> Option {
    var s = OptionSpec(long, value: spec.valueName, help: help)
    s.allowedValues = spec.allowedValues
    s.range = spec.range
    return Option(s, convert: convert)
  }

  public func defaulting(to value: String, note: String? = nil) -> Option {
    Option(spec.defaulting(to: value, note: note), convert: convert)
  }
  public func defaultNote(_ note: String) -> Option {
    Option(spec.defaultNote(note), convert: convert)
  }
  public func requiredHere() -> Option { Option(spec.requiredHere(), convert: convert) }
  public func within(_ r: ClosedRange<Int>) -> Option { Option(spec.within(r), convert: convert) }
  public func within(_ r: ClosedRange<Double>) -> Option {
    Option(spec.within(r), convert: convert)
  }
  public func allowing(_ values: [String]) -> Option {
    var s = spec
    s.allowedValues = values
    return Option(s, convert: convert)
  }
}

/// A flag: present or not.
public struct Flag: Sendable {
  public var spec: OptionSpec
  public init(_ long: String, help: String) { spec = OptionSpec(long, help: help) }
}

extension Option where Value == String {
  /// Any text (a path, a name, a spec checked later).
  public static func text(
    _ long: String, short: Character? = nil, value: String, help: String,
    repeatable: Bool = false
  ) -> Option {
    Option(
      OptionSpec(long, short: short, value: value, help: help, repeatable: repeatable)
    ) { text, _ in
      // An empty folder or file name would silently mean the current folder.
      guard !text.isEmpty else {
        throw ValidationError("--\(long) needs a non-empty \(value); got ''.")
      }
      return text
    }
  }
}

extension Option where Value == Int {
  /// A whole number, within the command's range when it sets one (`within`).
  public static func integer(_ long: String, value: String = "N", help: String) -> Option {
    Option(OptionSpec(long, value: value, help: help)) { text, use in
      guard let v = Int(text), use.range?.contains(Double(v)) ?? true else {
        let range = use.rangeText.map { $0.hasPrefix("≥") ? $0 : "in \($0)" } ?? "in Int"
        throw ValidationError("--\(long) must be a whole number \(range); got '\(text)'.")
      }
      return v
    }
  }
}

extension Option where Value == Double {
  /// A finite number, within the command's range when it sets one (`within`).
  public static func number(_ long: String, value: String, help: String) -> Option {
    Option(OptionSpec(long, value: value, help: help)) { text, use in
      guard let v = Double(text), v.isFinite, use.range?.contains(v) ?? true else {
        let range = use.range.map {
          " in [\(ParameterValue.format($0.lowerBound)), \(ParameterValue.format($0.upperBound))]"
        }
        throw ValidationError("--\(long) must be a number\(range ?? ""); got '\(text)'.")
      }
      return v
    }
  }
}

extension Option where Value == [Double] {
  /// Comma-separated numbers.
  public static func numbers(_ long: String, value: String, help: String) -> Option {
    Option(OptionSpec(long, value: value, help: help)) { text, _ in
      let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Double($0.filter { $0 != " " })
      }
      guard values.allSatisfy({ $0 != nil }) else {
        throw ValidationError("--\(long) must be comma-separated numbers; got '\(text)'.")
      }
      return values.map { $0! }
    }
  }
}

extension Option where Value == UInt64 {
  /// A seed: a whole number ≥ 0.
  public static func seed(_ long: String, help: String) -> Option {
    Option(OptionSpec(long, value: "N", help: help)) { text, _ in
      guard let v = UInt64(text) else {
        throw ValidationError("--\(long) must be a whole number in 0…\(UInt64.max); got '\(text)'.")
      }
      return v
    }
  }
}

extension Option
where Value: RawRepresentable & CaseIterable & SendableMetatype, Value.RawValue == String {
  /// One of the type's cases by raw value (listed as the allowed values).
  public static func choice(_ long: String, value: String, help: String) -> Option {
    Option(
      OptionSpec(
        long, value: value, help: help, allowed: Value.allCases.map(\.rawValue))
    ) { text, _ in
      guard let v = Value(rawValue: text) else {
        throw ValidationError("--\(long): unknown value '\(text)'.")
      }
      return v
    }
  }
}

extension Option {
  /// Text converted by `read`; its error (any) becomes a usage error naming the option.
  public static func custom(
    _ long: String, short: Character? = nil, value: String, help: String,
    allowed: [String]? = nil, read: @escaping @Sendable (String) throws -> Value
  ) -> Option {
    Option(OptionSpec(long, short: short, value: value, help: help, allowed: allowed)) {
      text, _ in
      do { return try read(text) } catch let e as ValidationError { throw e } catch {
        throw ValidationError("\(error)")
      }
    }
  }
}
