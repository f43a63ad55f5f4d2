import SigbenchCore
import SigbenchResults
import SigbenchStrategies

/// Turns a `--strategies` spec list into configured strategies: the one rule for every command.
///
/// Commands that measure (`run`, `bench`, `gate`, `baseline`) need the reference strategy — plain
/// `straight` with default options — because every latency ratio divides by it in the same
/// process: it is added first whenever no listed strategy has exactly that label (so
/// `straight(size=3)` alone gets a plain `straight` beside it, and the sheet shows both).
/// Commands that only draw (`render`, `contact-sheet`, `replay`) add nothing.
public enum StrategyResolver {
  /// Whether the reference strategy is added.
  public enum Reference: Sendable {
    case added
    case none
  }

  /// The label of the reference strategy: `straight` with default options.
  public static var referenceLabel: String { StrategyCatalog.referenceID }

  /// Every strategy with default options (catalog order, reference first) when `text` is nil;
  /// otherwise the listed ones, the reference added per `reference`, sorted by catalog order
  /// then label, external strategies (ids of `external`, never in a default set) after the
  /// built-ins. Throws the parse or option error of the first bad spec. `sweepCap`: the most
  /// configurations one swept spec may expand into (`SweepGrid`); nil refuses sweeps.
  public static func resolve(
    _ text: String?, reference: Reference, external: [StrategyEntry] = [], sweepCap: Int? = nil
  ) throws -> [ConfiguredStrategy] {
    try resolveSweeps(text, reference: reference, external: external, sweepCap: sweepCap)
      .strategies
  }

  /// `resolve`, with a record of each swept spec (its configurations, its skipped points). With
  /// the reference added, each swept strategy's default configuration joins the list too, so
  /// every sweep is seen against its strategy as shipped.
  public static func resolveSweeps(
    _ text: String?, reference: Reference, external: [StrategyEntry] = [], sweepCap: Int?
  ) throws -> (strategies: [ConfiguredStrategy], sweeps: [SweepRecord]) {
    guard let text else { return (StrategyCatalog.defaults(), []) }
    var (list, grids) = try StrategyCatalog.configureSweeps(text, external: external, cap: sweepCap)
    var sweeps: [SweepRecord] = []
    // A sweep's configurations keep their grid order (the first swept option slowest).
    var gridOrder: [String: Int] = [:]
    for grid in grids {
      let entry = try StrategyCatalog.entry(grid.spec.id, external: external)
      let labels = try grid.points.map { try entry.configure($0).label }
      for label in labels { gridOrder[label] = gridOrder[label] ?? gridOrder.count }
      sweeps.append(SweepRecord(grid, labels: labels, descriptor: entry.descriptor))
      if reference == .added, !list.contains(where: { $0.label == grid.spec.id }) {
        list.append(try entry.configure(StrategySpec(id: grid.spec.id)))
      }
    }
    if reference == .added && !list.contains(where: { $0.label == referenceLabel }) {
      list.append(try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID)))
    }
    guard reference == .added else { return (list, sweeps) }
    let ids = StrategyCatalog.ids + external.map(\.descriptor.id)
    let sorted = list.sorted { a, b in
      let ia = ids.firstIndex(of: a.id) ?? Int.max
      let ib = ids.firstIndex(of: b.id) ?? Int.max
      if ia != ib { return ia < ib }
      // The default configuration (the reference among straight's) first among its id's.
      if (a.label == a.id) != (b.label == b.id) { return a.label == a.id }
      if let ga = gridOrder[a.label], let gb = gridOrder[b.label] { return ga < gb }
      return a.label < b.label
    }
    return (sorted, sweeps)
  }

  /// The strategies as a spec list a worker process parses back.
  public static func specText(_ strategies: [ConfiguredStrategy]) -> String {
    strategies.map(\.label).joined(separator: ",")
  }
}
