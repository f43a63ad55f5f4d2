import SigbenchResults

/// Benchmark figures of several worker processes combined into one headline: the median over
/// processes of each per-process figure, with the min–max over processes beside it.
///
/// Why the median: on a shared VM a process keeps one of two speeds for its lifetime, so the
/// first process's figures (the former headline) could sit on either mode; the median over
/// processes is the typical process and moves little when one process lands on the slow mode.
public enum AcrossProcesses {
  /// The headline figures (same strategy × lane order as the first process). With one process,
  /// its figures unchanged.
  public static func headline(_ processes: [[LaneFigures]]) -> [LaneFigures] {
    guard let first = processes.first else { return [] }
    guard processes.count > 1 else { return first }
    return first.map { f in
      let all = processes.compactMap { p in
        p.first { $0.strategy == f.strategy && $0.lane == f.lane }
      }
      return combine(all)
    }
  }

  /// Every process's value of each figure of `LaneFigures.figureNames`.
  public static func values(_ processes: [[LaneFigures]]) -> [ProcessValues] {
    guard let first = processes.first else { return [] }
    var out: [ProcessValues] = []
    for f in first {
      let all = processes.compactMap { p in
        p.first { $0.strategy == f.strategy && $0.lane == f.lane }
      }
      for (name, read) in LaneFigures.figureNames {
        let v = all.compactMap(read)
        if !v.isEmpty {
          out.append(ProcessValues(strategy: f.strategy, lane: f.lane, figure: name, values: v))
        }
      }
    }
    return out
  }

  /// One strategy × lane over processes.
  static func combine(_ all: [LaneFigures]) -> LaneFigures {
    var h = all[0]
    h.steady = summary(all.map(\.steady))
    h.start = summary(all.map(\.start))
    h.all = summary(all.map(\.all))
    h.finish = summary(all.map(\.finish))
    h.finishPerPoint = summary(all.map(\.finishPerPoint))
    h.batched = summary(all.map(\.batched))
    h.throughputPointsPerSecond = median(all.compactMap(\.throughputPointsPerSecond))
    h.deciles = h.deciles.indices.map { i in
      median(all.compactMap { i < $0.deciles.count ? $0.deciles[i] : nil })
    }
    // Synthetic strokes are timed in the first worker only.
    h.synthetic = all.first { !$0.synthetic.isEmpty }?.synthetic ?? []
    var ratios: [String: Double] = [:]
    for key in Set(all.flatMap(\.ratioToReference.keys)) {
      ratios[key] = median(all.compactMap { $0.ratioToReference[key] })
    }
    h.ratioToReference = ratios
    if var b = h.budget {
      b.p99FractionOfPeriod = median(all.compactMap { $0.budget?.p99FractionOfPeriod }) ?? 0
      b.pointsOverPeriod = all.reduce(0) { $0 + ($1.budget?.pointsOverPeriod ?? 0) }
      b.wouldDropSample = all.contains { $0.budget?.wouldDropSample == true }
      h.budget = b
    }
    var ranges: [String: ValueRange] = [:]
    for (name, read) in LaneFigures.figureNames {
      let v = all.compactMap(read)
      if let lo = v.min(), let hi = v.max() { ranges[name] = ValueRange(min: lo, max: hi) }
    }
    h.acrossProcesses = ranges
    return h
  }

  /// Each field the median over the processes that have a summary; counts added up; a
  /// percentile is thin when it is thin in the combined count.
  static func summary(_ list: [LatencySummary?]) -> LatencySummary? {
    let s = list.compactMap { $0 }
    guard var out = s.first else { return nil }
    func m(_ read: (LatencySummary) -> Double?) -> Double? { median(s.compactMap(read)) }
    out.count = s.reduce(0) { $0 + $1.count }
    out.p50 = m(\.p50)!
    out.p90 = m(\.p90)!
    out.p99 = m(\.p99)!
    out.p999 = m(\.p999)!
    out.max = m(\.max)!
    out.mean = m(\.mean)!
    out.mad = m(\.mad)
    out.min = m(\.min)
    out.p25 = m(\.p25)
    out.p75 = m(\.p75)
    out.thinPercentiles = [("p90", 90.0), ("p99", 99.0), ("p99.9", 99.9)].filter {
      out.count < Percentiles.minimumCount(for: $0.1)
    }.map(\.0)
    return out
  }

  /// The median (mean of the two middle values for an even count); `nil` when empty.
  static func median(_ v: [Double]) -> Double? { Percentiles.median(v) }
}
