// Device code without a kernel: its image only exports twice(), which the
// kernels of vector_add.cpp import (libsycl links the images at run time).
#include "tests/sycl_cxx/twice.h"

SYCL_EXTERNAL int twice(int x) { return 2 * x; }
