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
/// must compute whatever is passed to it. An empty Swift `blackHole` does not do this: with
/// `@inline(never)`, `public` in another module (cross-module optimization sees the empty body)
/// or `@_optimize(none)`, the release build still deleted the work (checked with `objdump -d`).
void cshim_sink_ptr(const void *p);
void cshim_sink_u64(uint64_t v);

/// Spins `iterations` rounds of a fixed, opaque loop (defined in cshim.c, so the optimizer
/// cannot remove it). Each round executes the same instructions, so the extra work is
/// deterministic in instruction count; used only by the benchmark's test-only injection knob.
void cshim_spin(uint64_t iterations);

/// The same loop, inlined at the call site (no call overhead: a handful of instructions per
/// round plus a few to enter), over a volatile word defined in cshim.c. Used by the injection
/// knob so that a small instruction change (+2 %) can be made exactly.
extern volatile uint64_t cshim_spin_state;
static inline void cshim_spin_inline(uint64_t iterations) {
  for (uint64_t i = 0; i < iterations; i++) {
    cshim_spin_state += i;
  }
}

/// A cheap, monotonic tick counter for the injection knob's `time=P` waits (only ratios of ticks
/// are used, so the unit does not matter): the TSC on x86 (rdtsc, ~8 ns a read here against
/// ~25 ns for clock_gettime), the virtual counter on arm64, else CLOCK_MONOTONIC in ns.
static inline uint64_t cshim_ticks(void) {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  uint64_t v;
  __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
  return v;
#else
  return cshim_monotonic_ns();
#endif
}

/// Busy-waits until `cshim_ticks()` reaches `deadline`; returns the read that ended the wait.
static inline uint64_t cshim_wait_until(uint64_t deadline) {
  uint64_t t;
  do {
    t = cshim_ticks();
  } while (t < deadline);
  return t;
}

/// Valgrind client requests (callgrind), wrapped in functions because Swift cannot import
/// function-like macros. Outside valgrind each is a few no-op instructions.
/// 1 when the process runs under valgrind, else 0.
int cshim_running_on_valgrind(void);
/// Switches callgrind's instrumentation on / off (with `--instr-atstart=no`).
void cshim_callgrind_start_instrumentation(void);
void cshim_callgrind_stop_instrumentation(void);
/// Toggles callgrind's event collection (with `--collect-atstart=no` it starts off).
void cshim_callgrind_toggle_collect(void);
/// Zeroes callgrind's counters.
void cshim_callgrind_zero_stats(void);
/// Writes callgrind's counters since the last dump to a new profile part labelled `label`.
void cshim_callgrind_dump_stats_at(const char *label);
#endif
