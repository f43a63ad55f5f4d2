import Foundation

/// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): on a shared, loaded machine it
/// shows the work itself, without the time the thread waited for a core.
enum ThreadCPUClock {
  /// Nanoseconds of CPU the calling thread has used.
  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
  }
}
