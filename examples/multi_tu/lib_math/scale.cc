// lib_math: a device library without kernels. Its SYCL_EXTERNAL function is
// exported by this TU's device image; images that call it import it, and
// libsycl links them when it builds a kernel.
#include "examples/multi_tu/lib_math/scale.h"

namespace multi_tu {

SYCL_EXTERNAL int Scale(int x) { return 3 * x + 1; }

}  // namespace multi_tu
