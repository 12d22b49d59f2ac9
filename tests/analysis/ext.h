// Fixture: a SYCL_EXTERNAL function of another library (analysis tests only).
#pragma once
#include <sycl/sycl.hpp>

SYCL_EXTERNAL int twice(int x);
