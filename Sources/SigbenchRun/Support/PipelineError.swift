import SigbenchResults

/// A pipeline failure, with what kind of failure it is so the CLI can map it to an exit code.
/// The library never exits or prints; the message names the thing that failed and why.
public struct PipelineError: Error, Sendable, CustomStringConvertible, Equatable {
  public enum Kind: Sendable, Hashable {
    /// I/O, an unreadable or empty corpus, a render failure (exit 1).
    case toolError
    /// A benchmark worker crashed or wrote figures that are not finite and positive (exit 3).
    case invalidBenchmark
    /// A named baseline, noise floor or base binary is missing or unusable (exit 5).
    case baselineUnusable
    /// An option value that breaks its rule (exit 64).
    case invalidOption
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
