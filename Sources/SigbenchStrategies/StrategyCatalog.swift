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
    if let swept = spec.options.first(where: { SweepValues.isSweep($0.value) }) {
      throw sweepRefused(spec, option: swept.name)
    }
    return try entry(spec.id, external: external).configure(spec)
  }

  /// A sweep where the command takes one configuration per spec.
  static func sweepRefused(_ spec: StrategySpec, option: String) -> StrategyError {
    .invalidSweep(
      spec: spec.text, option: option,
      message: "lists and ranges of values (a|b, start..end:step) are taken by run, bench and "
        + "tune only")
  }

  /// Resolves a comma-separated spec list (ids among the built-ins, then `external`);
  /// duplicates (same canonical label) are dropped. A sweep (`a|b`, `start..end:step`) is
  /// refused: only `run`, `bench` and `tune` take them (`configureSweeps`).
  public static func configureList(_ text: String, external: [StrategyEntry] = []) throws
    -> [ConfiguredStrategy]
  {
    try configureSweeps(text, external: external, cap: nil).strategies
  }

  /// Resolves a spec list in which options may be swept: each swept spec expands into its grid
  /// (`SweepGrid`, at most `cap` configurations each); `cap` nil refuses every sweep, naming
  /// the commands that take them. Duplicates (same canonical label) are dropped.
  public static func configureSweeps(
    _ text: String, external: [StrategyEntry] = [], cap: Int?
  ) throws -> (strategies: [ConfiguredStrategy], grids: [SweepGrid]) {
    var seen: Set<String> = []
    var result: [ConfiguredStrategy] = []
    var grids: [SweepGrid] = []
    for spec in try StrategySpec.parseList(text) {
      var points = [spec]
      if let swept = spec.options.first(where: { SweepValues.isSweep($0.value) }) {
        guard let cap else { throw sweepRefused(spec, option: swept.name) }
        let grid = try SweepGrid(
          spec, descriptor: try entry(spec.id, external: external).descriptor, cap: cap)
        grids.append(grid)
        points = grid.points
      }
      for point in points {
        let c = try configure(point, external: external)
        if seen.insert(c.label).inserted { result.append(c) }
      }
    }
    return (result, grids)
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
