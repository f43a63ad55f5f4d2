import SigbenchResults

/// Turns stored rows into series (one per strategy × lane × metric × comparability group,
/// ordered by committer time, ties by run time) and finds the steps in each (`StepDetector`).
public enum HistoryTrendBuilder {
  /// Series and steps of `rows` (as `HistoryStore.rows` returns them: grouped by strategy, lane
  /// and metric, each in series order).
  ///
  /// - Complexity: O(r) to group plus the detector's cost per series.
  public static func build(_ rows: [HistoryRow], detector: StepDetector = StepDetector())
    -> HistoryTrends
  {
    var order: [String] = []
    var groups: [String: [HistoryRow]] = [:]
    for r in rows {
      let key = [r.strategy, r.lane, r.metric, r.comparabilityGroup].joined(separator: "\u{1F}")
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(r)
    }
    let series = order.map { key -> HistorySeries in
      let rs = groups[key]!.sorted { ($0.orderTime, $0.createdAt) < ($1.orderTime, $1.createdAt) }
      let points = rs.map { r in
        HistoryPoint(
          commit: r.commit, time: r.orderTime, runTime: r.createdAt, dirty: r.dirty, kind: r.kind,
          value: r.headline, low: min(r.headline, r.perProcess.min() ?? r.headline),
          high: max(r.headline, r.perProcess.max() ?? r.headline))
      }
      let first = rs[0]
      return HistorySeries(
        strategy: first.strategy, lane: first.lane, metric: first.metric, unit: first.unit,
        group: first.comparabilityGroup, points: points, steps: steps(points, detector))
    }
    return HistoryTrends(method: method(detector), series: series)
  }

  /// The detected steps of one series, each with its commit range and the medians of the
  /// segments on either side.
  public static func steps(_ points: [HistoryPoint], _ detector: StepDetector) -> [HistoryStep] {
    let values = points.map(\.value)
    let cps = detector.changePoints(values)
    let bounds = [0] + cps.map(\.index) + [values.count]
    return cps.enumerated().map { i, cp in
      let before = Array(values[bounds[i]..<cp.index])
      let after = Array(values[cp.index..<bounds[i + 2]])
      let a = points[cp.index - 1]
      let b = points[cp.index]
      return HistoryStep(
        index: cp.index, fromCommit: a.commit, toCommit: b.commit, fromTime: a.time,
        toTime: b.time, before: HistoryRecord.median(before) ?? .nan,
        after: HistoryRecord.median(after) ?? .nan, pValue: cp.pValue)
    }
  }

  /// The method in words, with its source and settings.
  public static func method(_ d: StepDetector) -> String {
    "E-divisive means (Matteson & James, JASA 2014; as used on CI performance data by Daly et "
      + "al., ICPE 2020): permutation test at α = \(d.alpha) with \(d.permutations) shuffles "
      + "(seed \(d.seed)), at least \(d.minimumSize) runs on each side of a step; only runs on "
      + "the same machine, build and corpus are compared."
  }
}
