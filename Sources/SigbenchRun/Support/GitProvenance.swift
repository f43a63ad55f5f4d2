import Foundation

/// The current git commit and whether the work tree is dirty, when run inside a checkout.
enum GitProvenance {
  static func read() -> (commit: String?, dirty: Bool?) {
    guard let commit = git(["rev-parse", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines),
      !commit.isEmpty
    else { return (nil, nil) }
    let status = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
    return (commit, !status.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }

  static func git(_ args: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["git"] + args
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
