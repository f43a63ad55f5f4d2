import SigbenchResults

extension RunResult {
  /// The strategies the gallery and the sample pages show: those with a picture of some
  /// drawing or a failed cell. A sweep's configurations that were measured without being
  /// drawn (not best on any question) are left out; every strategy of a run without sweeps
  /// is kept.
  var picturedStrategies: [StrategyInfo] {
    guard self.sweeps?.isEmpty == false else { return self.strategies }
    var shown: Set<String> = []
    for s in self.samples {
      shown.formUnion(s.images.keys)
      for f in s.failures ?? [] { if let label = f.strategy { shown.insert(label) } }
    }
    return self.strategies.filter { shown.contains($0.label) }
  }
}
