/// Benchmark figures across commits, read from the history database, with the steps found in
/// them: what `sigbench history report` draws and what a run's sheet shows in its history
/// section (stored in `result.json`, so the sheet is still rebuilt from that file alone).
public struct HistoryTrends: Codable, Hashable, Sendable {
  /// How steps were found, in words, with the method's source, its settings and its seed.
  public var method: String
  /// One entry per strategy × lane × metric × comparability group, in that order.
  public var series: [HistorySeries]
  /// Strategy labels that are configurations of a sweep, with the sweep's spec: the history
  /// pages fold their series under the sweep (`nil` without sweeps, and in older files).
  public var sweeps: [String: String]?

  public init(method: String, series: [HistorySeries], sweeps: [String: String]? = nil) {
    self.method = method
    self.series = series
    self.sweeps = sweeps
  }

  /// Every step of every series, newest first (by the time of the first point after it).
  public var steps: [HistoryStepInSeries] {
    series.flatMap { s in s.steps.map { HistoryStepInSeries(series: s, step: $0) } }
      .sorted { ($0.step.toTime, $0.series.label) > ($1.step.toTime, $1.series.label) }
  }
}

/// One strategy × lane × metric on one machine, build and corpus (the comparability group):
/// only such points are joined on one line; other groups are separate series.
public struct HistorySeries: Codable, Hashable, Sendable {
  public var strategy: String
  /// `smooth`, `smooth+raster` or `quality`.
  public var lane: String
  public var metric: String
  /// `ns`, `ratio`, or a quality metric's unit.
  public var unit: String
  /// Machine fingerprint · build · corpus checksum.
  public var group: String
  /// Ordered by committer time (run time where unknown), ties by run time.
  public var points: [HistoryPoint]
  /// Ascending by position.
  public var steps: [HistoryStep]

  public init(
    strategy: String, lane: String, metric: String, unit: String, group: String,
    points: [HistoryPoint], steps: [HistoryStep]
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.unit = unit
    self.group = group
    self.points = points
    self.steps = steps
  }

  /// `strategy [lane] metric`.
  public var label: String { "\(strategy) [\(lane)] \(metric)" }
}

/// One run's headline figure in a series, with the spread over its processes.
public struct HistoryPoint: Codable, Hashable, Sendable {
  /// Full commit hash the binary was built from; `nil` when unknown.
  public var commit: String?
  /// ISO 8601: the committer time, else the run's start time.
  public var time: String
  /// ISO 8601 UTC start of the run.
  public var runTime: String
  public var dirty: Bool?
  /// `run`, `bench` or `gate`.
  public var kind: String
  /// The headline (median over processes).
  public var value: Double
  /// Smallest and largest per-process value (equal to `value` with one process).
  public var low: Double
  public var high: Double

  public init(
    commit: String?, time: String, runTime: String, dirty: Bool?, kind: String, value: Double,
    low: Double, high: Double
  ) {
    self.commit = commit
    self.time = time
    self.runTime = runTime
    self.dirty = dirty
    self.kind = kind
    self.value = value
    self.low = low
    self.high = high
  }

  /// The first 10 hex digits of the commit, or "unknown".
  public var shortCommit: String { Provenance.label(commit: commit, dirty: nil) }
}

/// A detected step: the level changed between two consecutive points of a series.
public struct HistoryStep: Codable, Hashable, Sendable {
  /// Index in `points` of the first point after the step.
  public var index: Int
  /// The commit of the last point before and of the first point after the step.
  public var fromCommit: String?
  public var toCommit: String?
  public var fromTime: String
  public var toTime: String
  /// Median of the points between the previous step (or the start) and this one, and between
  /// this step and the next (or the end).
  public var before: Double
  public var after: Double
  /// The permutation test's p-value.
  public var pValue: Double

  public init(
    index: Int, fromCommit: String?, toCommit: String?, fromTime: String, toTime: String,
    before: Double, after: Double, pValue: Double
  ) {
    self.index = index
    self.fromCommit = fromCommit
    self.toCommit = toCommit
    self.fromTime = fromTime
    self.toTime = toTime
    self.before = before
    self.after = after
    self.pValue = pValue
  }

  /// after / before − 1 (`+0.05` is 5 % higher); `nil` when `before` is 0.
  public var change: Double? { before != 0 ? after / before - 1 : nil }

  /// `abc1234567..def7654321`.
  public var commitRange: String {
    Provenance.label(commit: fromCommit, dirty: nil) + ".."
      + Provenance.label(commit: toCommit, dirty: nil)
  }
}

/// A step with the series it belongs to (for lists across series).
public struct HistoryStepInSeries: Hashable, Sendable {
  public var series: HistorySeries
  public var step: HistoryStep
}
