import CShim
import SigbenchResults

/// The injected work of the test-only knob (`Injection`), run right after `push` inside the
/// bracket:
/// - `spins` (`spin=N`): N rounds of `cshim_spin_inline` (a volatile load, add and store each)
///   after every push: the same instructions every time, so the counter lane sees a known,
///   deterministic change;
/// - `fraction` (`time=P`, P / 100): after every `window` pushes of a stroke, a busy wait of
///   P % of the time those pushes took, timed with the cheap tick counter (`cshim_ticks`,
///   rdtsc here). The wait is sized from the window's own elapsed ticks, so it follows the
///   process's speed (a VM process here keeps ≈95 or ≈155 ns a point for its life) and the
///   machine's load, and — one long wait rather than a few spin rounds per push — it cannot
///   hide in the push's out-of-order shadow (the old per-push spin delivered +0.3–3.6 % for
///   +5 %). `window` is the batch size and windows start with the stroke, as batches do, so
///   every batched bracket holds exactly one wait and the batched per-point figures (the
///   gate's `batch-p50`, `batch-p50-ratio`) rise by P %; single brackets see the wait on one
///   point in `window` (their upper tail), not on each. What the wait's own reads add is taken
///   off the wait: for a window that ran E ticks with reads of r ticks, the wait is
///   P/100 · (E − r) − 1.5 r − o (one read to take the time, half a read of mean overshoot
///   when the polling read passes the deadline, and o, the fixed cost the process measured for
///   the rest: mispredicted branches around the wait, the bracket's reads inside the window;
///   `WaitCalibration`), none when that is ≤ 0.
///
/// Inactive, it costs two compares (spins, fraction) and a branch per push.
struct InjectedWork: Hashable, Sendable {
  /// Volatile spin rounds per push (`spin=N`).
  var spins: UInt64 = 0
  /// Extra time as a fraction of the window's own time (`time=P`: P / 100); 0 when off.
  var fraction: Double = 0
  /// Pushes per timed wait (the batch size).
  var window = 16
  /// Ticks one `cshim_ticks` read costs, measured (`WaitCalibration.ticksPerRead`).
  var readTicks: Double = 0
  /// Ticks taken off every wait for the fixed costs around it (measured, may be negative).
  var offsetTicks: Double = 0
  /// Pushes since the window started.
  var count = 0
  /// Tick count when the window started.
  var mark: UInt64 = 0

  init() {}

  var isActive: Bool { spins != 0 || fraction > 0 }

  /// A copy whose first window starts now (call at each stroke's start, outside any bracket).
  @inline(__always) func forStroke() -> InjectedWork {
    var d = self
    d.count = 0
    if fraction > 0 { d.mark = cshim_ticks() }
    return d
  }

  /// Runs this push's injected work.
  @inline(__always) mutating func apply() {
    if spins != 0 { cshim_spin_inline(spins) }
    guard fraction > 0 else { return }
    count &+= 1
    guard count >= window else { return }
    count = 0
    let now = cshim_ticks()
    let wait = fraction * (Double(now &- mark) - readTicks) - 1.5 * readTicks - offsetTicks
    mark = wait >= 1 ? cshim_wait_until(now &+ UInt64(wait)) : now
  }
}
