// The SYCL header by each name DPC++ accepts: <sycl/sycl.hpp>, <sycl.hpp>
// (DPC++ searches include/sycl too) and the deprecated <CL/sycl.hpp> with
// its cl::sycl namespace. One form per binary (INCLUDE_FORM), included
// first, so it must resolve in the device compile and in the host compile;
// a kernel runs and every element is checked.
#if INCLUDE_FORM == 1
#include <sycl/sycl.hpp>
#define FORM "<sycl/sycl.hpp>"
namespace ns = ::sycl;
#elif INCLUDE_FORM == 2
#include <sycl.hpp>
#define FORM "<sycl.hpp>"
namespace ns = ::sycl;
#elif INCLUDE_FORM == 3
#include <CL/sycl.hpp>
#define FORM "<CL/sycl.hpp>"
namespace ns = ::cl::sycl;
#else
#error "INCLUDE_FORM must be 1, 2 or 3"
#endif

#include <cstdio>

#include "examples/common/cpu_device.h"

int main() {
  constexpr int kN = 1024;
  ns::queue q(examples::IntelCpuDevice("include_form"));
  int *out = ns::malloc_shared<int>(kN, q);
  q.parallel_for(ns::range<1>(kN), [=](ns::id<1> i) { out[i] = 3 * static_cast<int>(i[0]) + INCLUDE_FORM; }).wait();
  int wrong = 0;
  for (int i = 0; i < kN; ++i) wrong += out[i] != 3 * i + INCLUDE_FORM;
  std::printf("include %s: %d elements %s\n", FORM, kN, wrong ? "WRONG" : "OK");
  ns::free(out, q);
  return wrong ? 1 : 0;
}
