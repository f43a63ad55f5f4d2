import CSigbenchStrategyABI
import Foundation
import SigbenchCore

#if canImport(Glibc)
  import Glibc
#endif

/// A library strategy loaded into this process: the shared object a `library` manifest names,
/// opened with `dlopen`, its one entry point (`sigbench_strategy_entry`) called and its table
/// checked (`sigbench_strategy.h`, ABI version 1). Configured, it gives instances that call
/// the library directly (`LibraryStrokeInstance`), timed and counted like built-ins.
///
/// Loading fails with an error naming the library when it cannot be opened, lacks the entry
/// point, returns no table, was built for another ABI version or leaves a function out. The
/// library stays loaded for the process's life (code of it may still run in strokes).
public final class LibraryStrategy: @unchecked Sendable {
  public let manifest: ExternalManifest
  let table: UnsafePointer<sigbench_strategy_table>
  /// Failures of the instances' calls, for `watch`.
  let log = CallFailureLog()
  private let poolLock = NSLock()
  /// Output buffers strokes gave back, for the next strokes (at most one per thread that
  /// replayed at once).
  private var pool: [LibraryOutputBuffers] = []

  /// Buffers for one stroke: given back ones first.
  func leaseBuffers() -> LibraryOutputBuffers {
    poolLock.lock()
    defer { poolLock.unlock() }
    return pool.popLast() ?? LibraryOutputBuffers(items: 64)
  }

  /// Gives a stroke's buffers back.
  func returnBuffers(_ b: LibraryOutputBuffers) {
    poolLock.lock()
    defer { poolLock.unlock() }
    pool.append(b)
  }

  /// Why a library cannot be used.
  public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var strategy: String
    public var library: String
    public var message: String
    public var description: String {
      "external strategy '\(strategy)': library \(library): \(message)"
    }
  }

  public init(_ manifest: ExternalManifest) throws(LoadError) {
    self.manifest = manifest
    let path = manifest.libraryPath ?? ""
    func fail(_ message: String) -> LoadError {
      LoadError(strategy: manifest.id, library: path, message: message)
    }
    guard manifest.kind == .library, !path.isEmpty else {
      throw fail("the manifest is not of kind library")
    }
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw fail("cannot be loaded: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
    }
    guard let symbol = dlsym(handle, SIGBENCH_STRATEGY_ENTRY) else {
      throw fail("does not export \(SIGBENCH_STRATEGY_ENTRY) (the ABI's one entry point)")
    }
    typealias Entry = @convention(c) () -> UnsafePointer<sigbench_strategy_table>?
    guard let table = unsafeBitCast(symbol, to: Entry.self)() else {
      throw fail("\(SIGBENCH_STRATEGY_ENTRY) returned no table")
    }
    let version = table.pointee.abi_version
    guard version == SIGBENCH_STRATEGY_ABI_VERSION else {
      throw fail(
        "was built for ABI version \(version); this build loads version "
          + "\(SIGBENCH_STRATEGY_ABI_VERSION) (rebuild it with this sigbench's header)")
    }
    let t = table.pointee
    for (name, present) in [
      ("create", t.create != nil), ("push", t.push != nil), ("finish", t.finish != nil),
      ("destroy", t.destroy != nil),
    ] where !present {
      throw fail("its table has no \(name) function")
    }
    self.table = table
  }

  /// A strategy with `configuration`'s options whose instances call this library here
  /// (timed in process). `origin`: what results record of it.
  public func configured(_ configuration: StrategyConfiguration, origin: StrategyOrigin)
    -> ConfiguredStrategy
  {
    let settings = LibraryStrokeInstance.Settings(
      library: self, options: LibraryOptions(configuration, order: manifest.parameters))
    return ConfiguredStrategy(configuration: configuration, origin: origin, failures: log) {
      LibraryStrokeInstance(settings: settings)
    }
  }
}

/// A configuration's options as the C ABI passes them: names and choices as C strings made
/// once per configuration, in the manifest's order.
final class LibraryOptions: @unchecked Sendable {
  let options: UnsafeMutablePointer<sigbench_option>
  let count: Int
  private var strings: [UnsafeMutablePointer<CChar>] = []

  init(_ configuration: StrategyConfiguration, order: [ParameterInfo]) {
    count = order.count
    options = .allocate(capacity: max(1, count))
    for (i, p) in order.enumerated() {
      let name = strdup(p.name)!
      strings.append(name)
      switch configuration.values[p.name] {
      case .number(let v):
        options[i] = sigbench_option(name: name, number: v, choice: nil)
      case .choice(let c):
        let text = strdup(c)!
        strings.append(text)
        options[i] = sigbench_option(name: name, number: 0, choice: text)
      case nil:
        options[i] = sigbench_option(name: name, number: 0, choice: nil)
      }
    }
  }

  deinit {
    for s in strings { free(s) }
    options.deallocate()
  }
}
