// Fixture: defines a SYCL_EXTERNAL function, no kernel (analysis tests only).
#include "tests/analysis/ext.h"

SYCL_EXTERNAL int twice(int x) { return 2 * x; }
