/* Library strategies that fail to load, to start or to run, for the tests. Built with one of
   -DWRONG_ABI (a table for ABI version 99), -DNO_ENTRY (no entry point), -DNO_TABLE (the entry
   point returns NULL), -DNO_PUSH (a table without its push function), -DFAIL_CREATE (create returns NULL with a reason) or -DTRAP (a dot per
   sample, and a trap at every stroke's third push: the process it runs in dies). */
#include <string.h>

#include "sigbench_strategy.h"

static int state;
static int pushes;

static void *create(const sigbench_option *o, size_t n, char *error, size_t capacity) {
  (void)o, (void)n;
  pushes = 0;
#ifdef FAIL_CREATE
  strncpy(error, "deliberately refused", capacity - 1);
  return NULL;
#else
  (void)error, (void)capacity;
  return &state;
#endif
}
static int32_t push(void *s, const sigbench_sample *x, sigbench_output *out) {
  (void)s;
#ifdef TRAP
  if (++pushes == 3) __builtin_trap();
  if (out->stable.discs_capacity < 1) return SIGBENCH_FULL;
  out->stable.discs[0] = x->x, out->stable.discs[1] = x->y, out->stable.discs[2] = 1;
  out->stable.discs_count = 1;
#else
  (void)x, (void)out, (void)pushes;
#endif
  return SIGBENCH_OK;
}
static int32_t finish(void *s, sigbench_output *out) {
  (void)s, (void)out;
  return SIGBENCH_OK;
}
static void destroy(void *s) { (void)s; }

static const sigbench_strategy_table table = {
#ifdef WRONG_ABI
  .abi_version = 99,
#else
  .abi_version = SIGBENCH_STRATEGY_ABI_VERSION,
#endif
#ifdef NO_PUSH
  .create = create, .push = NULL, .finish = finish, .destroy = destroy,
#else
  .create = create, .push = push, .finish = finish, .destroy = destroy,
#endif
};

#ifndef NO_ENTRY
const sigbench_strategy_table *sigbench_strategy_entry(void) {
#ifdef NO_TABLE
  return NULL;
#else
  return &table;
#endif
}
#endif
