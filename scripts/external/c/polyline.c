/* A minimal library strategy: the polyline through the samples, `width` px wide, with round
   joins and caps (a disc at every sample, a band around every piece). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sigbench_strategy.h"

typedef struct {
  double width, x, y; /* the option, then the previous sample */
  int started;
} polyline;

static void *create(const sigbench_option *options, size_t count, char *error, size_t capacity) {
  polyline *p = calloc(1, sizeof *p);
  if (!p) {
    snprintf(error, capacity, "out of memory");
    return NULL;
  }
  for (size_t i = 0; i < count; i++) {
    if (strcmp(options[i].name, "width") == 0) p->width = options[i].number;
  }
  return p;
}

static int32_t push(void *state, const sigbench_sample *s, sigbench_output *out) {
  polyline *p = state;
  sigbench_geometry *g = &out->stable;
  /* Too little room: change nothing; sigbench grows the buffers and calls again. */
  if (g->centerline_capacity < 1 || g->bands_capacity < 1 || g->discs_capacity < 1) {
    return SIGBENCH_FULL;
  }
  double w = p->width;
  if (p->started) {
    /* The straight cubic from the previous sample, controls at a third and two thirds. */
    double ax = p->x, ay = p->y, dx = s->x - ax, dy = s->y - ay;
    double piece[10] = {ax, ay, ax + dx / 3, ay + dy / 3, ax + 2 * dx / 3, ay + 2 * dy / 3,
                        s->x, s->y, w, w};
    memcpy(g->centerline, piece, sizeof piece);
    g->centerline_count = 1;
    /* Its band: origin (0, 0), the piece, 1 for straight. */
    g->bands[0] = 0, g->bands[1] = 0, g->bands[12] = 1;
    memcpy(g->bands + 2, piece, sizeof piece);
    g->bands_count = 1;
  }
  g->discs[0] = s->x, g->discs[1] = s->y, g->discs[2] = w / 2;
  g->discs_count = 1;
  p->x = s->x, p->y = s->y, p->started = 1;
  return SIGBENCH_OK;
}

static int32_t finish(void *state, sigbench_output *out) {
  (void)out;
  ((polyline *)state)->started = 0;
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
