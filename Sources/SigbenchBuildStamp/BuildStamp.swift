import Foundation

/// The commit this binary was built from, stamped at build time by the `BuildStamp` plugin
/// (never read from the current folder at run time): what a history record names, and what
/// every artefact's provenance can name (this module imports Foundation only, so Results and
/// Run may read it).
public enum BuildStamp {
  /// Full commit hash; `nil` when the build was not made in a git checkout.
  public static var commit: String? {
    BuildStampValues.commit == "unknown" ? nil : BuildStampValues.commit
  }

  /// The commit's committer time as ISO 8601 UTC (`2026-12-01T12:55:28Z`); `nil` when unknown.
  public static var commitTime: String? {
    guard commit != nil, BuildStampValues.commitUnixTime > 0 else { return nil }
    let date = Date(timeIntervalSince1970: TimeInterval(BuildStampValues.commitUnixTime))
    return ISO8601DateFormatter().string(from: date)
  }

  /// Uncommitted changes to tracked files when the binary was built; `nil` when unknown.
  public static var dirty: Bool? { BuildStampValues.dirty }

  /// `debug` or `release`: SwiftPM defines `DEBUG` in debug builds only.
  public static var configuration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  /// The Swift compiler that built this binary, to its minor version (`Swift 6.3`), from the
  /// compiler's own version checks.
  public static var toolchain: String {
    #if compiler(>=6.6)
      "Swift 6.6 or later"
    #elseif compiler(>=6.5)
      "Swift 6.5"
    #elseif compiler(>=6.4)
      "Swift 6.4"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #elseif compiler(>=6.1)
      "Swift 6.1"
    #else
      "Swift 6.0"
    #endif
  }
}
