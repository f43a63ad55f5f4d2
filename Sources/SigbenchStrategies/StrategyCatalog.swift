import SigbenchCore

/// Every strategy sigbench knows, in display order. Adding a strategy is one file plus one line
/// here; the CLI, the benchmark matrix, the report columns and the contract suite read this.
public enum StrategyCatalog {
  /// sigbench's own strategies, then those a Swift package added to this binary
  /// (`StrategyCatalog.add`, before any command runs).
  public static var all: [StrategyEntry] { builtIn + (added?.entries ?? []) }

  /// sigbench's own strategies. The reference strategy comes first; it is the denominator of
  /// every latency ratio.
  public static let builtIn: [StrategyEntry] = [
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

  /// The entry with `id` among the built-ins and then `external` (external strategies'
  /// entries), or an error with the nearest id.
  public static func entry(_ id: String, external: [StrategyEntry] = []) throws(StrategyError)
    -> StrategyEntry
  {
    guard let e = (all + external).first(where: { $0.descriptor.id == id }) else {
      let known = ids + external.map(\.descriptor.id)
      throw .unknownStrategy(id: id, suggestion: closestMatch(to: id, in: known), known: known)
    }
    return e
  }

  /// Resolves one spec: the strategy, validated options and a factory.
  public static func configure(_ spec: StrategySpec, external: [StrategyEntry] = []) throws
    -> ConfiguredStrategy
  {
    try entry(spec.id, external: external).configure(spec)
  }

  /// Resolves a comma-separated spec list (ids among the built-ins, then `external`);
  /// duplicates (same canonical label) are dropped.
  public static func configureList(_ text: String, external: [StrategyEntry] = []) throws
    -> [ConfiguredStrategy]
  {
    var seen: Set<String> = []
    var result: [ConfiguredStrategy] = []
    for spec in try StrategySpec.parseList(text) {
      let c = try configure(spec, external: external)
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
