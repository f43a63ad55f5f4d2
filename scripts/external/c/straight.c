/*
 * sigbench's reference strategy `straight` as a C library strategy (ABI version 1, see
 * Sources/CSigbenchStrategyABI/include/sigbench_strategy.h): the polyline through the samples,
 * constant width `size`, round caps and joins, kept relative to the stroke's first sample as
 * the built-in keeps it, so its ink equals the built-in's to the bit. Build with build.sh.
 *
 * Per sample: the first writes a disc of radius size/2; each later one the centreline piece
 * from the previous sample (a straight cubic, controls at a + (b - a) * t for t = 1/3 and 2/3),
 * the band around it (stroke-local, with the origin beside it) and a disc at the new sample; a
 * sample on the previous one adds only the zero-length centreline piece. Nothing tentative.
 * A push allocates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "sigbench_strategy.h"

typedef struct {
  double size;
  int started;          /* a sample arrived */
  double ox, oy;        /* the stroke's first sample */
  double px, py;        /* the previous sample, stroke-local */
} straight_state;

static void *create(const sigbench_option *options, size_t count, char *error, size_t capacity) {
  straight_state *s = calloc(1, sizeof *s);
  if (!s) {
    if (capacity) strncpy(error, "out of memory", capacity - 1);
    return NULL;
  }
  s->size = 2;
  for (size_t i = 0; i < count; i++) {
    if (strcmp(options[i].name, "size") == 0) s->size = options[i].number;
  }
  return s;
}

static int32_t push(void *state, const sigbench_sample *sample, sigbench_output *out) {
  straight_state *s = state;
  sigbench_geometry *g = &out->stable;
  /* Room first: on SIGBENCH_FULL the state must be as it was (sigbench grows and calls again). */
  if (g->centerline_capacity < 1 || g->bands_capacity < 1 || g->discs_capacity < 1) {
    return SIGBENCH_FULL;
  }
  if (!s->started) {
    s->started = 1;
    s->ox = sample->x;
    s->oy = sample->y;
  }
  double lx = sample->x - s->ox, ly = sample->y - s->oy;
  if (s->started == 1) {
    s->started = 2;
    s->px = lx;
    s->py = ly;
    double *d = g->discs;
    d[0] = lx + s->ox, d[1] = ly + s->oy, d[2] = s->size / 2;
    g->discs_count = 1;
    return SIGBENCH_OK;
  }
  double ax = s->px, ay = s->py;
  s->px = lx;
  s->py = ly;
  /* The straight cubic a → b, controls at a + (b - a) * t for t = 1/3 and 2/3. */
  double c1x = ax + (lx - ax) * (1.0 / 3.0), c1y = ay + (ly - ay) * (1.0 / 3.0);
  double c2x = ax + (lx - ax) * (2.0 / 3.0), c2y = ay + (ly - ay) * (2.0 / 3.0);
  double w = s->size, ox = s->ox, oy = s->oy;
  double *c = g->centerline;
  c[0] = ax + ox, c[1] = ay + oy, c[2] = c1x + ox, c[3] = c1y + oy;
  c[4] = c2x + ox, c[5] = c2y + oy, c[6] = lx + ox, c[7] = ly + oy, c[8] = w, c[9] = w;
  g->centerline_count = 1;
  if (ax == lx && ay == ly) return SIGBENCH_OK;
  double *b = g->bands;
  b[0] = ox, b[1] = oy, b[2] = ax, b[3] = ay, b[4] = c1x, b[5] = c1y, b[6] = c2x, b[7] = c2y;
  b[8] = lx, b[9] = ly, b[10] = w, b[11] = w, b[12] = 1;
  g->bands_count = 1;
  double *d = g->discs;
  d[0] = lx + ox, d[1] = ly + oy, d[2] = w / 2;
  g->discs_count = 1;
  return SIGBENCH_OK;
}

static int32_t finish(void *state, sigbench_output *out) {
  (void)out;
  straight_state *s = state;
  s->started = 0;
  return SIGBENCH_OK;
}

static void destroy(void *state) { free(state); }

static const sigbench_strategy_table table = {
  .abi_version = SIGBENCH_STRATEGY_ABI_VERSION,
  .create = create,
  .push = push,
  .finish = finish,
  .destroy = destroy,
};

const sigbench_strategy_table *sigbench_strategy_entry(void) { return &table; }
