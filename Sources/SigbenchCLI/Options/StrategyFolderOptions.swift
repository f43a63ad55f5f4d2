import Foundation
import SigbenchArguments
import SigbenchExternal
import SigbenchStrategies

/// `--strategy-dir DIR` (repeatable) and `SIGBENCH_STRATEGY_PATH`: the folders external
/// strategies are discovered in (`ExternalStrategyDiscovery`). Their manifests are read while
/// the options are validated, before any work; a broken one is a usage error naming the file,
/// the field, the rule and the value.
struct StrategyFolderOptions {
  static let folder = Option.text(
    "strategy-dir", value: "DIR",
    help: "A folder of external strategy manifests (*.sigbench-strategy.json), searched before "
      + "those in SIGBENCH_STRATEGY_PATH (':'-separated).", repeatable: true)

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
}
