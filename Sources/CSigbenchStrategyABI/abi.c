// The library strategy ABI is the header alone (include/sigbench_strategy.h); this file makes
// it a C target Swift can import, and checks the layout the header promises.
#include "sigbench_strategy.h"

_Static_assert(sizeof(sigbench_sample) == 56, "sigbench_sample: 6 doubles and the channel bits");
_Static_assert(SIGBENCH_STRATEGY_ABI_VERSION == 1u, "this build speaks ABI version 1");
