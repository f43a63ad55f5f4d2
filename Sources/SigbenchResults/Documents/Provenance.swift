/// Where a document came from: the build stamp of the binary that wrote it (the commit it was
/// built from, whether that tree had uncommitted changes, the commit's time, the build
/// configuration and the compiler) and the corpus it read. The working folder is never
/// consulted: a run started inside another repository, or outside any, names the same commit.
/// Every file sigbench writes carries one (`DocumentHeader`), and the history, the sheet,
/// gate.md, bench.md and `baseline list` show it through `commitLabel`.
public struct Provenance: Codable, Hashable, Sendable {
  /// Full commit hash of the build; `nil` for a binary built outside a git checkout.
  public var gitCommit: String?
  /// Uncommitted changes to tracked files at build time; `nil` when unknown.
  public var gitDirty: Bool?
  /// The commit's committer time, ISO 8601 UTC; `nil` when unknown (and in files written before
  /// the stamp was recorded).
  public var commitTime: String?
  /// `debug` or `release`; `nil` in files written before the stamp was recorded.
  public var buildConfiguration: String?
  /// The compiler that built the binary (`Swift 6.3`); `nil` in older files.
  public var toolchain: String?
  /// FNV-1a 64 over the corpus files read, hex.
  public var corpusChecksum: String

  public init(
    gitCommit: String?, gitDirty: Bool?, commitTime: String? = nil,
    buildConfiguration: String? = nil, toolchain: String? = nil, corpusChecksum: String
  ) {
    self.gitCommit = gitCommit
    self.gitDirty = gitDirty
    self.commitTime = commitTime
    self.buildConfiguration = buildConfiguration
    self.toolchain = toolchain
    self.corpusChecksum = corpusChecksum
  }

  /// The build's commit as every output shows it: `Provenance.label(commit:dirty:)`.
  public var commitLabel: String { Provenance.label(commit: gitCommit, dirty: gitDirty) }

  /// What a binary built outside a git checkout says, the same way everywhere.
  public static let unknownCommit = "unknown"

  /// The first 10 hex digits of `commit` and `+dirty` when the tree had uncommitted changes
  /// (`7809636ca8+dirty`), or `unknown`.
  public static func label(commit: String?, dirty: Bool?) -> String {
    guard let commit, !commit.isEmpty else { return unknownCommit }
    return String(commit.prefix(10)) + (dirty == true ? "+dirty" : "")
  }
}
