/* Library strategies that fail to load or to start, for the loader's tests. Built with one of
   -DWRONG_ABI (a table for ABI version 99), -DNO_ENTRY (no entry point), -DNO_TABLE (the entry
   point returns NULL) or -DFAIL_CREATE (create returns NULL with a reason). */
#include <string.h>

#include "sigbench_strategy.h"

static int state;

static void *create(const sigbench_option *o, size_t n, char *error, size_t capacity) {
  (void)o, (void)n;
#ifdef FAIL_CREATE
  strncpy(error, "deliberately refused", capacity - 1);
  return NULL;
#else
  (void)error, (void)capacity;
  return &state;
#endif
}
static int32_t push(void *s, const sigbench_sample *x, sigbench_output *out) {
  (void)s, (void)x, (void)out;
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
  .create = create, .push = push, .finish = finish, .destroy = destroy,
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
