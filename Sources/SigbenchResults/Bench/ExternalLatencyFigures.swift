/// An external strategy's latency per call, in a lane of its own: never ranked, pooled or
/// gated with the in-process lanes (`smooth`, `smooth+raster`), whose figures time the push
/// alone.
public struct ExternalLatencyFigures: Codable, Hashable, Sendable {
  /// What a figure times.
  public enum Lane: String, Codable, Hashable, Sendable, CaseIterable {
    /// The program's own monotonic clock around its own push, as it reports it (`ns` of each
    /// reply): what the algorithm costs in its language.
    case selfTimed = "self-timed"
    /// sigbench's clock around one request and its reply: the push as a caller across the
    /// process boundary pays it (encoding, two pipe transfers, the program's parsing and
    /// writing, decoding and checking the reply).
    case roundTrip = "round-trip"
  }

  /// The strategy's label.
  public var strategy: String
  public var lane: Lane
  /// Per push, nanoseconds (`nil` when nothing could be timed; `unavailableReason` says why).
  public var push: LatencySummary?
  /// Per finish, nanoseconds.
  public var finish: LatencySummary?
  /// Strokes and processes the figures come from.
  public var strokes: Int
  public var processes: Int
  /// Why the lane has no figures (the strategy failed while timed).
  public var unavailableReason: String?

  public init(
    strategy: String, lane: Lane, push: LatencySummary?, finish: LatencySummary?, strokes: Int,
    processes: Int, unavailableReason: String? = nil
  ) {
    self.strategy = strategy
    self.lane = lane
    self.push = push
    self.finish = finish
    self.strokes = strokes
    self.processes = processes
    self.unavailableReason = unavailableReason
  }
}

extension ExternalLatencyFigures {
  /// The figures of several processes as one: per strategy and lane, each percentile, the
  /// mean, the extremes and the MAD are the median over processes of that process's figure
  /// (as the in-process headline across processes is formed), the count is the total and a
  /// percentile is thin when it was in any process. A lane unavailable in any process is
  /// unavailable, with the first reason.
  public static func medianOverProcesses(_ perProcess: [[ExternalLatencyFigures]])
    -> [ExternalLatencyFigures]
  {
    guard let first = perProcess.first else { return [] }
    return first.map { f in
      let mine = perProcess.compactMap { p in
        p.first { $0.strategy == f.strategy && $0.lane == f.lane }
      }
      if let why = mine.lazy.compactMap(\.unavailableReason).first {
        return ExternalLatencyFigures(
          strategy: f.strategy, lane: f.lane, push: nil, finish: nil,
          strokes: mine.map(\.strokes).reduce(0, +), processes: perProcess.count,
          unavailableReason: why)
      }
      return ExternalLatencyFigures(
        strategy: f.strategy, lane: f.lane, push: LatencySummary.median(mine.compactMap(\.push)),
        finish: LatencySummary.median(mine.compactMap(\.finish)),
        strokes: mine.map(\.strokes).reduce(0, +), processes: perProcess.count)
    }
  }
}

extension LatencySummary {
  /// Each figure the median over `summaries` (`Percentiles.median`), the count their total,
  /// the thin percentiles their union; `nil` when empty.
  static func median(_ summaries: [LatencySummary]) -> LatencySummary? {
    guard var out = summaries.first else { return nil }
    func m(_ path: KeyPath<LatencySummary, Double>) -> Double {
      Percentiles.median(summaries.map { $0[keyPath: path] })!
    }
    func o(_ path: KeyPath<LatencySummary, Double?>) -> Double? {
      let v = summaries.compactMap { $0[keyPath: path] }
      return v.count == summaries.count ? Percentiles.median(v) : nil
    }
    out.count = summaries.map(\.count).reduce(0, +)
    out.p50 = m(\.p50)
    out.p90 = m(\.p90)
    out.p99 = m(\.p99)
    out.p999 = m(\.p999)
    out.max = m(\.max)
    out.mean = m(\.mean)
    out.mad = o(\.mad)
    out.min = o(\.min)
    out.p25 = o(\.p25)
    out.p75 = o(\.p75)
    var thin: [String] = []
    for s in summaries { for t in s.thinPercentiles where !thin.contains(t) { thin.append(t) } }
    out.thinPercentiles = thin
    return out
  }
}
