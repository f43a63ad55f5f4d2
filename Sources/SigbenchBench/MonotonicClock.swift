import CShim
import SigbenchResults

/// The benchmark's clock: CLOCK_MONOTONIC read through an inline C helper (vDSO, no system
/// call; about 25 ns a read measured on the development VM), in nanoseconds.
public enum MonotonicClock {
  /// Now, in nanoseconds from an arbitrary origin.
  @inline(__always) public static func now() -> UInt64 { cshim_monotonic_ns() }

  /// The clock's advertised resolution, nanoseconds.
  public static var resolution: UInt64 { cshim_monotonic_resolution_ns() }
}

/// Feeds values to an opaque C function so the optimizer must compute them (an empty
/// `@inline(never)` Swift sink is not enough: release builds still delete the work, as the
/// disassembly shows).
public enum BlackHole {
  @inline(__always) public static func consume(_ v: UInt64) { cshim_sink_u64(v) }
  @inline(__always) public static func consume(pointer: UnsafeRawPointer?) {
    cshim_sink_ptr(pointer)
  }
}
