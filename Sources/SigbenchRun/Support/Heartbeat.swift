import Foundation

/// Keeps a long command talking: passes every event on to `inner`, and when nothing was
/// reported for `interval` seconds (a long timing pass, the counters under callgrind, a slow
/// drawing) reports the current step — the last note or counted step — again as a note, with
/// how long it has run. A disabled heartbeat (`--quiet`) only passes events on.
public final class Heartbeat: @unchecked Sendable {
  /// Seconds of silence before a heartbeat note.
  public static let interval = 5.0

  let inner: ProgressHandler
  private let lock = NSLock()
  private var step = "working"
  private var stepStarted = Date()
  private var lastOutput = Date()
  private var running = true
  /// Heartbeat notes sent (tests).
  public private(set) var beats = 0

  public init(
    forwardingTo inner: @escaping ProgressHandler, interval: Double = Heartbeat.interval,
    enabled: Bool = true
  ) {
    self.inner = inner
    guard enabled else { return }
    let thread = Thread { [self] in self.tick(interval) }
    thread.name = "sigbench-heartbeat"
    thread.start()
  }

  /// The handler to give a pipeline.
  public var handler: ProgressHandler { { [self] event in self.event(event) } }

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

  /// Ends the heartbeat (no note is sent after this returns).
  public func stop() {
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
      if now.timeIntervalSince(lastOutput) >= interval {
        lastOutput = now
        beats += 1
        // Sent under the lock, so nothing follows `stop()`.
        inner(.note("\(step) (still running, \(Int(now.timeIntervalSince(stepStarted))) s)"))
      }
      lock.unlock()
    }
  }
}
