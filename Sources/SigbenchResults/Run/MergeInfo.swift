import SigbenchCore

/// How a merged run (`sigbench merge`) was assembled from shard runs: which shards, which are
/// missing, how the corpus was identified, and where each kind of figure came from.
///
/// Quality, drawings, pictures and warnings are those of a single run over the whole corpus
/// (folded in corpus order from every shard's per-drawing figures). Timing is machine-bound:
/// pooled only across shards whose machine and build match (`timingGroups`).
public struct MergeInfo: Codable, Hashable, Sendable {
  /// N of `--shard I/N`.
  public var count: Int
  /// The shards merged, by index.
  public var shards: [MergedShard]
  /// Shard numbers not given (`--allow-partial`); empty for a complete merge.
  public var missing: [Int]
  /// The corpus's manifest (`ShardInfo.manifestDigest`), which every shard matched.
  public var manifestDigest: String
  public var manifestFiles: Int
  public var manifestBytes: Int
  /// Where the format study came from, in words.
  public var formatStudySource: String
  /// Timing figures by machine and build: the first group's are the result's `bench`; the
  /// others are shown as their own groups, never pooled with it.
  public var timingGroups: [TimingGroup]
  /// The shards the counters come from (one build and layout), in words.
  public var countersSource: String

  public init(
    count: Int, shards: [MergedShard], missing: [Int], manifestDigest: String,
    manifestFiles: Int, manifestBytes: Int, formatStudySource: String,
    timingGroups: [TimingGroup], countersSource: String
  ) {
    self.count = count
    self.shards = shards
    self.missing = missing
    self.manifestDigest = manifestDigest
    self.manifestFiles = manifestFiles
    self.manifestBytes = manifestBytes
    self.formatStudySource = formatStudySource
    self.timingGroups = timingGroups
    self.countersSource = countersSource
  }

  /// Every shard of 1…count was merged.
  public var complete: Bool { missing.isEmpty }
}

/// One shard run as a merge used it.
public struct MergedShard: Codable, Hashable, Sendable {
  public var index: Int
  public var runID: String
  /// The shard's run folder, as given to `merge`.
  public var folder: String
  public var machine: MachineFingerprint
  /// Commit, configuration and toolchain of the binary that ran it (`TimingGroup.buildKey`).
  public var build: String
  public var drawings: Int
  public var contentChecksum: String
  /// When the shard ran (its result's `createdAt`).
  public var createdAt: String

  public init(
    index: Int, runID: String, folder: String, machine: MachineFingerprint, build: String,
    drawings: Int, contentChecksum: String, createdAt: String
  ) {
    self.index = index
    self.runID = runID
    self.folder = folder
    self.machine = machine
    self.build = build
    self.drawings = drawings
    self.contentChecksum = contentChecksum
    self.createdAt = createdAt
  }
}

/// Shards whose timing is pooled: same machine fingerprint and build. The figures are the median
/// over its shards of each shard's figure, with the min–max over them beside
/// (`LaneFigures.acrossProcesses`), as `bench --processes` pools processes.
public struct TimingGroup: Codable, Hashable, Sendable {
  public var shards: [Int]
  public var machine: MachineFingerprint
  public var build: String
  public var figures: [LaneFigures]

  public init(shards: [Int], machine: MachineFingerprint, build: String, figures: [LaneFigures]) {
    self.shards = shards
    self.machine = machine
    self.build = build
    self.figures = figures
  }

  /// The build a figure depends on: commit (with `+dirty`), configuration and toolchain.
  public static func buildKey(_ p: Provenance) -> String {
    [
      p.commitLabel, p.buildConfiguration ?? "unknown configuration",
      p.toolchain ?? "unknown toolchain",
    ]
    .joined(separator: " · ")
  }
}
