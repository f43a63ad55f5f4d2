#ifndef SIGBENCH_CZLIB_SHIM_H
#define SIGBENCH_CZLIB_SHIM_H
/* zlib from Debian's zlib1g-dev, used by the format study for gzip sizes. */
#include <zlib.h>
#endif
