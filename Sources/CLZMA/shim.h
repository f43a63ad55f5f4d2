#ifndef SIGBENCH_CLZMA_SHIM_H
#define SIGBENCH_CLZMA_SHIM_H
/* liblzma from Debian's liblzma-dev (XZ Utils), used to read LZMA-compressed chunks of
   Wacom Universal Ink Model 3.1 files (.xz and legacy .lzma streams). */
#include <lzma.h>
#endif
