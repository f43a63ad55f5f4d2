import Foundation

/// Progress of a long run on stderr: a redrawn bar with done/total, rate and ETA when stderr is
/// a terminal; plain lines every few seconds otherwise (CI logs); nothing with `--quiet`.
struct Progress: Sendable {
  let label: String
  let total: Int
  let console: Console
  let isTerminal: Bool
  let started = Date()
  var lastDraw = Date.distantPast
  var done = 0

  /// Seconds between plain lines when stderr is not a terminal.
  static let plainInterval = 5.0
  /// Seconds between redraws on a terminal.
  static let barInterval = 0.1

  init(_ label: String, total: Int, console: Console) {
    self.label = label
    self.total = max(1, total)
    self.console = console
    isTerminal = isatty(STDERR_FILENO) == 1
  }

  /// Records `n` more units done and redraws when due.
  mutating func advance(_ n: Int = 1) {
    done += n
    guard !console.quiet else { return }
    let now = Date()
    let due = isTerminal ? Progress.barInterval : Progress.plainInterval
    guard now.timeIntervalSince(lastDraw) >= due || done >= total else { return }
    lastDraw = now
    let line = Progress.describe(
      label: label, done: done, total: total, elapsed: now.timeIntervalSince(started))
    if isTerminal {
      let width = 24
      let filled = min(width, done * width / total)
      let bar =
        String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      FileHandle.standardError.write(Data("\r[\(bar)] \(line)\u{1B}[K".utf8))
      if done >= total { FileHandle.standardError.write(Data("\n".utf8)) }
    } else {
      console.err(line)
    }
  }

  /// "rendering 12/40 samples, 3.1/s, ETA 9 s".
  static func describe(label: String, done: Int, total: Int, elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    var s = "\(label) \(done)/\(total)"
    if rate > 0 {
      s += String(format: ", %.1f/s", rate)
      if done < total { s += ", ETA \(Int((Double(total - done) / rate).rounded(.up))) s" }
    }
    return s
  }
}
