import SigbenchCore

/// One recorded run as the history stores it: where the figures came from (the commit the
/// binary was built from, the machine, the build, the corpus) and the figures themselves.
public struct HistoryRecord: Hashable, Sendable {
  /// `run`, `bench` or `gate` (a gate's head side only).
  public var kind: String
  /// ISO 8601 UTC time the run started.
  public var createdAt: String
  /// Full commit hash the binary was built from (`nil`: unknown, e.g. not built in a checkout).
  public var commit: String?
  /// That commit's committer time, ISO 8601 (`nil` when unknown, e.g. imported old runs).
  public var commitTime: String?
  /// Uncommitted changes in the checkout the binary was built from.
  public var dirty: Bool?
  /// The machine (`cpu; cores; os; toolchain`); figures compare only on equal fingerprints.
  public var fingerprint: String
  /// `release` or `debug`.
  public var build: String
  /// FNV-1a 64 of the corpus files, hex.
  public var corpusChecksum: String
  public var tool: String
  /// Worker processes behind each headline (1: measured in-process).
  public var processes: Int
  /// `live` for an append by the measuring command, else the imported file's path.
  public var source: String
  /// The run id of a `run` (`RunResult.runID`): what identifies it (`key`); `nil` for a
  /// `bench` or `gate`, identified by content.
  public var runID: String?
  public var measurements: [HistoryMeasurement]
  /// The external strategies among the figures' strategies, by label: their manifest, command
  /// and digests, so a later reader of a series knows when its code changed.
  public var external: [String: ExternalStrategyOrigin] = [:]
  /// The configurations of sweeps among the figures' strategies, by label: the sweep's spec
  /// (the history pages fold them under it).
  public var sweeps: [String: String] = [:]
  /// A merged run's corpus manifest, shard count and build (`MergeInfo`): a later merge of the
  /// same key replaces it, so a merge is stored once however often it is repeated; `nil` for
  /// any other record.
  public var mergeKey: String?
  /// A merged run with shards missing (`merge --allow-partial`).
  public var incomplete = false
  /// A shard run's `I/N` (`run --shard`): never stored (`HistoryStore.append` refuses it,
  /// `import` skips it); its merge is.
  public var shard: String?

  public init(
    kind: String, createdAt: String, commit: String?, commitTime: String?, dirty: Bool?,
    fingerprint: String, build: String, corpusChecksum: String, tool: String, processes: Int,
    source: String, runID: String? = nil, measurements: [HistoryMeasurement]
  ) {
    self.kind = kind
    self.createdAt = createdAt
    self.commit = commit
    self.commitTime = commitTime
    self.dirty = dirty
    self.fingerprint = fingerprint
    self.build = build
    self.corpusChecksum = corpusChecksum
    self.tool = tool
    self.processes = processes
    self.source = source
    self.runID = runID
    self.measurements = measurements
  }

  /// Identifies the run, not where it was read from: a `run` by its run id (`run:ID`), so the
  /// run appended live and imported later from its folder, or imported twice, is stored once;
  /// a `bench` or `gate` by `contentKey`.
  public var key: String {
    runID.map { "run:\($0)" } ?? contentKey
  }

  /// The kind, start time, machine, build, corpus and every figure (FNV-1a 64, hex): the key
  /// of a record without a run id, and of every record stored before run ids were keys (a store
  /// checks both, so those are not stored again).
  ///
  /// - Complexity: O(m log m) for m measurements.
  public var contentKey: String {
    var text = [kind, createdAt, fingerprint, build, corpusChecksum].joined(separator: "|")
    for m in measurements.sorted(by: { $0.sortKey < $1.sortKey }) {
      text += "|\(m.sortKey)=\(m.headline)"
    }
    return fnv1a64Hex(text)
  }

  /// True when two runs' figures may sit on one line: same machine, build and corpus.
  public var comparabilityGroup: String {
    [fingerprint, build, corpusChecksum].joined(separator: " · ")
  }
}

/// One strategy × lane × metric figure of a run.
public struct HistoryMeasurement: Hashable, Sendable {
  public var strategy: String
  /// `smooth`, `smooth+raster`, or `quality` for ink quality metrics.
  public var lane: String
  /// A gate metric (`batch-p50`, …) or a quality metric id (`accuracy-mean`, …).
  public var metric: String
  /// `ns`, `ratio`, or the quality metric's unit.
  public var unit: String
  /// The headline: the median over processes (or the single process's value).
  public var headline: Double
  /// Every process's value, in process order (empty when not kept).
  public var perProcess: [Double]

  public init(
    strategy: String, lane: String, metric: String, unit: String, headline: Double,
    perProcess: [Double]
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.unit = unit
    self.headline = headline
    self.perProcess = perProcess
  }

  var sortKey: String { "\(strategy)|\(lane)|\(metric)" }
}

/// FNV-1a 64 of the UTF-8 bytes of `text`, as 16 hex digits.
func fnv1a64Hex(_ text: String) -> String {
  var h: UInt64 = 0xcbf2_9ce4_8422_2325
  for b in text.utf8 {
    h ^= UInt64(b)
    h = h &* 0x0000_0100_0000_01b3
  }
  let hex = String(h, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}
