import Foundation
import SigbenchFiles
import SigbenchResults

/// The files of a corpus folder, found the way a user expects: symbolic links followed, to
/// files and to folders (each real folder visited once, so a link cycle ends), hidden entries
/// (names starting with `.`) left out, and everything that is not read listed with its reason
/// instead of silently dropped.
///
/// Paths are relative to the root, as the links name them (a file reached through a link to a
/// folder keeps the link's name in its path), sorted by their UTF-8 bytes.
///
/// - Complexity: O(entries) directory reads and one `stat` per entry.
public struct CorpusWalk: Sendable {
  /// Regular files (directly or through links), relative to the root.
  public var files: [String] = []
  /// Entries left out, with why: hidden, not a regular file (FIFO, socket, device), a broken
  /// link, a folder already visited (a link cycle or a second link to it), or unreadable.
  public var skipped: [CorpusLoader.Skipped] = []

  /// Real paths of folders never entered (sigbench's own output folder inside the corpus).
  private var excluded: Set<String> = []

  /// Reason given for a folder in `excluding`.
  public static let outputReason = "sigbench's output folder (--out), not part of the corpus"

  /// Walks `root` (a folder), never entering a folder of `excluding` (compared by real path,
  /// so a link to it is left out too).
  public init(root: URL, excluding: [URL] = []) {
    excluded = Set(excluding.map { $0.resolvingSymlinksInPath().standardizedFileURL.path })
    var visited: Set<String> = [root.resolvingSymlinksInPath().standardizedFileURL.path]
    walk(root, relative: "", visited: &visited)
    files.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    skipped.sort { Array($0.file.utf8).lexicographicallyPrecedes(Array($1.file.utf8)) }
  }

  private mutating func walk(_ folder: URL, relative: String, visited: inout Set<String>) {
    let fm = FileManager.default
    let names: [String]
    do {
      names = try fm.contentsOfDirectory(atPath: folder.path)
    } catch {
      let what = relative.isEmpty ? "." : relative
      skipped.append(
        .init(file: what, reason: "folder cannot be listed: \(CorpusWalk.reason(error))"))
      return
    }
    for name in names {
      let rel = relative.isEmpty ? name : relative + "/" + name
      if name.hasPrefix(".") {
        skipped.append(.init(file: rel, reason: CorpusWalk.hiddenReason))
        continue
      }
      let url = folder.appendingPathComponent(name)
      var info = stat()
      guard lstat(url.path, &info) == 0 else {
        skipped.append(
          .init(file: rel, reason: "cannot be examined: \(String(cString: strerror(errno)))"))
        continue
      }
      var kind = info.st_mode & S_IFMT
      var link = ""
      if kind == S_IFLNK {
        guard stat(url.path, &info) == 0 else {
          // ELOOP: the link leads back to itself; otherwise its target is missing or hidden.
          let reason =
            errno == ELOOP
            ? "symbolic link cycle (\(String(cString: strerror(ELOOP))))"
            : "broken symbolic link (\(String(cString: strerror(errno))))"
          skipped.append(.init(file: rel, reason: reason))
          continue
        }
        kind = info.st_mode & S_IFMT
        link = " (through a symbolic link)"
      }
      switch kind {
      case S_IFREG: files.append(rel)
      case S_IFDIR:
        let real = url.resolvingSymlinksInPath().standardizedFileURL.path
        if excluded.contains(real) {
          skipped.append(.init(file: rel, reason: CorpusWalk.outputReason))
          continue
        }
        guard visited.insert(real).inserted else {
          skipped.append(.init(file: rel, reason: "folder \(real) already read\(link)"))
          continue
        }
        walk(url, relative: rel, visited: &visited)
      default:
        skipped.append(
          .init(file: rel, reason: "not a regular file (\(CorpusWalk.kindName(kind)))\(link)"))
      }
    }
  }

  /// The reason given for a hidden entry.
  public static let hiddenReason = "hidden (name starts with '.')"

  static func kindName(_ kind: mode_t) -> String { SystemErrorText.kindName(kind) }

  static func reason(_ error: any Error) -> String {
    SystemErrorText.reason(error)
  }
}
