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
}
