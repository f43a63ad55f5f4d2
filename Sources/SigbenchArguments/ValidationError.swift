/// A user mistake found while parsing or validating arguments: exit 64 with usage and a hint.
public struct ValidationError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
