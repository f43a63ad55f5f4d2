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
    let compared = timing.count
    var rows: [GateSensitivity] = []
    var order: [String] = []
    var groups: [String: [TimingComparison]] = [:]
    for c in timing {
      let key = "\(c.lane.rawValue)|\(c.metric.rawValue)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(c)
    }
    for key in order {
      let cs = groups[key]!
      let parts = key.split(separator: "|").map(String.init)
      let n = cs.map(\.head.count).min() ?? 0
      let m = cs.map(\.base.count).min() ?? 0
      let floor = smallestP(n, m) * Double(max(1, compared))
      if floor >= r.settings.alpha {
        rows.append(
          GateSensitivity(
            lane: parts[0], metric: parts[1], comparisons: cs.count, median: nil, worst: nil,
            worstStrategy: nil,
            unreachable: "with \(n)/\(m) processes a U test cannot reach p < "
              + "\(r.settings.alpha) after correction over \(compared) comparisons"))
        continue
      }
      let each = cs.compactMap { c -> (String, Double)? in
        guard let ci = c.ratio else { return nil }
        return (c.strategy, c.effectiveThreshold + (ci.upper - ci.lower) / 2)
      }.sorted { $0.1 < $1.1 }
      guard !each.isEmpty else { continue }
      rows.append(
        GateSensitivity(
          lane: parts[0], metric: parts[1], comparisons: each.count,
          median: each[each.count / 2].1, worst: each.last!.1, worstStrategy: each.last!.0,
          unreachable: nil))
    }
    var counterOrder: [String] = []
    var counterGroups: [String: [(String, Double)]] = [:]
    for c in r.counters {
      guard let band = c.tolerance else { continue }
      let key = "\(c.lane.rawValue)|\(c.metric)"
      if counterGroups[key] == nil { counterOrder.append(key) }
      counterGroups[key, default: []].append((c.strategy, band))
    }
    for key in counterOrder {
      let each = counterGroups[key]!.sorted { $0.1 < $1.1 }
      let parts = key.split(separator: "|").map(String.init)
      rows.append(
        GateSensitivity(
          lane: parts[0], metric: parts[1], comparisons: each.count,
          median: each[each.count / 2].1, worst: each.last!.1, worstStrategy: each.last!.0,
          unreachable: nil))
    }
    return rows
  }
}
