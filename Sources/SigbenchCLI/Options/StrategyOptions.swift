import SigbenchArguments
import SigbenchCore
import SigbenchExternal
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `--strategies SPEC` (several) and `--strategy SPEC` (one): which strategies a command runs.
/// Each command states its default as the list it runs (`incremental` or `all`).
struct StrategyOptions {
  static let strategies = Option.text(
    "strategies", value: "SPEC",
    help: "Comma-separated strategy specs, e.g. straight,catmull-rom(width=pressure); commands "
      + "that report latency ratios add the reference, straight.")
  static let maxConfigs = Option.integer(
    "max-configs",
    help: "The most configurations one swept spec may expand into (a|b lists, start..end:step "
      + "ranges); a larger grid is refused."
  ).defaulting(to: String(SweepGrid.defaultCap)).within(1...SweepGrid.largestCap)
  static let strategy = Option.text(
    "strategy", value: "SPEC",
    help: "One strategy spec, e.g. catmull-rom(alpha=0.5) (also its label in stored figures).")

  /// What a command runs when `--strategies` is not given.
  enum Default {
    /// The strategies whose cost per push does not grow with the stroke (`StrategyCatalog
    /// .defaults()`): every measuring command.
    case incremental
    /// Every strategy in the catalog (pictures only).
    case all

    var ids: [String] {
      switch self {
      case .incremental: return StrategyCatalog.defaults().map(\.id)
      case .all: return StrategyCatalog.ids
      }
    }
    var note: String {
      switch self {
      case .incremental: return "the \(ids.count) incremental strategies"
      case .all: return "all \(ids.count) strategies"
      }
    }
  }

  /// `--strategies` as a command declares it, defaulting to `d`'s list.
  static func strategies(default d: Default) -> OptionSpec {
    strategies.defaulting(to: d.ids.joined(separator: ", "), note: d.note).spec
  }

  /// The configured strategies, the reference added per `reference`.
  let configured: [ConfiguredStrategy]
  /// The swept specs (empty unless the command takes sweeps).
  let sweeps: [SweepRecord]

  /// `external`: the external strategies a spec may name (`StrategyFolderOptions.entries`).
  /// Swept specs are expanded when the command declares `--max-configs`, else refused.
  init(
    _ a: ParsedArguments, reference: StrategyResolver.Reference,
    external: [ExternalStrategyEntry] = []
  ) throws {
    let cap = a.declares(Self.maxConfigs.spec) ? try a.required(Self.maxConfigs) : nil
    do {
      (configured, sweeps) = try StrategyResolver.resolveSweeps(
        try a.required(Self.strategies), reference: reference, external: external.map(\.entry),
        sweepCap: cap)
    } catch let error as ExternalManifestError {
      throw ValidationError(error.description)
    }
  }

  /// The strategies of a command that runs them: built-ins and the external strategies found
  /// in the strategy folders (the command declares `--strategy-dir` and `--external-timeout`).
  /// A `worker` process loads library strategies; every other process has them served.
  static func running(
    _ a: ParsedArguments, reference: StrategyResolver.Reference, worker: Bool = false
  ) throws -> [ConfiguredStrategy] {
    try runningSweeps(a, reference: reference, worker: worker).configured
  }

  /// `running`, with the records of swept specs (a command that declares `--max-configs`).
  static func runningSweeps(
    _ a: ParsedArguments, reference: StrategyResolver.Reference, worker: Bool = false
  ) throws -> StrategyOptions {
    let external = try StrategyFolderOptions(a).entries(a, loadedHere: worker)
    return try StrategyOptions(a, reference: reference, external: external)
  }
}
