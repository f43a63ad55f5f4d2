import Foundation

/// The commit this binary was built from, stamped at build time by the `HistoryBuildStamp`
/// plugin (never read from the current folder at run time): what a history record names.
public enum HistoryBuildStamp {
  /// Full commit hash; `nil` when the build was not made in a git checkout.
  public static var commit: String? {
    HistoryStampValues.commit == "unknown" ? nil : HistoryStampValues.commit
  }

  /// The commit's committer time as ISO 8601 UTC (`2026-12-01T12:55:28Z`); `nil` when unknown.
  public static var commitTime: String? {
    guard commit != nil, HistoryStampValues.commitUnixTime > 0 else { return nil }
    let date = Date(timeIntervalSince1970: TimeInterval(HistoryStampValues.commitUnixTime))
    return ISO8601DateFormatter().string(from: date)
  }

  /// Uncommitted changes to tracked files when the binary was built; `nil` when unknown.
  public static var dirty: Bool? { HistoryStampValues.dirty }
}
