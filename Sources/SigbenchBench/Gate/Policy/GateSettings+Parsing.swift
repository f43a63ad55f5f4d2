import SigbenchResults

extension GateSettings {
  /// Applies `--thresholds` text: `metric=REL%[/ABSns]` entries separated by `;`, e.g.
  /// `p99=15%/50ns;batch-p50=3%`. Throws on unknown metrics or malformed numbers.
  public mutating func applyThresholds(_ text: String) throws(BenchError) {
    for entry in text.split(separator: ";") where !entry.isEmpty {
      let kv = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard kv.count == 2, let metric = GateMetric(rawValue: kv[0]), var t = thresholds[metric]
      else {
        throw .invalidOption(
          "--thresholds: '\(entry)' must be METRIC=REL%[/ABSns] with METRIC one of "
            + GateMetric.allCases.map(\.rawValue).joined(separator: ", "))
      }
      let parts = kv[1].split(separator: "/").map(String.init)
      guard let relText = parts.first, relText.hasSuffix("%"),
        let rel = Double(relText.dropLast()), rel >= 0, rel < 1000
      else { throw .invalidOption("--thresholds: '\(entry)': relative part must look like 5%") }
      t.relative = rel / 100
      if parts.count > 1 {
        guard parts.count == 2, parts[1].hasSuffix("ns"), let abs = Double(parts[1].dropLast(2)),
          abs >= 0, abs.isFinite
        else { throw .invalidOption("--thresholds: '\(entry)': absolute part must look like 20ns") }
        t.absoluteNs = abs
      }
      t.source = "--thresholds"
      thresholds[metric] = t
    }
  }

  /// Applies `--quality-tolerances` text: `metric=REL%[/ABS]` entries separated by `;` (ABS in
  /// the metric's unit), e.g. `end-gap=2%/0.05;turn-p95=5%`. Throws on an unknown metric id
  /// (`known`) or a malformed number.
  public mutating func applyQualityTolerances(_ text: String, known: [String: String])
    throws(BenchError)
  {
    for entry in text.split(separator: ";") where !entry.isEmpty {
      let kv = entry.split(separator: "=", maxSplits: 1).map(String.init)
      guard kv.count == 2, let unit = known[kv[0]] else {
        throw .invalidOption(
          "--quality-tolerances: '\(entry)' must be METRIC=REL%[/ABS] with METRIC one of "
            + known.keys.sorted().joined(separator: ", "))
      }
      var t = qualityTolerance(kv[0], unit: unit)
      let parts = kv[1].split(separator: "/").map(String.init)
      guard let relText = parts.first, relText.hasSuffix("%"),
        let rel = Double(relText.dropLast()), rel >= 0, rel < 1000
      else {
        throw .invalidOption("--quality-tolerances: '\(entry)': relative part must look like 1%")
      }
      t.relative = rel / 100
      if parts.count > 1 {
        guard parts.count == 2, let abs = Double(parts[1]), abs >= 0, abs.isFinite else {
          throw .invalidOption(
            "--quality-tolerances: '\(entry)': absolute part must be a number ≥ 0 in the "
              + "metric's unit")
        }
        t.absolute = abs
      }
      t.source = "--quality-tolerances"
      qualityTolerances = (qualityTolerances ?? [:]).merging([kv[0]: t]) { _, new in new }
    }
  }
}
