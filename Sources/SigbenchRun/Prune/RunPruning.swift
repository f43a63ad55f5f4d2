import Foundation
import SigbenchFiles
import SigbenchHistory

/// `sigbench prune --keep N`: removes the older run, bench and gate folders under one `--out`,
/// keeping the newest `keep` of each kind, so runs with the same `--out` stop adding up.
///
/// Safety rules:
/// - Only real folders directly under `<out>/runs`, `<out>/bench` and `<out>/gates` are
///   candidates: never a symbolic link, a hidden entry (an unfinished `.partial` run) or
///   anything whose resolved path leaves `<out>`.
/// - The folder `<out>/latest` points to is always kept.
/// - Newest means the largest folder name: run, bench and gate ids start with their UTC start
///   time (`20261204-150357-8214`).
/// - A removed run the history still holds (`<out>/history.sqlite`) is said so: its figures
///   stay in the history. Baselines and noise floors are separate files and never touched.
/// - A folder is renamed to a hidden `.ID.pruning` before it is deleted, so an interrupted
///   prune never leaves a half-deleted folder that looks like a run; the next prune finishes it.
public struct RunPruning: Sendable {
  /// One folder and what happens to it.
  public struct Entry: Sendable, Hashable {
    /// `runs`, `bench` or `gates`.
    public var kind: String
    public var id: String
    public var url: URL
    /// Bytes of its files.
    public var bytes: Int64
    /// Why it is kept, or what removing it leaves behind.
    public var note: String?
  }

  /// What a prune removes and keeps.
  public struct Plan: Sendable {
    public var remove: [Entry] = []
    public var keep: [Entry] = []
    /// Hidden leftovers of an interrupted prune, removed with the plan.
    public var leftovers: [URL] = []
    public var removedBytes: Int64 { remove.reduce(0) { $0 + $1.bytes } }
  }

  public static let kinds = ["runs", "bench", "gates"]

  public let out: URL
  public let keep: Int

  public init(out: URL, keep: Int) {
    self.out = out
    self.keep = keep
  }

  /// The plan, without touching anything.
  public func plan() throws(PipelineError) -> Plan {
    let fm = FileManager.default
    let root = out.resolvingSymlinksInPath().standardizedFileURL
    guard fm.fileExists(atPath: root.path) else {
      throw PipelineError(.toolError, "nothing to prune: \(out.path) does not exist")
    }
    let latest = out.appendingPathComponent("latest").resolvingSymlinksInPath()
      .standardizedFileURL.path
    let stored = storedRunIDs()
    var plan = Plan()
    for kind in Self.kinds {
      let folder = root.appendingPathComponent(kind)
      guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { continue }
      var found: [Entry] = []
      for name in names.sorted(by: >) {
        let url = folder.appendingPathComponent(name)
        if name.hasSuffix(".pruning") && name.hasPrefix(".") {
          plan.leftovers.append(url)
          continue
        }
        guard !name.hasPrefix("."), Self.isRealFolder(url),
          url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(folder.path + "/")
        else { continue }
        found.append(Entry(kind: kind, id: name, url: url, bytes: Self.bytes(of: url)))
      }
      for (i, var e) in found.enumerated() {
        if e.url.standardizedFileURL.path == latest {
          e.note = "latest points to it"
          plan.keep.append(e)
        } else if i < keep {
          plan.keep.append(e)
        } else {
          if kind == "runs" && stored.contains(e.id) {
            e.note = "its figures stay in history.sqlite"
          }
          plan.remove.append(e)
        }
      }
    }
    return plan
  }

  /// Removes what `plan` says; each folder is renamed aside first, then deleted.
  public func apply(_ plan: Plan) throws(PipelineError) {
    let fm = FileManager.default
    for url in plan.leftovers { try? fm.removeItem(at: url) }
    for e in plan.remove {
      let aside = e.url.deletingLastPathComponent().appendingPathComponent(".\(e.id).pruning")
      do {
        try fm.moveItem(at: e.url, to: aside)
        try fm.removeItem(at: aside)
      } catch {
        throw PipelineError(
          .toolError, "cannot remove \(e.url.path): \(SystemErrorText.reason(error))")
      }
    }
  }

  /// Run ids the history at `<out>/history.sqlite` holds (none without one). Opened with no
  /// migration beyond the first (which every stored history has), so prune never changes it.
  func storedRunIDs() -> Set<String> {
    let path = out.appendingPathComponent(HistoryStore.defaultFileName).path
    guard FileManager.default.fileExists(atPath: path),
      let store = try? HistoryStore(path: path, upTo: 1), let ids = try? store.runIDs()
    else { return [] }
    return ids
  }

  static func isRealFolder(_ url: URL) -> Bool {
    var info = stat()
    return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  static func bytes(of folder: URL) -> Int64 {
    var total: Int64 = 0
    let e = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.fileSizeKey], options: [])
    while let url = e?.nextObject() as? URL {
      total += Int64((try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0)
    }
    return total
  }
}
