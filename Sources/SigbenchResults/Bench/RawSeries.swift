/// Raw figures of one strategy × lane in one process (for `samples.csv`): every single-bracket
/// figure of every timed pass, the finish of every stroke, and every batched per-point figure.
public struct RawSeries: Codable, Hashable, Sendable {
  /// The most rows `samples.csv` holds per strategy × lane (over all processes): a
  /// 10,000-file corpus would otherwise write gigabytes.
  public static let maxRowsPerSeries = 50_000

  public var strategy: String
  public var lane: BenchLane
  /// The worker process (0-based; 0 when measured in-process).
  public var process: Int = 0
  public var passes: [PointRecord]
  public var finishes: [[Double]]
  public var batched: [[Double]]
  /// Rows dropped by `thinned` to stay within a bound.
  public var rowsLeftOut: Int = 0

  public init(
    strategy: String, lane: BenchLane, passes: [PointRecord] = [], finishes: [[Double]] = [],
    batched: [[Double]] = []
  ) {
    self.strategy = strategy
    self.lane = lane
    self.passes = passes
    self.finishes = finishes
    self.batched = batched
  }

  /// CSV rows this series gives.
  public var rowCount: Int {
    passes.reduce(0) { $0 + $1.ns.count } + finishes.reduce(0) { $0 + $1.count }
      + batched.reduce(0) { $0 + $1.count }
  }

  /// At most `maxRows` rows: when over, every k-th single-bracket row (k the smallest stride
  /// that fits, deterministic, spread evenly over passes and stroke positions), every finish and
  /// batched row kept while they fit; `rowsLeftOut` counts the rest.
  public func thinned(maxRows: Int) -> RawSeries {
    let total = rowCount
    guard total > maxRows else { return self }
    var out = self
    let others = finishes.reduce(0) { $0 + $1.count } + batched.reduce(0) { $0 + $1.count }
    let singles = total - others
    let singleBudget = max(1, maxRows - min(others, maxRows / 2))
    let stride = max(1, (singles + singleBudget - 1) / singleBudget)
    var seen = 0
    out.passes = passes.map { r in
      var kept = PointRecord()
      for i in r.ns.indices {
        if seen % stride == 0 {
          kept.ns.append(r.ns[i])
          kept.index.append(r.index[i])
          kept.length.append(r.length[i])
          kept.stroke.append(r.stroke[i])
        }
        seen += 1
      }
      return kept
    }
    var room = max(0, maxRows - out.passes.reduce(0) { $0 + $1.ns.count })
    func cap(_ lists: [[Double]]) -> [[Double]] {
      lists.map { l in
        let k = min(room, l.count)
        room -= k
        return Array(l.prefix(k))
      }
    }
    out.finishes = cap(finishes)
    out.batched = cap(batched)
    out.rowsLeftOut = rowsLeftOut + total - out.rowCount
    return out
  }
}

/// How many raw rows a benchmark kept and left out (the CSV is bounded).
public struct RawSampleCount: Codable, Hashable, Sendable {
  public var rows: Int
  public var rowsLeftOut: Int
  /// The bound per strategy × lane.
  public var maxRowsPerSeries: Int

  public init(_ series: [RawSeries]) {
    rows = series.reduce(0) { $0 + $1.rowCount }
    rowsLeftOut = series.reduce(0) { $0 + $1.rowsLeftOut }
    maxRowsPerSeries = RawSeries.maxRowsPerSeries
  }
}

/// Per-point figures of one timed pass, in parallel arrays (no per-point allocation while
/// timing: capacity is reserved up front).
public struct PointRecord: Codable, Hashable, Sendable {
  /// Bracket duration of each push, ns (includes one clock read's overhead).
  public var ns: [Double] = []
  /// Index of the sample within its stroke (0-based).
  public var index: [Int32] = []
  /// Length of the sample's stroke.
  public var length: [Int32] = []
  /// Stroke number within the pass.
  public var stroke: [Int32] = []

  public init() {}

  public mutating func reserve(_ n: Int) {
    ns.reserveCapacity(n)
    index.reserveCapacity(n)
    length.reserveCapacity(n)
    stroke.reserveCapacity(n)
  }
}
