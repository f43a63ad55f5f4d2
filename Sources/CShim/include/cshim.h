#ifndef SIGBENCH_CSHIM_H
#define SIGBENCH_CSHIM_H
#include <stdint.h>
#include <time.h>

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC, vDSO, ~25 ns a read here).
static inline uint64_t cshim_monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/// Resolution of CLOCK_MONOTONIC in nanoseconds.
static inline uint64_t cshim_monotonic_resolution_ns(void) {
  struct timespec ts;
  clock_getres(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/// An opaque sink: defined in a .c file so the optimizer cannot see that it does nothing and
/// must compute whatever is passed to it (swift-on-linux.md §3).
void cshim_sink_ptr(const void *p);
void cshim_sink_u64(uint64_t v);

/// 1 when the build defines NDEBUG-like optimisation (set by the Swift side), for reports.
#endif
