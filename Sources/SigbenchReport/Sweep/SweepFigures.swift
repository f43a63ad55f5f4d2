import SigbenchResults

/// One sweep's figures as the sheet reads them: for each configuration (and the strategy's
/// default), its option values, its quality figures and its smooth-lane batched p50.
struct SweepFigures {
  let sweep: SweepRecord
  /// The configurations in grid order, then the default when it is not one of them.
  let labels: [String]
  /// Label → option name → canonical value text (every declared option).
  let options: [String: [String: String]]
  let quality: [String: QualityFigures]
  /// Label → smooth-lane batched p50, ns; for a process strategy (no in-process lane), its
  /// round-trip push p50 (`roundTrip`), a front of its own that is never mixed with
  /// in-process latency.
  let p50: [String: Double]
  /// True when this sweep's latency is the round trip of a process strategy.
  let roundTrip: Bool

  init(_ sweep: SweepRecord, in r: RunResult) {
    self.sweep = sweep
    let measured = Set(r.strategies.map(\.label))
    var labels = sweep.configs.filter { measured.contains($0) }
    if measured.contains(sweep.defaultLabel), !labels.contains(sweep.defaultLabel) {
      labels.append(sweep.defaultLabel)
    }
    self.labels = labels
    options = Dictionary(r.strategies.map { ($0.label, $0.options) }) { a, _ in a }
    quality = r.quality?.strategies ?? [:]
    let inProcess = Dictionary(
      r.bench.figures.filter { $0.lane == .smooth }.compactMap { f in
        f.batched.map { (f.strategy, $0.p50) }
      }
    ) { a, _ in a }
    let trips = Dictionary(
      (r.bench.externalLatency ?? []).filter { $0.lane == .roundTrip }.compactMap { f in
        f.push.map { (f.strategy, $0.p50) }
      }
    ) { a, _ in a }
    roundTrip = !labels.contains { inProcess[$0] != nil } && labels.contains { trips[$0] != nil }
    p50 = roundTrip ? trips : inProcess
  }

  /// What the latency figures are, for headings.
  var latencyName: String {
    roundTrip ? "round-trip p50 per push (ns)" : "batched p50 (ns)"
  }

  /// `metric`'s value for `label`.
  func value(_ metric: QualityMetric, _ label: String) -> Double? {
    quality[label].flatMap { metric.value(in: $0) }
  }

  /// The configurations of the grid alone (the default only when the grid holds it).
  var configs: [String] { labels.filter { sweep.configs.contains($0) } }

  /// The label shown for a configuration: marked when it is the strategy's default.
  func display(_ label: String) -> String {
    label == sweep.defaultLabel ? "\(label) (default)" : label
  }
}
