/// Why a strategy spec could not be used. Each case names the place, the rule and the value.
public enum StrategyError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The spec text does not follow the grammar; `offset` counts characters from 0.
  case syntax(spec: String, offset: Int, message: String)
  /// No strategy has this id.
  case unknownStrategy(id: String, suggestion: String?, known: [String])
  /// The strategy has no option with this name.
  case unknownOption(strategy: String, option: String, suggestion: String?, known: [String])
  /// The value breaks the option's rule.
  case invalidOption(strategy: String, option: String, rule: String, value: String)
  /// A sweep (`a|b`, `start..end:step`) breaks a rule of sweeps: its grid is over the cap, a
  /// swept option has no effect, every point breaks a constraint, or a sweep where none is
  /// taken. `option` is the swept option the message is about, if one.
  case invalidSweep(spec: String, option: String?, message: String)

  public var description: String {
    switch self {
    case .syntax(let spec, let offset, let message):
      return "invalid strategy spec '\(spec)' at character \(offset): \(message)"
    case .unknownStrategy(let id, let suggestion, let known):
      let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
      return "unknown strategy '\(id)'.\(hint) Known: \(known.joined(separator: ", "))"
    case .unknownOption(let strategy, let option, let suggestion, let known):
      let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
      let list =
        known.isEmpty ? "it has no options" : "its options: \(known.joined(separator: ", "))"
      return "\(strategy) has no option '\(option)'.\(hint) (\(list))"
    case .invalidOption(let strategy, let option, let rule, let value):
      return "\(strategy): option '\(option)' must be \(rule); got '\(value)'"
    case .invalidSweep(let spec, let option, let message):
      return "sweep '\(spec)'\(option.map { ", option '\($0)'" } ?? ""): \(message)"
    }
  }
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
/// (distance at most a third of the longer word, and at most 3).
public func closestMatch(to word: String, in candidates: [String]) -> String? {
  var best: (String, Int)?
  for c in candidates {
    let d = editDistance(word, c)
    if best == nil || d < best!.1 { best = (c, d) }
  }
  guard let (c, d) = best else { return nil }
  let limit = min(3, max(1, max(word.count, c.count) / 3))
  return d <= limit ? c : nil
}

/// Edit distance between two strings, by characters: insertions, deletions, substitutions
/// and transpositions of neighbours each cost 1 (optimal string alignment), so "widht" is one
/// edit from "width".
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { d[i][0] = i }
  for j in 0...b.count { d[0][j] = j }
  for i in 1...a.count {
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
      }
    }
  }
  return d[a.count][b.count]
}
