#include "cshim.h"

static volatile uint64_t cshim_sink_state;

void cshim_sink_ptr(const void *p) { cshim_sink_state += (uint64_t)(uintptr_t)p; }
void cshim_sink_u64(uint64_t v) { cshim_sink_state += v; }
