import Foundation

/// Finds external strategies: every `*.sigbench-strategy.json` directly inside the strategy
/// folders, read and checked (`ExternalManifest.read(at:)`). Nothing found is started.
///
/// The folders are the `--strategy-dir` values in the order given, then the entries of
/// `SIGBENCH_STRATEGY_PATH` (separated by `:`, empty entries skipped, as `PATH`); a folder named
/// twice is searched once. Within a folder, manifests are read in file-name order. An id that
/// a built-in strategy has, or that two manifests declare, is an error naming both places.
public enum ExternalStrategyDiscovery {
  /// The environment variable listing strategy folders.
  public static let environmentVariable = "SIGBENCH_STRATEGY_PATH"

  /// The folders to search: `options` (the `--strategy-dir` values), then the variable's
  /// entries, each once.
  public static func folders(options: [String], environment: [String: String]) -> [String] {
    let fromVariable = (environment[environmentVariable] ?? "")
      .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    var seen: Set<String> = []
    return (options + fromVariable).filter { seen.insert(normalized($0)).inserted }
  }

  /// The manifests in `folders`, in folder order and file-name order within a folder.
  /// `builtInIDs`: the ids no manifest may take.
  public static func discover(folders: [String], builtInIDs: [String])
    throws(ExternalManifestError) -> [ExternalManifest]
  {
    var found: [ExternalManifest] = []
    for folder in folders {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder)
      } catch {
        throw .unreadableFolder(path: folder, reason: Self.reason(error, folder: folder))
      }
      for name in names.sorted()
      where name.hasSuffix(ExternalManifest.fileSuffix) && !name.hasPrefix(".") {
        let path = (folder as NSString).appendingPathComponent(name)
        let m = try ExternalManifest.read(at: path)
        if builtInIDs.contains(m.id) {
          throw .duplicateID(id: m.id, first: "the built-in strategy '\(m.id)'", second: path)
        }
        if let other = found.first(where: { $0.id == m.id }) {
          throw .duplicateID(id: m.id, first: other.path, second: path)
        }
        found.append(m)
      }
    }
    return found
  }

  private static func normalized(_ folder: String) -> String {
    URL(fileURLWithPath: folder).standardizedFileURL.path
  }

  private static func reason(_ error: any Error, folder: String) -> String {
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      return "no such folder"
    }
    return isFolder.boolValue ? error.localizedDescription : "not a folder"
  }
}
