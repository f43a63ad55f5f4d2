import Dispatch
import Foundation
import SigbenchCore
import SigbenchResults

/// Runs a `SampleJob` per drawing on all cores, keeping results in corpus order and reporting
/// progress; the first error stops the remaining work and is rethrown.
enum ParallelSamples {
  final class State: @unchecked Sendable {
    let lock = NSLock()
    var entries: [SampleEntry?]
    var error: (any Error)?
    var done = 0

    init(count: Int) {
      entries = Array(repeating: nil, count: count)
    }
  }

  static func run(
    _ drawings: [Drawing], formats: [String], job: SampleJob, progress: ProgressHandler
  ) throws -> [SampleEntry] {
    let state = State(count: drawings.count)
    DispatchQueue.concurrentPerform(iterations: drawings.count) { i in
      state.lock.lock()
      let stop = state.error != nil
      state.lock.unlock()
      if stop { return }
      do {
        let entry = try job.run(drawings[i], index: i, format: formats[i])
        state.lock.lock()
        state.entries[i] = entry
        state.done += 1
        progress(.advance(label: "rendering samples", done: state.done, total: drawings.count))
        state.lock.unlock()
      } catch {
        state.lock.lock()
        if state.error == nil { state.error = error }
        state.lock.unlock()
      }
    }
    if let e = state.error { throw e }
    return state.entries.map { $0! }
  }
}
