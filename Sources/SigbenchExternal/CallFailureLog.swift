import Foundation
import SigbenchCore

#if canImport(Glibc)
  import Glibc
#endif

/// Failures of an external strategy's calls, by the thread that met them: what
/// `StrategyCallFailures.watch` reads. A replay run inside `watch` throws the first failure met
/// on its thread; outside a watch, failures are not kept here.
public final class CallFailureLog: StrategyCallFailures, @unchecked Sendable {
  private let lock = NSLock()
  /// The first failure per watching thread (`pthread_self`), while `watch` runs there.
  private var watched: [UInt: (any Error)?] = [:]

  public init() {}

  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  /// Records `failure` as this thread's, when it is watched and has none yet.
  public func record(_ failure: any Error) {
    let thread = Self.thread
    lock.lock()
    defer { lock.unlock() }
    if let slot = watched[thread], slot == nil { watched[thread] = .some(failure) }
  }

  /// True while a watch on this thread has already met a failure: the replay it watches has
  /// failed, so later strokes in it need not be drawn (each could cost a timeout).
  public func watchHasFailed() -> Bool {
    let thread = Self.thread
    lock.lock()
    defer { lock.unlock() }
    if case .some(.some) = watched[thread] { return true }
    return false
  }

  public func watch<T>(_ body: () throws -> T) throws -> T {
    let thread = Self.thread
    lock.lock()
    let outer = watched[thread]
    watched[thread] = .some(nil)
    lock.unlock()
    let value: T
    do {
      value = try body()
    } catch {
      end(thread, restoring: outer)
      throw error
    }
    if let failure = end(thread, restoring: outer) { throw failure }
    return value
  }

  /// Ends a watch on `thread`: its failure, the outer watch (if any) restored.
  @discardableResult
  private func end(_ thread: UInt, restoring outer: (any Error)??) -> (any Error)? {
    lock.lock()
    defer { lock.unlock() }
    let met = watched[thread] ?? nil
    if let outer {
      // A failure inside a nested watch is also the outer one's, if it had none yet.
      watched[thread] = .some(outer ?? met)
    } else {
      watched[thread] = nil
    }
    return met
  }
}
