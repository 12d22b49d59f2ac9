// lib_math: a device library without kernels. Its functions only resolve
// when the device link pulls this TU in.
#include "scale.h"

int scale(int x) { return 3 * x + 1; }
