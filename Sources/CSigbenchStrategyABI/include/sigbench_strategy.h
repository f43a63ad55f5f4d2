/*
 * sigbench_strategy.h: the C ABI of sigbench's library strategies, version 1.
 *
 * A smoothing strategy written in C, C++, Rust or anything that can export a C function is
 * built as a shared library that exports ONE symbol:
 *
 *     const sigbench_strategy_table *sigbench_strategy_entry(void);
 *
 * It returns a table of functions (valid for the library's lifetime). sigbench checks
 * `abi_version` against SIGBENCH_STRATEGY_ABI_VERSION before calling anything else.
 *
 * Lifecycle, the same as sigbench's own strategies (`SmoothingStrategy`): one `create` per
 * stroke (from the resolved options), then `push` once per sample in capture order, then
 * `finish` once, then `destroy`. sigbench owns every output buffer: before each `push` and
 * `finish` it empties both geometries (counts set to 0) and the strategy appends to them, never
 * past a buffer's capacity. So a push that keeps its state in fixed-size fields allocates
 * nothing, and sigbench can time and count it like a built-in.
 *
 * Output: `stable` receives the geometry this call made final (never revised later);
 * `tentative` the whole provisional tail (empty after `finish`). Coordinates are CSS px, y
 * down. The geometry kinds are those of sigbench's `InkGeometry` and of the process protocol:
 *   centerline  10 doubles each: x0,y0, x1,y1, x2,y2, x3,y3 (a cubic), w0, w1 (full widths)
 *   discs        3 doubles each: x, y, radius
 *   bands       13 doubles each: ox,oy (origin), the stroke-local cubic (8), w0, w1,
 *                                straight (1) or curved (0)
 *   stamps      14 doubles each: ox,oy, the stroke-local cubic (8), r0, r1, rmax, count
 *   outline     one kind (SIGBENCH_PATH_*) and 6 doubles per element (unused ones 0):
 *                                move/line x,y; quad cx,cy,x,y; cubic c1x,c1y,c2x,c2y,x,y
 *
 * Return codes of push and finish: SIGBENCH_OK; SIGBENCH_FULL when a buffer's capacity would
 * be passed: the strategy must then leave its state as it was, and sigbench empties larger
 * buffers and calls again with the same sample (up to 1,048,576 items of each kind); any other
 * non-zero value is an error, with a message the strategy may write into the output's `error`
 * buffer. An error fails that stroke only.
 */
#ifndef SIGBENCH_STRATEGY_H
#define SIGBENCH_STRATEGY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIGBENCH_STRATEGY_ABI_VERSION 1u

/* The entry point's name, for dlsym. */
#define SIGBENCH_STRATEGY_ENTRY "sigbench_strategy_entry"

enum {
  SIGBENCH_OK = 0,
  SIGBENCH_FULL = 1,
  SIGBENCH_ERROR = 2,
};

/* Channels a sample has beyond x and y (bits of `sigbench_sample.channels`). */
enum {
  SIGBENCH_HAS_TIME = 1u << 0,
  SIGBENCH_HAS_PRESSURE = 1u << 1,
  SIGBENCH_HAS_TILT = 1u << 2,
  SIGBENCH_HAS_AZIMUTH = 1u << 3,
};

/* One sample: x, y in CSS px (y down); t s since the drawing began; pressure 0..1; tilt and
   azimuth in radians. A channel's value is meaningful only when its bit is set. */
typedef struct sigbench_sample {
  double x, y, t, pressure, tilt, azimuth;
  uint32_t channels;
} sigbench_sample;

/* One resolved option: `choice` is NULL for a number option (its value in `number`), else the
   chosen value (and `number` is 0). Every option the manifest declares is passed, defaults
   included, in the manifest's order. */
typedef struct sigbench_option {
  const char *name;
  double number;
  const char *choice;
} sigbench_option;

/* Path element kinds of `outline_kinds`. */
enum {
  SIGBENCH_PATH_MOVE = 0,
  SIGBENCH_PATH_LINE = 1,
  SIGBENCH_PATH_QUAD = 2,
  SIGBENCH_PATH_CUBIC = 3,
  SIGBENCH_PATH_CLOSE = 4,
};

/* One geometry in caller-owned arrays: each `*_count` starts at 0 and must not pass its
   `*_capacity` (in items, not doubles). */
typedef struct sigbench_geometry {
  double *centerline;
  size_t centerline_count, centerline_capacity;
  double *discs;
  size_t discs_count, discs_capacity;
  double *bands;
  size_t bands_count, bands_capacity;
  double *stamps;
  size_t stamps_count, stamps_capacity;
  int32_t *outline_kinds;
  double *outline_points;
  size_t outline_count, outline_capacity;
  /* The width every outline subpath is also stroked with (0: fill only). */
  double outline_stroke_width;
} sigbench_geometry;

/* What one push or finish writes. */
typedef struct sigbench_output {
  sigbench_geometry stable;
  sigbench_geometry tentative;
  /* Set `has_prediction` to 1 to predict the pen: where and when (s). */
  int32_t has_prediction;
  double prediction_x, prediction_y, prediction_t;
  /* A message for an error return, NUL-terminated, at most `error_capacity` bytes. */
  char *error;
  size_t error_capacity;
} sigbench_output;

typedef struct sigbench_strategy_table {
  /* SIGBENCH_STRATEGY_ABI_VERSION of the header the library was built with. */
  uint32_t abi_version;
  uint32_t reserved;
  /* A fresh state for one stroke, or NULL with a NUL-terminated reason in `error` (at most
     `error_capacity` bytes). */
  void *(*create)(const sigbench_option *options, size_t option_count, char *error,
                  size_t error_capacity);
  int32_t (*push)(void *state, const sigbench_sample *sample, sigbench_output *output);
  int32_t (*finish)(void *state, sigbench_output *output);
  void (*destroy)(void *state);
} sigbench_strategy_table;

/* The one exported entry point. */
const sigbench_strategy_table *sigbench_strategy_entry(void);

#ifdef __cplusplus
}
#endif

#endif /* SIGBENCH_STRATEGY_H */
