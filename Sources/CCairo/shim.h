#ifndef SIGBENCH_CCAIRO_SHIM_H
#define SIGBENCH_CCAIRO_SHIM_H
/* cairo from Debian's libcairo2-dev; the PDF surface is the only part sigbench uses.
   The headers include each other with quotes, so no -I/usr/include/cairo is needed. */
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#endif
