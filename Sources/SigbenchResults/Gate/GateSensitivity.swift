/// What a gate could have caught on this machine: per lane and metric, the smallest slowdown it
/// would have confirmed given the replicate spread it measured, so "pass" reads "nothing above
/// X %" (the gate's console output and gate.md open with it).
///
/// For one timing comparison, a true ratio r is confirmed when the adjusted U-test p-value is
/// below α and the whole bootstrap interval of head/base lies above 1 + t (`TimingRule`). The
/// interval measured here has half-width w = (upper − lower) / 2; an interval of the same width
/// around r clears 1 + t once r > 1 + t + w. So this comparison's sensitivity is t + w.
/// The U test adds a floor of its own: with n and m processes it cannot reach a two-sided p
/// below 2 / C(n + m, n), and a single true effect among K comparisons is adjusted to K times
/// that (Holm and Benjamini–Hochberg alike); when that is not below α the gate can confirm no
/// change at all, and the row says so.
///
/// Counters are deterministic: their sensitivity is the band they are compared with
/// (`CounterComparison.tolerance`). A comparison whose both sides are exactly 1 (the reference
/// strategy's ratio to itself) is informational and left out.
public struct GateSensitivity: Codable, Hashable, Sendable {
  /// `smooth` or `smooth+raster`.
  public var lane: String
  /// A gate metric (`p50`, …) or a counter (`instructions per point`, …).
  public var metric: String
  /// Comparisons behind the row.
  public var comparisons: Int
  /// The median over those comparisons of the smallest confirmable change (0.06 = +6 %);
  /// `nil` when no change could be confirmed (`unreachable`).
  public var median: Double?
  /// The largest of them, and its strategy.
  public var worst: Double?
  public var worstStrategy: String?
  /// Why nothing could be confirmed (the U test's floor), when so.
  public var unreachable: String?

  public init(
    lane: String, metric: String, comparisons: Int, median: Double?, worst: Double?,
    worstStrategy: String?, unreachable: String?
  ) {
    self.lane = lane
    self.metric = metric
    self.comparisons = comparisons
    self.median = median
    self.worst = worst
    self.worstStrategy = worstStrategy
    self.unreachable = unreachable
  }

  /// Whether a timing comparison only states a fact (the reference strategy against itself).
  public static func isInformational(_ c: TimingComparison) -> Bool {
    c.metric.isRatio && !c.head.isEmpty && !c.base.isEmpty
      && (c.head + c.base).allSatisfy { $0 == 1 }
  }

  /// The smallest two-sided p-value a U test reaches with `n` and `m` values: 2 / C(n + m, n).
  public static func smallestP(_ n: Int, _ m: Int) -> Double {
    guard n > 0, m > 0 else { return 1 }
    var c = 1.0
    for i in 0..<min(n, m) { c = c * Double(n + m - i) / Double(i + 1) }
    return min(1, 2 / c)
  }

  /// One row per lane × timing metric, then per lane × counter, in the report's order.
  public static func of(_ r: GateReport) -> [GateSensitivity] {
    let timing = r.timing.filter { !isInformational($0) }
    var rows: [GateSensitivity] = []
    for (lane, metric, cs) in grouped(timing, by: { ($0.lane.rawValue, $0.metric.rawValue) }) {
      let n = cs.map(\.head.count).min() ?? 0
      let m = cs.map(\.base.count).min() ?? 0
      if smallestP(n, m) * Double(max(1, timing.count)) >= r.settings.alpha {
        rows.append(
          GateSensitivity(
            lane: lane, metric: metric, comparisons: cs.count, median: nil, worst: nil,
            worstStrategy: nil,
            unreachable: "with \(n)/\(m) processes a U test cannot reach p < "
              + "\(r.settings.alpha) after correction over \(timing.count) comparisons"))
        continue
      }
      let each = cs.compactMap { c in
        c.ratio.map { (c.strategy, c.effectiveThreshold + ($0.upper - $0.lower) / 2) }
      }
      if let row = summary(lane, metric, each) { rows.append(row) }
    }
    let bands = r.counters.compactMap { c in c.tolerance.map { (c, $0) } }
    for (lane, metric, cs) in grouped(bands, by: { ($0.0.lane.rawValue, "\($0.0.metric)") }) {
      if let row = summary(lane, metric, cs.map { ($0.0.strategy, $0.1) }) { rows.append(row) }
    }
    return rows
  }

  /// `items` grouped by lane and metric, groups in order of first appearance.
  static func grouped<T>(_ items: [T], by key: (T) -> (String, String)) -> [(
    lane: String, metric: String, items: [T]
  )] {
    var groups: [(lane: String, metric: String, items: [T])] = []
    for item in items {
      let (lane, metric) = key(item)
      if let i = groups.firstIndex(where: { $0.lane == lane && $0.metric == metric }) {
        groups[i].items.append(item)
      } else {
        groups.append((lane, metric, [item]))
      }
    }
    return groups
  }

  /// The median and the largest of `each` (strategy, smallest confirmable change); `nil` when
  /// empty.
  static func summary(_ lane: String, _ metric: String, _ each: [(String, Double)])
    -> GateSensitivity?
  {
    let sorted = each.sorted { $0.1 < $1.1 }
    guard let worst = sorted.last else { return nil }
    return GateSensitivity(
      lane: lane, metric: metric, comparisons: sorted.count, median: sorted[sorted.count / 2].1,
      worst: worst.1, worstStrategy: worst.0, unreachable: nil)
  }
}
