#ifndef SIGBENCH_CGD_SHIM_H
#define SIGBENCH_CGD_SHIM_H
#include <gd.h>
#include <gdfontt.h>
#include <gdfonts.h>
#include <gdfontmb.h>
#include <gdfontl.h>
#include <gdfontg.h>
#endif
