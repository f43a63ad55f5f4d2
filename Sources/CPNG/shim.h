#ifndef SIGBENCH_CPNG_SHIM_H
#define SIGBENCH_CPNG_SHIM_H
/* libpng 1.6 from Debian's libpng-dev: its simplified write API (png_image_write_to_memory),
   which reports errors through the png_image instead of longjmp. */
#include <png.h>
#endif
