/// One stored figure with the run it belongs to: a row of `history show` and `export --csv`.
public struct HistoryRow: Hashable, Sendable, Encodable {
  public var runID: Int64
  public var kind: String
  public var createdAt: String
  public var commit: String?
  public var commitTime: String?
  public var dirty: Bool?
  public var fingerprint: String
  public var build: String
  public var corpusChecksum: String
  public var processes: Int
  public var source: String
  public var strategy: String
  public var lane: String
  public var metric: String
  public var unit: String
  public var headline: Double
  public var perProcess: [Double]

  public init(
    runID: Int64, kind: String, createdAt: String, commit: String?, commitTime: String?,
    dirty: Bool?, fingerprint: String, build: String, corpusChecksum: String, processes: Int,
    source: String, strategy: String, lane: String, metric: String, unit: String, headline: Double,
    perProcess: [Double]
  ) {
    self.runID = runID
    self.kind = kind
    self.createdAt = createdAt
    self.commit = commit
    self.commitTime = commitTime
    self.dirty = dirty
    self.fingerprint = fingerprint
    self.build = build
    self.corpusChecksum = corpusChecksum
    self.processes = processes
    self.source = source
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.unit = unit
    self.headline = headline
    self.perProcess = perProcess
  }

  /// The ordering key of the series: committer time, else run time (ties by run time).
  public var orderTime: String { commitTime ?? createdAt }

  /// Same machine, build and corpus: only such points are joined on one line.
  public var comparabilityGroup: String {
    [fingerprint, build, corpusChecksum].joined(separator: " · ")
  }
}

/// One stored run, without its figures: a row of `history list`.
public struct HistoryRunSummary: Hashable, Sendable, Encodable {
  public var id: Int64
  public var kind: String
  public var createdAt: String
  public var commit: String?
  public var commitTime: String?
  public var dirty: Bool?
  public var build: String
  public var corpusChecksum: String
  public var processes: Int
  public var source: String
  public var measurements: Int
  /// A merged run with shards missing (`merge --allow-partial`).
  public var incomplete: Bool

  public init(
    id: Int64, kind: String, createdAt: String, commit: String?, commitTime: String?,
    dirty: Bool?, build: String, corpusChecksum: String, processes: Int, source: String,
    measurements: Int, incomplete: Bool = false
  ) {
    self.incomplete = incomplete
    self.id = id
    self.kind = kind
    self.createdAt = createdAt
    self.commit = commit
    self.commitTime = commitTime
    self.dirty = dirty
    self.build = build
    self.corpusChecksum = corpusChecksum
    self.processes = processes
    self.source = source
    self.measurements = measurements
  }
}
