import SigbenchResults

extension NoiseFloor {
  /// Per metric, the spread and the minimum detectable change of a gate with `perSide`
  /// processes on each side and `settings`' thresholds (what `baseline noise` prints).
  public func bands(perSide: Int, settings: GateSettings) -> [NoiseBand] {
    self.replicates.compactMap { set in
      guard let median = Bootstrap.median(set.values),
        let spread = NoiseSpread.ratioSpread(
          set.values, headCount: perSide, baseCount: perSide, seed: settings.seed)
      else { return nil }
      let th =
        settings.thresholds[set.metric]
        ?? MetricThreshold(relative: 0.05, absoluteNs: 0, source: "fallback")
      let configured = TimingRule.effective(th, baseMedian: median)
      let t = NoiseSpread.threshold(configured: configured, spread: spread)
      return NoiseBand(
        strategy: set.strategy, lane: set.lane, metric: set.metric, processesPerSide: perSide,
        spread: spread, configured: configured, threshold: t.value, fromNoise: t.fromNoise,
        minimumDetectableChange: NoiseSpread.minimumDetectableChange(
          threshold: t.value, spread: spread, confidence: settings.confidence))
    }
  }
}
