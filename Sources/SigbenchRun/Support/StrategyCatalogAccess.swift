import SigbenchCore
import SigbenchStrategies

/// Strategy lookups the CLI needs beyond the catalog itself.
enum StrategyCatalogAccess {
  /// A thin straight polyline (0.6 px) used to connect raw samples on the raw-input picture.
  static func straightHairline() throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(
      StrategySpec(id: "straight", options: [.init(name: "size", value: "0.6")]))
  }
}
