#include "alloc_counter.h"
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *p);

static _Thread_local int counting;
static _Thread_local uint64_t counted;
static int seen;

static inline void note(void) {
  seen = 1;
  if (counting) counted++;
}

void alloc_counter_start(void) {
  counted = 0;
  counting = 1;
}

uint64_t alloc_counter_stop(void) {
  counting = 0;
  return counted;
}

int alloc_counter_active(void) {
  seen = 0;
  void *volatile p = malloc(24);
  free(p);
  return seen;
}

void *malloc(size_t size) {
  note();
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  note();
  return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size) {
  note();
  return __libc_realloc(p, size);
}

void *memalign(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  note();
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *p = __libc_memalign(alignment, size);
  if (p == NULL && size != 0) return ENOMEM;
  *out = p;
  return 0;
}

void *valloc(size_t size) {
  note();
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  note();
  return __libc_pvalloc(size);
}

void free(void *p) { __libc_free(p); }
