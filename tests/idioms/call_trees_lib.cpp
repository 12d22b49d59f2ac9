#include <sycl/sycl.hpp>

SYCL_EXTERNAL int mix(int a, int b) { return (a * 5) ^ (b + 11); }
