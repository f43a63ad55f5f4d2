import SigbenchResults

/// Every figure as a ratio to the reference strategy measured in the same process and lane
/// (same process, same lane): ratios carry across machines far better than nanoseconds.
public enum RatioTable {
  /// The figures of `f` that get a ratio, by name.
  public static func values(_ f: LaneFigures) -> [String: Double] {
    var m: [String: Double] = [:]
    func add(_ prefix: String, _ s: LatencySummary?) {
      guard let s else { return }
      m["\(prefix)p50"] = s.p50
      m["\(prefix)p90"] = s.p90
      m["\(prefix)p99"] = s.p99
      m["\(prefix)p99.9"] = s.p999
      m["\(prefix)max"] = s.max
      m["\(prefix)mean"] = s.mean
    }
    add("", f.steady)
    add("start-", f.start)
    add("finish-", f.finish)
    add("finish-per-point-", f.finishPerPoint)
    add("batch-", f.batched)
    if let t = f.throughputPointsPerSecond { m["throughput"] = t }
    return m
  }

  /// Fills `ratioToReference` of every figure from the reference strategy's figure in the same
  /// lane; left empty when the reference was not measured.
  public static func fill(_ figures: [LaneFigures], referenceID: String) -> [LaneFigures] {
    figures.map { f in
      var f = f
      // The reference with default options (label == id) when present, else any of its specs.
      let sameLane = figures.filter { $0.lane == f.lane }
      guard
        let ref = sameLane.first(where: { $0.strategy == referenceID })
          ?? sameLane.first(where: { $0.strategyID == referenceID })
      else { return f }
      let mine = values(f)
      let theirs = values(ref)
      var ratios: [String: Double] = [:]
      for (k, v) in mine {
        if let r = theirs[k], r > 0 { ratios[k] = v / r }
      }
      f.ratioToReference = ratios
      return f
    }
  }
}
