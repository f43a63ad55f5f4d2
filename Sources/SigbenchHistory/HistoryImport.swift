import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchResults

/// Backfills the history from files written earlier: run folders (`result.json`), benchmark
/// folders (`bench.json`) and gate folders (`gate.json`), of every schema version the results
/// module still reads. Idempotent: a run already stored (its run id; a bench or gate by content)
/// is skipped, and a run folder's `bench.json` is part of its run, not a second one.
public enum HistoryImport {
  /// What an import did.
  public struct Outcome: Sendable {
    /// Files whose run was stored now.
    public var added: [String] = []
    /// Files whose run was already stored.
    public var alreadyStored: [String] = []
    /// Files that could not be read, with the reason.
    public var failed: [(file: String, reason: String)] = []
    /// Shard runs (`run --shard`), skipped: their merge is the run of the corpus.
    public var shardRuns: [String] = []
  }

  /// The result files recognised by name.
  static let fileNames = ["result.json", "bench.json", "gate.json"]

  /// Every result file at or below each path (a file is taken as given), sorted. A path given
  /// as a symlink (`Reports/latest`) is followed; below it, hidden folders (unfinished
  /// `.partial` runs) and symlinks are not, so `Reports/` does not yield its latest run twice. A
  /// `bench.json` beside a `result.json` is that run's own timing and is left out.
  ///
  /// - Complexity: O(f log f) for f files under the paths.
  public static func files(under paths: [String]) -> [String] {
    var out: Set<String> = []
    let fm = FileManager.default
    for p in paths {
      var isDir: ObjCBool = false
      guard fm.fileExists(atPath: p, isDirectory: &isDir) else { continue }
      if !isDir.boolValue {
        out.insert(p)
        continue
      }
      let root = URL(fileURLWithPath: p).resolvingSymlinksInPath()
      guard
        let e = fm.enumerator(
          at: root, includingPropertiesForKeys: [.isSymbolicLinkKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in e where fileNames.contains(url.lastPathComponent) {
        let link = (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink
        if link != true { out.insert(url.path) }
      }
    }
    return out.filter { file in
      let url = URL(fileURLWithPath: file)
      guard url.lastPathComponent == "bench.json" else { return true }
      let result = url.deletingLastPathComponent().appendingPathComponent("result.json").path
      return !out.contains(result)
    }.sorted()
  }

  /// The record a result file holds, by its name (`result.json`, `bench.json`, `gate.json`;
  /// any other name is tried as each in turn).
  public static func record(file: String) throws -> HistoryRecord {
    // A FIFO or device would block or read as "Permission denied": name what it is instead.
    var info = stat()
    if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      throw HistoryError(
        "not a regular file (\(SystemErrorText.kindName(info.st_mode & S_IFMT)))")
    }
    let data = try BoundedRead.data(
      URL(fileURLWithPath: file), limit: Int(InputEnvelope.resultFileBytes.value))
    let name = URL(fileURLWithPath: file).lastPathComponent
    switch name {
    case "result.json": return .run(try RunResult.decode(data), source: file)
    case "bench.json": return .bench(try BenchReport.decode(data), source: file)
    case "gate.json": return .gate(try GateReport.decode(data), source: file)
    default:
      if let r = try? RunResult.decode(data) { return .run(r, source: file) }
      if let g = try? GateReport.decode(data) { return .gate(g, source: file) }
      return .bench(try BenchReport.decode(data), source: file)
    }
  }

  /// Imports every result file under `paths` into `store`, one transaction per run.
  public static func run(_ paths: [String], into store: HistoryStore) -> Outcome {
    var o = Outcome()
    for f in files(under: paths) {
      do {
        let r = try record(file: f)
        if r.shard != nil {
          o.shardRuns.append(f)
        } else if try store.append(r) {
          o.added.append(f)
        } else {
          o.alreadyStored.append(f)
        }
      } catch {
        o.failed.append((f, "\(error)"))
      }
    }
    return o
  }
}
