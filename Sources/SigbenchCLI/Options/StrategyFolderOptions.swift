import Foundation
import SigbenchArguments
import SigbenchExternal
import SigbenchRun
import SigbenchStrategies

/// `--strategy-dir DIR` (repeatable) and `SIGBENCH_STRATEGY_PATH`: the folders external
/// strategies are discovered in (`ExternalStrategyDiscovery`); `--external-timeout` for the
/// commands that run them. Manifests are read while the options are validated, before any
/// work; a broken one is a usage error naming the file, the field, the rule and the value.
struct StrategyFolderOptions {
  static let folder = Option.text(
    "strategy-dir", value: "DIR",
    help: "A folder of external strategy manifests (*.sigbench-strategy.json), searched before "
      + "those in SIGBENCH_STRATEGY_PATH (':'-separated).", repeatable: true)
  static let timeout = Option.number(
    "external-timeout", value: "SECONDS",
    help: "Seconds an external strategy's process may take to answer one request; past it the "
      + "process is stopped and that stroke's cell fails."
  ).within(0.1...600).defaulting(to: "10")

  /// How a library strategy runs: this binary serving it in a worker process
  /// (`strategies --serve MANIFEST`), so a trap in its code ends that process, not the run.
  static var libraryServer: [String] {
    [BenchWorkers.selfBinary.path, "strategies", StrategiesCommand.serveFlag]
  }

  /// The manifests found, in folder order.
  let manifests: [ExternalManifest]

  init(_ a: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment)
    throws
  {
    let folders = ExternalStrategyDiscovery.folders(
      options: try a.values(Self.folder), environment: environment)
    do {
      manifests = try ExternalStrategyDiscovery.discover(
        folders: folders, builtInIDs: StrategyCatalog.ids)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The manifests as catalog entries for a command that runs strategies: nothing is
  /// started until a stroke needs it.
  /// `loadedHere`: load library strategies into this process (a worker process) instead of
  /// serving them from one.
  func entries(_ a: ParsedArguments, loadedHere: Bool = false) throws -> [ExternalStrategyEntry] {
    let seconds = try a.value(Self.timeout) ?? ExternalProcess.defaultTimeout
    var entries: [ExternalStrategyEntry] = []
    for m in manifests {
      do {
        entries.append(
          try ExternalStrategyEntry(
            m, timeout: seconds,
            library: loadedHere ? .loadedHere : .served(Self.libraryServer)))
      } catch {
        throw ValidationError(error.description)
      }
    }
    return entries
  }
}
