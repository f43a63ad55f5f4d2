/// Where a configured strategy's code lives: compiled into sigbench, or outside it.
///
/// External strategies are judged like built-ins (quality, pictures, sheet, quality gate,
/// history), but their latency is never pooled with in-process figures: a push that crosses a
/// process boundary is timed by the program itself and by the round trip, in lanes of their own.
public enum StrategyOrigin: Sendable, Hashable {
  /// A catalog strategy compiled into this binary.
  case builtIn
  /// A strategy declared by a manifest outside sigbench.
  case external(ExternalStrategyOrigin)
  /// A strategy compiled into this binary by another Swift package that embeds sigbench's
  /// command line (`SigbenchMain.main(adding:package:)`), named by that package. Timed and
  /// counted like a built-in: its code is this binary's.
  case package(String)

  /// The external strategy's record, `nil` for a built-in.
  public var external: ExternalStrategyOrigin? {
    if case .external(let e) = self { return e }
    return nil
  }

  /// The package that added the strategy, `nil` for sigbench's own and external ones.
  public var package: String? {
    if case .package(let p) = self { return p }
    return nil
  }
}

/// What identifies an external strategy's code: its manifest and what its command runs.
public struct ExternalStrategyOrigin: Codable, Sendable, Hashable {
  /// How sigbench talks to it (`process`).
  public var kind: String
  /// The manifest file as found.
  public var manifestPath: String
  /// The command, as the manifest gives it (run without a shell).
  public var command: [String]
  /// SHA-256 of the manifest's bytes, lowercase hex.
  public var manifestDigest: String
  /// SHA-256 over the files the command names (its program or script, relative to the
  /// manifest's folder), lowercase hex; `nil` when it names none (a program found on `PATH`
  /// with no script argument).
  public var commandDigest: String?
  /// The files `commandDigest` covers, as the command names them.
  public var commandFiles: [String]

  public init(
    kind: String, manifestPath: String, command: [String], manifestDigest: String,
    commandDigest: String?, commandFiles: [String]
  ) {
    self.kind = kind
    self.manifestPath = manifestPath
    self.command = command
    self.manifestDigest = manifestDigest
    self.commandDigest = commandDigest
    self.commandFiles = commandFiles
  }
}

/// Failures a strategy's calls meet outside its algorithm — an external program that crashed,
/// hung, or answered what cannot be ink — which `SmoothingStrategy`'s non-throwing calls cannot
/// return. The strategy records them; `watch` runs a replay and throws the first one met on
/// the calling thread during it.
public protocol StrategyCallFailures: Sendable {
  /// Runs `body`; throws the first call failure met on this thread while it ran (after it
  /// returns), else returns its value.
  func watch<T>(_ body: () throws -> T) throws -> T
}

/// A strategy that reports its own time for each call (an external program's monotonic clock
/// around its own push), in nanoseconds: read after each `push` or `finish`.
public protocol ReportsOwnTime {
  /// The nanoseconds the last call took by the strategy's own clock; 0 before any call.
  var reportedNanoseconds: Int { get }
}
