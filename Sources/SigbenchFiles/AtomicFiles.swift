import Foundation

/// Writes that never leave a half-written file behind: data goes to a temporary name in the
/// same folder, then is renamed over the target (rename(2) is atomic within a file system).
public enum AtomicFiles {
  /// Writes `data` to `url` atomically, creating parent folders.
  public static func write(_ data: Data, to url: URL) throws {
    try write(to: url) { append in try append(data) }
  }

  /// Writes what `produce` hands to its `append` argument, piece by piece, to `url` as `write`
  /// does (a temporary file beside it, renamed into place), so that a large file never has to
  /// be held whole in memory.
  public static func write(
    to url: URL, _ produce: (_ append: (Data) throws -> Void) throws -> Void
  ) throws {
    let dir = url.deletingLastPathComponent()
    try createFolder(dir)
    let tmp = dir.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    try CleanupRegistry.checkNotStopping(url)
    CleanupRegistry.register(tmp)
    defer { CleanupRegistry.unregister(tmp) }
    do {
      guard FileManager.default.createFile(atPath: tmp.path, contents: nil) else {
        // The system's reason (errno of the failed open), not a second "cannot …".
        let code = errno
        throw FileWriteError(
          code != 0
            ? String(cString: strerror(code))
            : "cannot create a file in \(tmp.deletingLastPathComponent().path)")
      }
      let handle = try FileHandle(forWritingTo: tmp)
      defer { try? handle.close() }
      try produce { try handle.write(contentsOf: $0) }
    } catch {
      try? FileManager.default.removeItem(at: tmp)
      throw FileWriteError("cannot write \(url.path): \(SystemErrorText.reason(error))")
    }
    guard rename(tmp.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: tmp)
      throw FileWriteError(
        "cannot rename \(tmp.path) to \(url.path): \(String(cString: strerror(code)))")
    }
  }

  /// Points the symlink `link` at `target` atomically (a new link renamed over the old one).
  public static func replaceSymlink(_ link: URL, target: String) throws {
    let tmp = link.deletingLastPathComponent().appendingPathComponent(
      ".\(link.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: tmp)
    CleanupRegistry.register(tmp)
    defer { CleanupRegistry.unregister(tmp) }
    do {
      try FileManager.default.createSymbolicLink(atPath: tmp.path, withDestinationPath: target)
    } catch {
      throw FileWriteError("cannot replace \(link.path): \(SystemErrorText.reason(error))")
    }
    guard rename(tmp.path, link.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: tmp)
      throw FileWriteError("cannot replace \(link.path): \(String(cString: strerror(code)))")
    }
  }

  /// Creates `dir` and its missing parents; the error names the folder and the system's reason
  /// ("cannot create folder /out/x: Not a directory").
  public static func createFolder(_ dir: URL) throws {
    try CleanupRegistry.checkNotStopping(dir)
    do {
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    } catch {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        throw FileWriteError("cannot create folder \(dir.path): a file of that name is in the way")
      }
      throw FileWriteError("cannot create folder \(dir.path): \(SystemErrorText.reason(error))")
    }
  }

  /// Renames a finished folder into place; fails if the target exists.
  public static func moveFolder(_ from: URL, to: URL) throws {
    guard rename(from.path, to.path) == 0 else {
      let code = errno
      throw FileWriteError(
        "cannot move \(from.path) to \(to.path): \(String(cString: strerror(code)))")
    }
  }
}

/// A write, rename or link that failed, with the paths and the system's reason.
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
