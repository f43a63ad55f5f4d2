import SigbenchCore

/// Where in a file something was found.
public enum FileLocation: Hashable, Sendable, CustomStringConvertible {
  /// 1-based line (and optional 1-based column) of a text file.
  case line(Int, column: Int? = nil)
  /// 0-based byte offset of a binary file.
  case byte(Int)
  /// A path inside a structured document (JSON key path, XML element path).
  case path(String)
  /// The file as a whole.
  case file

  public var description: String {
    switch self {
    case .line(let l, let c): return c.map { "line \(l), column \($0)" } ?? "line \(l)"
    case .byte(let b): return "byte \(b)"
    case .path(let p): return p
    case .file: return "whole file"
    }
  }

  /// The line, for a place in a text file.
  public var line: Int? {
    if case .line(let l, _) = self { return l }
    return nil
  }
}

/// Why a file of a supported format was rejected. Names the file, the place, the field, the
/// rule and the value, so a user can find and fix the input without a debugger.
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// The bytes do not follow the format's syntax.
    case malformed
    /// A value breaks a rule (non-finite number, out of range, limit exceeded).
    case invalidValue
    /// A version this reader does not support.
    case unsupportedVersion
    /// A configured limit (file size, samples per stroke, strokes per file) was exceeded.
    case limitExceeded
  }

  public var kind: Kind
  /// The file, as given to the reader (relative to the corpus root when read from a corpus).
  public var file: String
  public var location: FileLocation
  /// The field or element concerned ("x", "ButtonStatus", "trace").
  public var field: String
  /// The rule that was broken, phrased as what is required ("must be a finite number").
  public var rule: String
  /// The offending value, as found (shortened to 80 characters).
  public var value: String

  public init(
    _ kind: Kind, file: String, location: FileLocation, field: String, rule: String, value: String
  ) {
    self.kind = kind
    self.file = file
    self.location = location
    self.field = field
    self.rule = rule
    self.value = value.count > 80 ? String(value.prefix(77)) + "..." : value
  }

  /// One line: file, place, field and value with `ConsoleText`'s escapes (they come from the
  /// file and its name), so no input can break the line or steer the terminal.
  public var description: String {
    let place = ConsoleText.escaped(location.description)
    return "\(ConsoleText.escaped(file)): \(place): \(ConsoleText.escaped(field)) \(rule); got "
      + ConsoleText.quoted(value)
  }
}

/// Something a reader repaired or decided, which the user should know about.
public struct FormatWarning: Hashable, Sendable, CustomStringConvertible, Codable {
  public var file: String
  public var location: String
  public var message: String

  public init(file: String, location: FileLocation, message: String) {
    self.file = file
    self.location = location.description
    self.message = message
  }

  public var description: String {
    "\(ConsoleText.escaped(file)): \(ConsoleText.escaped(location)): \(ConsoleText.escaped(message))"
  }
}
