import Foundation
import SigbenchCore

/// The running side of one external strategy: its processes and the failures they met.
///
/// Processes are leased one stroke at a time and returned afterwards, so a worker thread that
/// replays stroke after stroke keeps reusing one process, and at most as many run as there are
/// threads replaying this strategy at once (one per worker), whatever configurations they
/// replay (`configure` switches a process between strokes). A process that failed is stopped
/// and never returned; the next stroke starts a fresh one. After `failureLimit` failures of one
/// configuration in a row (no stroke of it completing in between) that configuration is given
/// up: every later stroke of it fails at once, naming the first of those failures. So a
/// program that always hangs costs `failureLimit` timeouts per configuration, not one per
/// stroke, while one that fails on a few strokes still draws all the others.
///
/// Failures are recorded for the thread that met them (`StrategyCallFailures`): a replay run
/// inside `watch` throws the first one.
public final class ExternalStrategyRuntime: StrategyCallFailures, @unchecked Sendable {
  public let manifest: ExternalManifest
  /// Seconds a reply may take (`ExternalProcess.timeout`).
  public let timeout: Double
  /// Failures in a row after which a configuration is given up.
  public static let failureLimit = 8

  private let lock = NSLock()
  private var idle: [ExternalSession] = []
  private var everyStarted: [ExternalSession] = []
  /// Failures in the order met, with the label of the configuration that met each.
  private var failures: [(label: String, failure: ExternalProcess.Failure)] = []
  /// Per configuration label: the failures since its last completed stroke.
  private var inARow: [String: [ExternalProcess.Failure]] = [:]
  /// The failures by thread, for `watch`.
  private let log = CallFailureLog()

  public init(_ manifest: ExternalManifest, timeout: Double = ExternalProcess.defaultTimeout) {
    self.manifest = manifest
    self.timeout = timeout
  }

  deinit { stopAll() }

  /// Processes started so far.
  public var processesStarted: Int {
    lock.lock()
    defer { lock.unlock() }
    return everyStarted.count
  }

  /// Failures met so far, in the order met.
  public var failuresMet: [ExternalProcess.Failure] {
    lock.lock()
    defer { lock.unlock() }
    return failures.map(\.failure)
  }

  /// An idle process for a stroke of the configuration labelled `label`, or a new one. Throws
  /// when that configuration was given up or the program cannot start (the caller records
  /// it, like any failure).
  func lease(for label: String) throws(ExternalProcess.Failure) -> ExternalSession {
    lock.lock()
    if let row = inARow[label], row.count >= Self.failureLimit {
      lock.unlock()
      throw ExternalProcess.Failure(
        strategy: manifest.id,
        message: "\(label) given up after \(Self.failureLimit) failures in a row; the first: "
          + row[0].message)
    }
    if let s = idle.popLast() {
      lock.unlock()
      return s
    }
    lock.unlock()
    let session = try ExternalSession(manifest, timeout: timeout)
    lock.lock()
    everyStarted.append(session)
    lock.unlock()
    return session
  }

  /// Gives a process back for the next stroke; one that was stopped is dropped.
  func release(_ session: ExternalSession) {
    guard !session.process.isStopped else { return }
    lock.lock()
    idle.append(session)
    lock.unlock()
  }

  /// Records a failure of the configuration labelled `label`: counted, and the first for this
  /// thread while it is watched.
  func record(_ failure: ExternalProcess.Failure, label: String) {
    lock.lock()
    failures.append((label, failure))
    if inARow[label, default: []].count < Self.failureLimit {
      inARow[label, default: []].append(failure)
    }
    lock.unlock()
    log.record(failure)
  }

  /// True while a watch on this thread has already met a failure (`CallFailureLog`).
  func watchHasFailed() -> Bool { log.watchHasFailed() }

  /// A stroke of the configuration labelled `label` completed: its run of failures ends.
  func completed(_ label: String) {
    lock.lock()
    defer { lock.unlock() }
    if inARow[label] != nil { inARow[label] = nil }
  }

  public func watch<T>(_ body: () throws -> T) throws -> T { try log.watch(body) }

  /// Stops every process this runtime started (idle or not). Idempotent.
  public func stopAll() {
    lock.lock()
    let all = everyStarted
    idle = []
    lock.unlock()
    for s in all { s.process.stop() }
  }
}
