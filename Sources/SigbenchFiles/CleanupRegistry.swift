import Foundation

/// What this process has under construction and must not leave behind when it stops early:
/// partial run folders, temporary files of atomic writes, scratch folders, worker processes.
///
/// Builders register a path when they create it and unregister it once it is renamed into place
/// or removed. When a command fails, or SIGINT/SIGTERM stops it, the CLI calls `abandonAll()`,
/// which kills the registered workers and removes the registered paths, so that nothing
/// partial survives and nothing finished is touched. Thread-safe; O(1) per registration.
public enum CleanupRegistry {
  private final class State: @unchecked Sendable {
    let lock = NSLock()
    var paths: [String: Int] = [:]
    var children: Set<Int32> = []
    var stopping = false
  }
  private static let state = State()

  /// Registers `url` for removal if the process stops before `unregister(url)`.
  public static func register(_ url: URL) {
    state.lock.lock()
    state.paths[url.path, default: 0] += 1
    state.lock.unlock()
  }

  /// `url` is finished (renamed into place) or already removed: leave it alone.
  public static func unregister(_ url: URL) {
    state.lock.lock()
    if let n = state.paths[url.path] { state.paths[url.path] = n > 1 ? n - 1 : nil }
    state.lock.unlock()
  }

  /// Registers a running worker process, killed by `abandonAll()`.
  public static func registerChild(_ pid: Int32) {
    state.lock.lock()
    state.children.insert(pid)
    state.lock.unlock()
  }

  /// The worker has exited.
  public static func unregisterChild(_ pid: Int32) {
    state.lock.lock()
    state.children.remove(pid)
    state.lock.unlock()
  }

  /// True once `abandonAll(forSignal: true)` has started: the process is stopping on a signal.
  public static var isStopping: Bool {
    state.lock.lock()
    defer { state.lock.unlock() }
    return state.stopping
  }

  /// The paths registered now (for tests and notices).
  public static var registeredPaths: [String] {
    state.lock.lock()
    defer { state.lock.unlock() }
    return state.paths.keys.sorted()
  }

  /// Kills every registered worker (SIGKILL: its results are discarded anyway) and removes every
  /// registered path, deepest first. Returns the paths removed. Safe to call more than once.
  ///
  /// With `forSignal`, other threads of this process may still be writing (a signal arrived
  /// mid-run): the stop flag is raised first, so `AtomicFiles` refuses new writes and folders,
  /// and after 100 ms the paths are removed, twice, so that a write already under way when the
  /// flag went up cannot leave a file behind. The flag stays up: the process is about to exit.
  @discardableResult
  public static func abandonAll(forSignal: Bool = false) -> [String] {
    state.lock.lock()
    if forSignal { state.stopping = true }
    let children = state.children
    let paths = state.paths.keys.sorted { $0.count > $1.count }
    state.children.removeAll()
    state.paths.removeAll()
    state.lock.unlock()
    for pid in children { kill(pid, SIGKILL) }
    var removed: Set<String> = []
    for pass in 0..<(forSignal ? 2 : 1) {
      if forSignal { sleep(.milliseconds(pass == 0 ? 100 : 50)) }
      for p in paths where FileManager.default.fileExists(atPath: p) {
        if (try? FileManager.default.removeItem(atPath: p)) != nil { removed.insert(p) }
      }
    }
    return removed.sorted()
  }

  /// Sleeps `d` (whole microseconds).
  static func sleep(_ d: Duration) {
    let (seconds, attoseconds) = d.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) * 1e-18)
  }

  /// Throws when the process is stopping: no new partial state after a signal.
  public static func checkNotStopping(_ what: URL) throws {
    if isStopping { throw FileWriteError("not writing \(what.path): the command is stopping") }
  }
}
