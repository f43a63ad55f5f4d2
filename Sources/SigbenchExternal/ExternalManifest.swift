import Foundation
import SigbenchCore

/// One external strategy as its manifest file (`NAME.sigbench-strategy.json`) declares it: an
/// algorithm that lives outside sigbench, judged like a built-in. The manifest says what it
/// is (id, summary, details, options with the fields of a built-in's option table), how it
/// runs (`kind`, the command as an argument list, the protocol version it speaks) and, read
/// back from disk, where it was found. Reading a manifest starts nothing.
///
/// The file format, field by field, is documented with `ExternalManifest.read(at:)`; the
/// README's "Your own strategy" section shows a whole one.
public struct ExternalManifest: Sendable, Hashable {
  /// How sigbench talks to the strategy.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A program started without a shell, spoken to over its standard input and output.
    case process
    /// A shared library exporting the C ABI of `sigbench_strategy.h`, called in process.
    case library
  }

  /// Stable kebab-case id, as a built-in's (`[a-z0-9]+(-[a-z0-9]+)*`, at most 64 characters).
  public var id: String
  /// One line for listings.
  public var summary: String
  /// Where the algorithm comes from and how it behaves (look-ahead, what it revises).
  public var details: String
  public var kind: Kind
  /// The program and its arguments, run without a shell. A first element with a `/` that is
  /// not absolute is taken relative to the manifest's folder; one without is looked up on
  /// `PATH` when started. Empty for a library.
  public var command: [String]
  /// The protocol version the program speaks (`ExternalManifest.protocolVersions`), or for a
  /// library the C ABI version it was built for (`abiVersions`).
  public var protocolVersion: Int
  /// A library's shared object, as the manifest names it (relative to the manifest's folder
  /// unless absolute); `nil` for a process.
  public var library: String? = nil
  /// How its cost per push grows with the stroke (`incremental` unless declared).
  public var cost: StrategyCost
  /// Its options, in display order, with the fields of a built-in's option table.
  public var parameters: [ParameterInfo]
  /// Its order constraints beside the `min-X` ≤ `max-X` naming rule every strategy follows.
  public var constraints: [StrategyDescriptor.OrderedPair]
  /// The manifest file, as it was found (a path under a strategy folder).
  public var path: String

  /// Protocol versions this build speaks.
  public static let protocolVersions: ClosedRange<Int> = 1...1
  /// C ABI versions this build loads (`SIGBENCH_STRATEGY_ABI_VERSION`).
  public static let abiVersions: ClosedRange<Int> = 1...1

  /// The library's path as opened: relative to the manifest's folder unless absolute.
  public var libraryPath: String? {
    guard let library else { return nil }
    if library.hasPrefix("/") { return library }
    return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(library)
      .path
  }
  /// The end of every manifest's file name.
  public static let fileSuffix = ".sigbench-strategy.json"
  /// Largest manifest read, bytes: a manifest is a page of JSON, not data.
  public static let maximumBytes = 1 << 20

  /// The descriptor the catalog, the spec parser and the option tables use: the same one a
  /// built-in declares.
  public var descriptor: StrategyDescriptor {
    StrategyDescriptor(
      id: id, summary: summary, details: details, parameters: parameters, cost: cost,
      declaredPairs: constraints)
  }
}
