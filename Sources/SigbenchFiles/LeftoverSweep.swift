import Foundation

/// Finds and removes what processes that no longer exist left behind: `runs/.<id>.partial/`
/// folders (the run id ends in the process id), `.<name>.tmp-<pid>` files and links of atomic
/// writes under `<out>`, and `sigbench-<what>-<pid>-<tag>` scratch folders in the temporary
/// folder. Anything whose process is still alive, or that belongs to this process, is kept.
///
/// Cost: one directory listing per folder visited; finished run folders are not descended
/// into (they are renamed into place only when complete, so they hold no leftovers).
public enum LeftoverSweep {
  /// One removed leftover and the process that left it.
  public struct Removed: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var pid: Int32
    public var description: String { "removed \(path), left by process \(pid) (no longer running)" }
  }

  /// Sweeps `out` (to depth 3) and `temporary`; returns what was removed.
  public static func sweep(out: URL, temporary: URL = FileManager.default.temporaryDirectory)
    -> [Removed]
  {
    var removed: [Removed] = []
    visit(out, depth: 0, into: &removed)
    for name in list(temporary) {
      if let pid = scratchPID(name) {
        remove(temporary.appendingPathComponent(name), pid, &removed)
      }
    }
    return removed
  }

  /// The process id in a leftover's name, or nil when `name` is not a leftover's name.
  public static func leftoverPID(_ name: String) -> Int32? {
    if name.hasPrefix("."), name.hasSuffix(".partial") {
      // `.yyyyMMdd-HHmmss-<pid>.partial`
      let id = name.dropFirst().dropLast(".partial".count)
      return id.split(separator: "-").last.flatMap { Int32($0) }
    }
    if name.hasPrefix("."), let r = name.range(of: ".tmp-", options: .backwards) {
      return Int32(name[r.upperBound...])
    }
    return nil
  }

  /// The kinds of scratch folder a command makes in the temporary folder
  /// (`BenchWorkers.makeScratch` names each `sigbench-<kind padded to 5>-<pid>-<tag>`). The
  /// sweep recognises exactly these, so a new kind is swept as soon as it is declared here.
  public enum ScratchKind: String, CaseIterable, Sendable {
    /// Benchmark and counter workers' plans and results.
    case bench
    /// The gate's workers.
    case gate
    /// `run`'s packed samples for the timing phase (`TimingSpool`).
    case spool

    /// The kind as it appears in a folder's name: five characters, `_`-padded.
    public var padded: String { rawValue.padding(toLength: 5, withPad: "_", startingAt: 0) }
  }

  /// Kinds in scratch folders' names: padded, and as written before padding (`gate`).
  static let scratchKinds = Set(
    ScratchKind.allCases.flatMap { [Substring($0.padded), Substring($0.rawValue)] })

  /// The process id in a scratch folder's name `sigbench-<kind>-<pid>-<tag>`: exactly four
  /// dash-separated parts, a known kind, a decimal pid and an 8-digit hexadecimal tag (so that
  /// another program's `sigbench-…` folder, e.g. one named with a UUID, is never taken for one).
  public static func scratchPID(_ name: String) -> Int32? {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "sigbench", scratchKinds.contains(parts[1]),
      parts[3].count == 8, parts[3].allSatisfy(\.isHexDigit),
      parts[2].allSatisfy(\.isASCII), parts[2].allSatisfy(\.isNumber)
    else { return nil }
    return Int32(parts[2])
  }

  /// True when process `pid` exists (kill(pid, 0) succeeds or is refused for permission).
  public static func isAlive(_ pid: Int32) -> Bool {
    if pid <= 0 { return true }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  private static func visit(_ dir: URL, depth: Int, into removed: inout [Removed]) {
    for name in list(dir) {
      let url = dir.appendingPathComponent(name)
      if let pid = leftoverPID(name) {
        remove(url, pid, &removed)
        continue
      }
      guard depth < 2, !name.hasPrefix("."), dir.lastPathComponent != "runs" || depth != 1
      else { continue }
      // Never follow links (`latest` points into runs/).
      let attrs = try? FileManager.default.attributesOfItem(atPath: url.path)
      guard attrs?[.type] as? FileAttributeType == .typeDirectory else { continue }
      visit(url, depth: depth + 1, into: &removed)
    }
  }

  private static func remove(_ url: URL, _ pid: Int32, _ removed: inout [Removed]) {
    guard pid != getpid(), !isAlive(pid) else { return }
    if (try? FileManager.default.removeItem(at: url)) != nil {
      removed.append(Removed(path: url.path, pid: pid))
    }
  }

  private static func list(_ dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
  }
}
