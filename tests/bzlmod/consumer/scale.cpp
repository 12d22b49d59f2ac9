#include "scale.h"

SYCL_EXTERNAL float scale(float a, float x) { return a * x; }
