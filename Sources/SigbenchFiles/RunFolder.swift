import Foundation

/// A run's folder under `<out>/runs/`: built under a hidden `.<id>.partial` name, renamed to
/// `<id>` when complete, then `<out>/latest` is pointed at it. A reader never sees a half-built
/// run; an interrupted one leaves only a `.partial` folder that the next run with that id
/// replaces.
public struct RunFolder: Sendable, Hashable {
  /// `<out>` (default `Reports`).
  public var out: URL
  public var runID: String

  public init(out: URL, runID: String) {
    self.out = out
    self.runID = runID
  }

  public var runs: URL { out.appendingPathComponent("runs") }
  /// Where the run is assembled.
  public var partial: URL { runs.appendingPathComponent(".\(runID).partial") }
  /// Where the finished run lives.
  public var final: URL { runs.appendingPathComponent(runID) }
  /// The symlink to the newest finished run.
  public var latest: URL { out.appendingPathComponent("latest") }

  /// Creates the partial folder (and `img/`), replacing a leftover of the same id. The folder is
  /// registered with `CleanupRegistry`, so a failed or interrupted command removes it.
  /// A symbolic link at `<out>/runs` is refused (`OutputLinks`).
  public func begin() throws {
    try OutputLinks.refuseLink(runs)
    try? FileManager.default.removeItem(at: partial)
    CleanupRegistry.register(partial)
    try AtomicFiles.createFolder(partial.appendingPathComponent("img"))
  }

  /// Renames the partial folder into place and points `latest` at it.
  public func commit() throws {
    try AtomicFiles.moveFolder(partial, to: final)
    CleanupRegistry.unregister(partial)
    try AtomicFiles.replaceSymlink(latest, target: "runs/\(runID)")
  }

  /// `yyyyMMdd-HHmmss-<pid>` in UTC: sortable, unique per process and second.
  public static func makeID(_ date: Date) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyyMMdd-HHmmss"
    return "\(f.string(from: date))-\(ProcessInfo.processInfo.processIdentifier)"
  }

  /// A file-name-safe form of `text`: ASCII letters, digits, `-`, `_` and `.` kept, every other
  /// run of characters replaced by one `_`; at most 80 characters.
  public static func slug(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      if c.isASCII, CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" || c == "." {
        out.unicodeScalars.append(c)
      } else if !out.hasSuffix("_") {
        out += "_"
      }
    }
    return String(out.prefix(80))
  }

  /// ISO 8601 UTC, the time format of every result file.
  public static func timestamp(_ date: Date = Date()) -> String {
    ISO8601DateFormatter().string(from: date)
  }
}

/// Where baselines and noise floors live: `<out>/baselines/NAME.json` and
/// `<out>/baselines/noise/NAME.json`.
public struct BaselineStore: Sendable, Hashable {
  public var out: String

  public init(out: String) { self.out = out }

  public var folder: URL { URL(fileURLWithPath: out).appendingPathComponent("baselines") }
  public func url(_ name: String) -> URL { folder.appendingPathComponent("\(name).json") }
  public func noiseURL(_ name: String) -> URL {
    folder.appendingPathComponent("noise").appendingPathComponent("\(name).json")
  }
  /// The lock every read-modify-write of a baseline, its acknowledgements or a noise floor
  /// holds (`FileLock`), so concurrent `baseline ack`/`save`/`noise` commands all land.
  public var lockFile: URL { folder.appendingPathComponent(".lock") }

  /// Runs `body` holding the baselines' lock.
  /// A symbolic link at `<out>/baselines` is refused first (`OutputLinks`).
  public func locked<T>(_ body: () throws -> T) throws -> T {
    try OutputLinks.refuseLink(folder)
    return try FileLock.withLock(lockFile, body)
  }
}
