#ifndef SIGBENCH_CSQLITE_SHIM_H
#define SIGBENCH_CSQLITE_SHIM_H
/* SQLite 3 from Debian's libsqlite3-dev: the benchmark history database (SigbenchHistory). */
#include <sqlite3.h>
#endif
