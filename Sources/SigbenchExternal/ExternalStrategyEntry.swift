import Foundation
import SigbenchCore
import SigbenchDigest

/// An external strategy as a catalog entry: its manifest's descriptor (options validated like
/// a built-in's), configurations whose instances speak to its processes
/// (`ExternalStrokeInstance`), and its origin (manifest, command, digests) for results and
/// baselines. Making the entry reads files for the digests and starts nothing.
public struct ExternalStrategyEntry: Sendable {
  public let manifest: ExternalManifest
  public let runtime: ExternalStrategyRuntime
  public let origin: ExternalStrategyOrigin

  /// How a library strategy runs in this process.
  public enum LibraryMode: Sendable {
    /// Served by a worker process running this command with the manifest's path appended
    /// (`sigbench strategies --serve`): the main process of every command.
    case served([String])
    /// Loaded here (`LibraryStrategy`) and called in this process: only in a worker process
    /// (timing, counters, a base binary's quality), where a trap costs that worker alone.
    case loadedHere
  }

  /// `timeout`: seconds a reply may take. `library`: how a library strategy runs here (`nil`:
  /// it cannot be configured). Throws when the manifest can no longer be read. Nothing is
  /// started or loaded until a stroke needs it.
  public init(
    _ manifest: ExternalManifest, timeout: Double = ExternalProcess.defaultTimeout,
    library: LibraryMode? = nil
  ) throws(ExternalManifestError) {
    self.manifest = manifest
    var served = manifest
    if manifest.kind == .library, case .served(let server) = library {
      served.kind = .process
      served.command = server + [URL(fileURLWithPath: manifest.path).standardizedFileURL.path]
      served.protocolVersion = ExternalProtocol.version
    }
    self.served = served
    loader =
      manifest.kind == .library && { if case .loadedHere = library { true } else { false } }()
      ? LibraryLoader(manifest) : nil
    runtime = ExternalStrategyRuntime(served, timeout: timeout)
    origin = try Self.origin(of: manifest)
  }

  /// What the processes run: the manifest itself, or for a library the server's command.
  let served: ExternalManifest
  /// A library loaded in this process at its first configuration (`LibraryMode.loadedHere`).
  let loader: LibraryLoader?

  /// The catalog entry: configure validates options against the manifest's declarations.
  public var entry: StrategyEntry {
    let runtime = runtime
    let origin = StrategyOrigin.external(origin)
    let manifest = manifest
    let served = served
    let loader = loader
    return StrategyEntry(descriptor: manifest.descriptor) { configuration in
      if let loader {
        return try loader.library().configured(configuration, origin: origin)
      }
      guard served.kind == .process else {
        // Library code runs only in worker processes (a trap in it must cost one strategy,
        // not the run): without a server command it cannot run here.
        throw ExternalManifestError.invalidField(
          path: manifest.path, field: "kind",
          rule: "a kind this command can run (library strategies run in `run`, `bench`, "
            + "`gate`, `baseline` and `strategies --check`)", value: manifest.kind.rawValue)
      }
      let settings = ExternalStrokeInstance.Settings(
        runtime: runtime, configuration: configuration)
      return ConfiguredStrategy(
        configuration: configuration, origin: origin, failures: runtime, timedInProcess: false
      ) {
        ExternalStrokeInstance(settings: settings)
      }
    }
  }

  /// The manifest's digest, and the digest of the files its command names: the program when
  /// its name has a `/`, and every later argument that is a regular file (relative to the
  /// manifest's folder, where the program starts), in command order.
  static func origin(of manifest: ExternalManifest) throws(ExternalManifestError)
    -> ExternalStrategyOrigin
  {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: manifest.path))
    } catch {
      throw .unreadable(path: manifest.path, reason: error.localizedDescription)
    }
    let folder = URL(fileURLWithPath: manifest.path).deletingLastPathComponent()
    var files: [String] = []
    var bytes: [UInt8] = []
    // A library's file is what it runs; a process's, the files its command names.
    let named = manifest.library.map { [$0] } ?? manifest.command
    for (i, word) in named.enumerated() {
      if i == 0 && manifest.library == nil && !word.contains("/") { continue }
      let url =
        word.hasPrefix("/") ? URL(fileURLWithPath: word) : folder.appendingPathComponent(word)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue, let content = try? Data(contentsOf: url)
      else { continue }
      files.append(word)
      // Each file's own digest, then the digest of those: a file's bytes cannot run into
      // the next's.
      bytes += SHA256Digest.digest(Array(content))
    }
    return ExternalStrategyOrigin(
      kind: manifest.kind.rawValue, manifestPath: manifest.path, command: manifest.command,
      manifestDigest: hex(SHA256Digest.digest(Array(data))),
      commandDigest: files.isEmpty ? nil : hex(SHA256Digest.digest(bytes)), commandFiles: files)
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }
}

/// Loads a library strategy once, at its first configuration (so discovery loads nothing).
final class LibraryLoader: @unchecked Sendable {
  let manifest: ExternalManifest
  private let lock = NSLock()
  private var loaded: Result<LibraryStrategy, LibraryStrategy.LoadError>?

  init(_ manifest: ExternalManifest) { self.manifest = manifest }

  func library() throws(LibraryStrategy.LoadError) -> LibraryStrategy {
    lock.lock()
    defer { lock.unlock() }
    if loaded == nil {
      do { loaded = .success(try LibraryStrategy(manifest)) } catch { loaded = .failure(error) }
    }
    return try loaded!.get()
  }
}
