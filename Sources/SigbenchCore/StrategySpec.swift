/// A strategy as the user writes it: `ID` or `ID(name=value,…)`.
///
/// One syntax everywhere (CLI, results, baselines, report columns). A list is comma-separated
/// at the top level: `straight,catmull-rom(width=pressure)`. Whitespace around tokens is
/// ignored. Ids and option names are kebab-case (`[a-z0-9-]`); values are any text without
/// `,`, `(`, `)` or `=`.
public struct StrategySpec: Hashable, Sendable {
  public var id: String
  /// Options in the order written.
  public var options: [Option]

  public struct Option: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public init(id: String, options: [Option] = []) {
    self.id = id
    self.options = options
  }

  /// The spec as written back (options in the given order).
  public var text: String {
    options.isEmpty
      ? id : "\(id)(\(options.map { "\($0.name)=\($0.value)" }.joined(separator: ",")))"
  }

  /// Parses one spec.
  public static func parse(_ text: String) throws(StrategyError) -> StrategySpec {
    let list = try parseList(text)
    guard list.count == 1 else {
      throw .syntax(spec: text, offset: 0, message: "expected one strategy, found \(list.count)")
    }
    return list[0]
  }

  /// Parses a comma-separated list of specs. Offsets in errors count characters from 0.
  public static func parseList(_ text: String) throws(StrategyError) -> [StrategySpec] {
    var parser = SpecParser(text: text)
    return try parser.parseList()
  }
}

/// Recursive-descent parser for the spec grammar:
/// `list := spec (',' spec)*`, `spec := word ('(' [option (',' option)*] ')')?`,
/// `option := word '=' value`.
private struct SpecParser {
  let text: String
  let chars: [Character]
  var i = 0

  init(text: String) {
    self.text = text
    self.chars = Array(text)
  }

  mutating func skipSpace() { while i < chars.count, chars[i].isWhitespace { i += 1 } }

  func fail(_ message: String) -> StrategyError { .syntax(spec: text, offset: i, message: message) }

  mutating func word(_ what: String) throws(StrategyError) -> String {
    skipSpace()
    let start = i
    while i < chars.count, chars[i].isASCII,
      chars[i].isLetter || chars[i].isNumber || chars[i] == "-"
    {
      i += 1
    }
    guard i > start else {
      let found = i < chars.count ? "'\(chars[i])'" : "end of text"
      throw fail("expected \(what) ([a-z0-9-]), found \(found)")
    }
    return String(chars[start..<i]).lowercased()
  }

  mutating func value() throws(StrategyError) -> String {
    skipSpace()
    let start = i
    while i < chars.count, !",()=".contains(chars[i]) { i += 1 }
    let v = String(chars[start..<i]).trimmingSpaces()
    guard !v.isEmpty else { throw fail("expected a value after '='") }
    return v
  }

  mutating func expect(_ c: Character) throws(StrategyError) {
    skipSpace()
    guard i < chars.count, chars[i] == c else {
      let found = i < chars.count ? "'\(chars[i])'" : "end of text"
      throw fail("expected '\(c)', found \(found)")
    }
    i += 1
  }

  mutating func peek(_ c: Character) -> Bool {
    skipSpace()
    return i < chars.count && chars[i] == c
  }

  mutating func parseSpec() throws(StrategyError) -> StrategySpec {
    let id = try word("a strategy id")
    var options: [StrategySpec.Option] = []
    if peek("(") {
      i += 1
      if !peek(")") {
        repeat {
          let name = try word("an option name")
          try expect("=")
          options.append(.init(name: name, value: try value()))
        } while consume(",")
      }
      try expect(")")
    }
    return StrategySpec(id: id, options: options)
  }

  mutating func consume(_ c: Character) -> Bool {
    if peek(c) {
      i += 1
      return true
    }
    return false
  }

  mutating func parseList() throws(StrategyError) -> [StrategySpec] {
    var list = [try parseSpec()]
    while consume(",") { list.append(try parseSpec()) }
    skipSpace()
    guard i == chars.count else { throw fail("unexpected '\(chars[i])'") }
    return list
  }
}

extension String {
  /// This text without leading and trailing whitespace (Foundation-free).
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s.removeFirst() }
    while let l = s.last, l.isWhitespace { s.removeLast() }
    return String(s)
  }
}
