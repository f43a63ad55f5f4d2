// Everything is inline in include/cvectormath.h; a C target needs one source file.
#include "cvectormath.h"
