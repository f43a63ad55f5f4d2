import Foundation

/// An exclusive advisory lock (flock(2)) on a lock file, held for the duration of a
/// read-modify-write of a shared file (a baseline, its acknowledgements, a noise floor), so two
/// commands updating it at once both land instead of the second overwriting the first.
///
/// The lock file is created if missing and never removed (removing it would let a third
/// process lock a new inode while the second still holds the old one). The kernel releases the
/// lock when the process dies, so a killed command never leaves it held.
public enum FileLock {
  /// Runs `body` while holding the exclusive lock on `lockFile` (blocking until it is free).
  public static func withLock<T>(_ lockFile: URL, _ body: () throws -> T) throws -> T {
    try AtomicFiles.createFolder(lockFile.deletingLastPathComponent())
    let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw FileWriteError(
        "cannot open lock file \(lockFile.path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw FileWriteError("cannot lock \(lockFile.path): \(String(cString: strerror(errno)))")
      }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}
