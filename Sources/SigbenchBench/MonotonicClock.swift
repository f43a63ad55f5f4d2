import CShim
import SigbenchResults

/// The benchmark's clock: CLOCK_MONOTONIC read through an inline C helper (vDSO, about 25 ns
/// a read on this machine; swift-on-linux.md §3), in nanoseconds.
public enum MonotonicClock {
  /// Now, in nanoseconds from an arbitrary origin.
  @inline(__always) public static func now() -> UInt64 { cshim_monotonic_ns() }

  /// The clock's advertised resolution, nanoseconds.
  public static var resolution: UInt64 { cshim_monotonic_resolution_ns() }
}

/// Feeds values to an opaque C function so the optimizer must compute them
/// (`@inline(never)` sinks are defeated in release builds: swift-on-linux.md §3).
public enum BlackHole {
  @inline(__always) public static func consume(_ v: UInt64) { cshim_sink_u64(v) }
  @inline(__always) public static func consume(pointer: UnsafeRawPointer?) {
    cshim_sink_ptr(pointer)
  }
}
