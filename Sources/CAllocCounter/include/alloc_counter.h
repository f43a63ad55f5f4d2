#ifndef SIGBENCH_ALLOC_COUNTER_H
#define SIGBENCH_ALLOC_COUNTER_H
#include <stdint.h>

/// Heap allocations counted on the calling thread while counting is on (test support only).
///
/// This target defines malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc,
/// pvalloc and free for the process it is linked into (the test executable; nothing else
/// depends on it): each forwards to glibc's own allocator (`__libc_malloc`, …), so memory is
/// managed exactly as without it, and each allocating call adds one to a thread-local counter
/// while that thread's counting is on. A realloc counts as an allocation; free is not counted.
void alloc_counter_start(void);
/// Stops counting on this thread and returns the allocations counted since the last start.
uint64_t alloc_counter_stop(void);
/// True when the process's allocator is this one (the interposition took effect).
int alloc_counter_active(void);

#endif
