#include "api.h"
#include "private.h"
#include "dep/dep.h"
__kernel void k(__global float *x) {}
