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

  /// `timeout`: seconds a reply may take. `libraryServer`: the command that serves a library
  /// strategy over the protocol in a worker process (`sigbench strategies --serve`, the
  /// manifest's path appended); without it a library strategy cannot be configured here.
  /// Throws when the manifest can no longer be read.
  public init(
    _ manifest: ExternalManifest, timeout: Double = ExternalProcess.defaultTimeout,
    libraryServer: [String]? = nil
  ) throws(ExternalManifestError) {
    self.manifest = manifest
    var served = manifest
    if manifest.kind == .library, let server = libraryServer {
      served.kind = .process
      served.command = server + [URL(fileURLWithPath: manifest.path).standardizedFileURL.path]
      served.protocolVersion = ExternalProtocol.version
    }
    self.served = served
    runtime = ExternalStrategyRuntime(served, timeout: timeout)
    origin = try Self.origin(of: manifest)
  }

  /// What the processes run: the manifest itself, or for a library the server's command.
  let served: ExternalManifest

  /// The catalog entry: configure validates options against the manifest's declarations.
  public var entry: StrategyEntry {
    let runtime = runtime
    let origin = StrategyOrigin.external(origin)
    let manifest = manifest
    let served = served
    return StrategyEntry(descriptor: manifest.descriptor) { configuration in
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
      return ConfiguredStrategy(configuration: configuration, origin: origin, failures: runtime) {
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
