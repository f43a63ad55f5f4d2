import SigbenchCore
import Synchronization

/// Strategies another Swift package compiled into its own sigbench binary: the package's name
/// and its entries, attributed to it (`StrategyOrigin.package`). They join the catalog after
/// the built-ins and are run, timed and counted exactly like them.
public struct AddedStrategies: Sendable {
  /// The name the package gave (`SigbenchMain.main(adding:package:)`), recorded with every
  /// result of its strategies.
  public let package: String
  public let entries: [StrategyEntry]

  /// Strategy id → the package's name, for listings.
  public var packageByID: [String: String] {
    Dictionary(uniqueKeysWithValues: entries.map { ($0.descriptor.id, package) })
  }
}

/// Why a package's strategies cannot join the catalog; names the package, the strategy and the
/// rule.
public struct CatalogAdditionError: Error, Sendable, CustomStringConvertible {
  public let description: String
}

extension StrategyCatalog {
  private static let addedStore = Mutex<AddedStrategies?>(nil)

  /// What a package added to this binary's catalog, `nil` in sigbench's own binary.
  public static var added: AddedStrategies? { addedStore.withLock { $0 } }

  /// Adds `entries` to the catalog for the rest of the process, attributed to `package`. Call
  /// once, before anything reads the catalog (the first line of a `main`). Throws when the
  /// package name is not kebab-case, an id is not kebab-case or is taken (by a built-in or
  /// another entry), or something was added already.
  public static func add(_ entries: [StrategyEntry], package: String)
    throws(CatalogAdditionError)
  {
    let checked = try checkAddition(entries, package: package)
    try addedStore.withLock { (stored) throws(CatalogAdditionError) in
      if let stored {
        throw CatalogAdditionError(
          description: "strategies were added already (by package '\(stored.package)'); "
            + "add every strategy in one call")
      }
      stored = checked
    }
  }

  /// The addition `add` would make, checked and attributed, without making it.
  public static func checkAddition(_ entries: [StrategyEntry], package: String)
    throws(CatalogAdditionError) -> AddedStrategies
  {
    guard isKebabCase(package) else {
      throw CatalogAdditionError(
        description: "package name '\(package)' must be kebab-case ([a-z0-9]+ joined by '-', "
          + "at most 64 characters)")
    }
    guard !entries.isEmpty else {
      throw CatalogAdditionError(description: "package '\(package)' adds no strategy")
    }
    var taken = Set(builtIn.map(\.descriptor.id))
    for e in entries {
      let id = e.descriptor.id
      guard isKebabCase(id) else {
        throw CatalogAdditionError(
          description: "package '\(package)': strategy id '\(id)' must be kebab-case "
            + "([a-z0-9]+ joined by '-', at most 64 characters)")
      }
      guard taken.insert(id).inserted else {
        let whose =
          builtIn.contains { $0.descriptor.id == id }
          ? "a built-in strategy" : "another of its strategies"
        throw CatalogAdditionError(
          description: "package '\(package)': strategy id '\(id)' is taken by \(whose)")
      }
    }
    return AddedStrategies(
      package: package, entries: entries.map { $0.attributed(to: .package(package)) })
  }

  /// `[a-z0-9]+` joined by `-`, at most 64 characters: the rule for ids and package names.
  static func isKebabCase(_ s: String) -> Bool {
    s.count <= 64
      && s.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      }
  }
}
