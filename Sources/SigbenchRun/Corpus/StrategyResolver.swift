import SigbenchCore
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
  /// built-ins. Throws the parse or option error of the first bad spec.
  public static func resolve(
    _ text: String?, reference: Reference, external: [StrategyEntry] = []
  ) throws -> [ConfiguredStrategy] {
    guard let text else { return StrategyCatalog.defaults() }
    var list = try StrategyCatalog.configureList(text, external: external)
    if reference == .added && !list.contains(where: { $0.label == referenceLabel }) {
      list.append(try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID)))
    }
    guard reference == .added else { return list }
    return list.sorted { a, b in
      let ids = StrategyCatalog.ids + external.map(\.descriptor.id)
      let ia = ids.firstIndex(of: a.id) ?? Int.max
      let ib = ids.firstIndex(of: b.id) ?? Int.max
      if ia != ib { return ia < ib }
      // The reference (default options) first among strategies of its id.
      if (a.label == referenceLabel) != (b.label == referenceLabel) {
        return a.label == referenceLabel
      }
      return a.label < b.label
    }
  }

  /// The strategies as a spec list a worker process parses back.
  public static func specText(_ strategies: [ConfiguredStrategy]) -> String {
    strategies.map(\.label).joined(separator: ",")
  }
}
