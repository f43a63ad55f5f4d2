import SigbenchResults

/// The single-bracket figures of one strategy × lane, bounded: count, sum, min, max and the
/// points over a sample period are exact over every timed point; the values the percentiles,
/// MAD and decile medians are read from are one point in `stride`, chosen by a fixed hash of
/// the point's number (the same sample on every run, no aliasing with stroke lengths), `stride`
/// chosen up front so about `capacity` are kept.
///
/// Up to `capacity` points (131,072: `Corpus/` has 37,917) every value is kept and the figures
/// are exactly those of the whole set. Above it, memory stays at ~10 bytes × `capacity` per
/// strategy × lane instead of 24 bytes per timed point (a 10,000-file corpus × 18 strategy ×
/// lane pairs would otherwise keep 0.6 GB of values).
struct PointValues {
  static let defaultCapacity = 1 << 17

  /// Exact figures of one group of points.
  struct Exact {
    var count = 0
    var sum = 0.0
    var min = Double.infinity
    var max = -Double.infinity

    mutating func add(_ v: Double) {
      count += 1
      sum += v
      min = Swift.min(min, v)
      max = Swift.max(max, v)
    }
  }

  let stride: Int
  private var seen = 0
  var all = Exact()
  var steady = Exact()
  var start = Exact()
  /// Points that took longer than one 240 Hz sample period.
  var overPeriod = 0
  private var kept: [Double] = []
  private var keptStart: [Bool] = []
  private var keptDecile: [UInt8] = []

  /// For `expected` points in all (points × timed passes).
  init(expected: Int, capacity: Int = PointValues.defaultCapacity) {
    stride = max(1, (expected + capacity - 1) / max(1, capacity))
    let n = expected / stride + 1
    kept.reserveCapacity(n)
    keptStart.reserveCapacity(n)
    keptDecile.reserveCapacity(n)
  }

  /// Whether every value is kept (the figures are those of the whole set).
  var isComplete: Bool { stride == 1 }

  mutating func add(_ v: Double, isStart: Bool, decile: Int) {
    all.add(v)
    if isStart { start.add(v) } else { steady.add(v) }
    if v > BudgetFigure.samplePeriodNs { overPeriod += 1 }
    if stride == 1 || PointValues.mix(UInt64(seen)) % UInt64(stride) == 0 {
      kept.append(v)
      keptStart.append(isStart)
      keptDecile.append(UInt8(decile))
    }
    seen += 1
  }

  /// SplitMix64's finaliser: which points are kept looks random (no aliasing with stroke
  /// lengths or periodic timings) but is the same on every run.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// Summaries of every point, the start window and the steady state.
  func summaries() -> (all: LatencySummary?, start: LatencySummary?, steady: LatencySummary?) {
    var startValues: [Double] = []
    var steadyValues: [Double] = []
    for i in kept.indices {
      if keptStart[i] { startValues.append(kept[i]) } else { steadyValues.append(kept[i]) }
    }
    return (
      PointValues.summary(kept, all), PointValues.summary(startValues, start),
      PointValues.summary(steadyValues, steady)
    )
  }

  /// The median of each tenth of stroke position.
  func decileMedians() -> [Double?] {
    var values = [[Double]](repeating: [], count: 10)
    for i in kept.indices { values[Int(keptDecile[i])].append(kept[i]) }
    return values.map { Bootstrap.median($0) }
  }

  /// The summary of `values`, with the exact count, mean, min and max of the whole group when
  /// the values are a sample of it.
  static func summary(_ values: [Double], _ exact: Exact) -> LatencySummary? {
    guard var s = LatencySummary(values), exact.count > 0 else { return nil }
    guard s.count != exact.count else { return s }
    s.count = exact.count
    s.mean = exact.sum / Double(exact.count)
    s.min = exact.min
    s.max = exact.max
    s.thinPercentiles = [("p90", 90.0), ("p99", 99.0), ("p99.9", 99.9)]
      .filter { exact.count < Percentiles.minimumCount(for: $0.1) }.map(\.0)
    return s
  }
}
