import Foundation
import SigbenchRun

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

/// Keeps a long command talking on stderr: passes every event on to the console, and when
/// nothing was reported for `interval` seconds (a long timing pass, the counters under
/// callgrind, a slow drawing), prints the current step — the last note or counted step — with
/// how long it has run. Nothing with `--quiet`.
final class Heartbeat: @unchecked Sendable {
  /// Seconds of silence before a heartbeat line.
  static let interval = 5.0

  let console: Console
  let inner: ProgressHandler
  let isTerminal = isatty(STDERR_FILENO) == 1
  private let lock = NSLock()
  private var step = "working"
  private var stepStarted = Date()
  private var lastOutput = Date()
  private var running = true
  /// Heartbeat lines printed (tests).
  private(set) var beats = 0

  init(console: Console, interval: Double = Heartbeat.interval) {
    self.console = console
    inner = console.progress
    guard !console.quiet else { return }
    let thread = Thread { [self] in self.tick(interval) }
    thread.name = "sigbench-heartbeat"
    thread.start()
  }

  /// A heartbeat over `console`'s progress.
  static func wrap(_ console: Console) -> Heartbeat { Heartbeat(console: console) }

  /// Ends the heartbeat (no line is printed after this returns).
  static func stop(_ h: Heartbeat) { h.stop() }

  /// The handler to give a pipeline.
  var handler: ProgressHandler { { [self] event in self.event(event) } }

  func event(_ e: ProgressEvent) {
    lock.lock()
    let now = Date()
    lastOutput = now
    switch e {
    case .note(let text):
      step = text
      stepStarted = now
    case .advance(let label, let done, let total):
      if !step.hasPrefix(label) { stepStarted = now }
      step = "\(label) \(done)/\(total)"
    case .warning: break
    }
    lock.unlock()
    inner(e)
  }

  func stop() {
    lock.lock()
    running = false
    lock.unlock()
  }

  private func tick(_ interval: Double) {
    while true {
      Thread.sleep(forTimeInterval: min(0.25, interval / 4))
      lock.lock()
      guard running else {
        lock.unlock()
        return
      }
      let now = Date()
      var line: String?
      if now.timeIntervalSince(lastOutput) >= interval {
        lastOutput = now
        beats += 1
        line = "\(step) (still running, \(Int(now.timeIntervalSince(stepStarted))) s)"
      }
      // Printed under the lock, so nothing follows `stop()`.
      if let line {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        console.note(line)
      }
      lock.unlock()
    }
  }
}
