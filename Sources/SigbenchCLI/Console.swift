import Foundation

/// Where a command writes: results to stdout, diagnostics to stderr. Only the CLI prints.
public struct Console: Sendable {
  public var quiet = false

  public init(quiet: Bool = false) { self.quiet = quiet }

  /// A result line on stdout.
  public func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// A diagnostic line on stderr (always shown).
  public func err(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// A progress or notice line on stderr, silenced by `--quiet`.
  public func note(_ text: String) {
    if !quiet { err(text) }
  }
}
