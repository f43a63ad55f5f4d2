/// Why a manifest, or the set of manifests found, cannot be used. Each case names the file,
/// the field (a path such as `options[2].range.min`), the rule and the value found.
public enum ExternalManifestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, not a regular file, too large, unreadable).
  case unreadable(path: String, reason: String)
  /// The file is not JSON; `message` is the parser's, with its place.
  case notJSON(path: String, message: String)
  /// A field breaks its rule.
  case invalidField(path: String, field: String, rule: String, value: String)
  /// A strategy folder cannot be listed.
  case unreadableFolder(path: String, reason: String)
  /// Two manifests, or a manifest and a built-in strategy, claim one id.
  case duplicateID(id: String, first: String, second: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "\(path): cannot read the strategy manifest: \(reason)"
    case .notJSON(let path, let message):
      return "\(path): the strategy manifest is not JSON: \(message)"
    case .invalidField(let path, let field, let rule, let value):
      return "\(path): field '\(field)' must be \(rule); got \(value)"
    case .unreadableFolder(let path, let reason):
      return "\(path): cannot list the strategy folder: \(reason)"
    case .duplicateID(let id, let first, let second):
      return "strategy id '\(id)' is declared twice: by \(first) and by \(second)"
    }
  }
}
