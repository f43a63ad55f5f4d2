import SigbenchCore

/// Every strategy sigbench knows, in display order. Adding a strategy is one file plus one line
/// here; the CLI, the benchmark matrix, the report columns and the contract suite read this.
public enum StrategyCatalog {
  /// The reference strategy comes first; it is the denominator of every latency ratio.
  public static let all: [StrategyEntry] = [
    .of(Straight.self),
    .of(MidpointQuadratic.self),
    .of(UberWeighted.self),
    .of(CatmullRom.self),
    .of(SignaturePad.self),
    .of(SignaturePadFixed.self),
    .of(PerfectFreehand.self),
    .of(PerfectFreehandIncremental.self),
    .of(InkModeler.self),
    .of(SigbenchSmooth.self),
    .of(Chaikin.self),
    .of(RamerDouglasPeucker.self),
  ]

  /// The reference strategy's id.
  public static let referenceID = "straight"

  /// Ids in catalog order.
  public static var ids: [String] { all.map(\.descriptor.id) }

  /// The entry with `id`, or an error with the nearest id.
  public static func entry(_ id: String) throws(StrategyError) -> StrategyEntry {
    guard let e = all.first(where: { $0.descriptor.id == id }) else {
      throw .unknownStrategy(id: id, suggestion: closestMatch(to: id, in: ids), known: ids)
    }
    return e
  }

  /// Resolves one spec: the strategy, validated options and a factory.
  public static func configure(_ spec: StrategySpec) throws -> ConfiguredStrategy {
    try entry(spec.id).configure(spec)
  }

  /// Resolves a comma-separated spec list; duplicates (same canonical label) are dropped.
  public static func configureList(_ text: String) throws -> [ConfiguredStrategy] {
    var seen: Set<String> = []
    var result: [ConfiguredStrategy] = []
    for spec in try StrategySpec.parseList(text) {
      let c = try configure(spec)
      if seen.insert(c.label).inserted { result.append(c) }
    }
    return result
  }

  /// The default strategy set: every incremental strategy (`StrategyCost.incremental`) with
  /// default options, in catalog order. Whole-stroke-per-push ports and offline simplifiers run
  /// only when named.
  public static func defaults() -> [ConfiguredStrategy] {
    all.filter(\.descriptor.cost.isIncremental).map {
      try! $0.configure(StrategySpec(id: $0.descriptor.id))
    }
  }
}
