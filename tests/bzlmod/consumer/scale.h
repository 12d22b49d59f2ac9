// A device function defined in another library (SYCL_EXTERNAL).
#pragma once

#include <sycl/sycl.hpp>

SYCL_EXTERNAL float scale(float a, float x);
