#include "cshim.h"
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>

static volatile uint64_t cshim_sink_state;
volatile uint64_t cshim_spin_state;

void cshim_sink_ptr(const void *p) { cshim_sink_state += (uint64_t)(uintptr_t)p; }
void cshim_sink_u64(uint64_t v) { cshim_sink_state += v; }

void cshim_spin(uint64_t iterations) {
  // A volatile accumulator keeps every round: one load, one add, one store, one compare and
  // one branch, the same on every call.
  for (uint64_t i = 0; i < iterations; i++) {
    cshim_sink_state += i;
  }
}

int cshim_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
void cshim_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void cshim_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void cshim_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void cshim_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void cshim_callgrind_dump_stats_at(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
