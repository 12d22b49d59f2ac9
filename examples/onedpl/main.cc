// oneDPL's parallel algorithms on a SYCL device, written as oneAPI-samples
// writes them: device execution policies over a queue (one with a kernel
// name, one without: oneDPL then names its kernels from its own templates),
// on USM and on buffers through oneapi::dpl::begin/end. Every result is
// compared exactly with the standard library's on the host.
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

namespace {

int failures = 0;

void report(const char *what, bool ok) {
  printf("onedpl %s: %s\n", what, ok ? "OK" : "FAIL");
  failures += !ok;
}

// A deterministic sequence with repeats and both signs.
std::vector<int> input(size_t n) {
  std::vector<int> v(n);
  uint32_t x = 12345;
  for (auto &e : v) {
    x = x * 1103515245u + 12345u;
    e = static_cast<int>((x >> 8) % 20001) - 10000;
  }
  return v;
}

}  // namespace

class SquareSum;

int main() {
  sycl::queue q;  // the CPU device here; ONEAPI_DEVICE_SELECTOR picks a GPU
  printf("onedpl device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  const size_t n = 100000;
  const std::vector<int> host = input(n);

  // Without a kernel name: oneDPL names its kernels itself.
  auto policy = oneapi::dpl::execution::make_device_policy(q);
  // With one (oneAPI-samples' form, the only one before SYCL 2020).
  auto named = oneapi::dpl::execution::make_device_policy<SquareSum>(q);

  int *data = sycl::malloc_shared<int>(n, q);
  std::copy(host.begin(), host.end(), data);

  // sort (USM).
  std::vector<int> sorted = host;
  std::sort(sorted.begin(), sorted.end());
  oneapi::dpl::sort(policy, data, data + n);
  report("sort", std::equal(sorted.begin(), sorted.end(), data));

  // sort with a comparator, descending (USM).
  std::vector<int> descending = host;
  std::sort(descending.begin(), descending.end(), std::greater<int>());
  std::copy(host.begin(), host.end(), data);
  oneapi::dpl::sort(policy, data, data + n, std::greater<int>());
  report("sort descending", std::equal(descending.begin(), descending.end(), data));

  // reduce (USM).
  std::copy(host.begin(), host.end(), data);
  long long want_sum = std::accumulate(host.begin(), host.end(), 0LL);
  long long sum = oneapi::dpl::reduce(policy, data, data + n, 0LL);
  report("reduce", sum == want_sum);

  // transform_reduce: sum of squares, with the named policy.
  long long want_squares = 0;
  for (int v : host) want_squares += static_cast<long long>(v) * v;
  long long squares = oneapi::dpl::transform_reduce(
      named, data, data + n, 0LL, std::plus<long long>(),
      [](int v) { return static_cast<long long>(v) * v; });
  report("transform_reduce", squares == want_squares);

  // inclusive_scan and exclusive_scan (buffers).
  std::vector<long long> wide(host.begin(), host.end());
  std::vector<long long> want_inclusive(n), want_exclusive(n);
  std::inclusive_scan(wide.begin(), wide.end(), want_inclusive.begin());
  std::exclusive_scan(wide.begin(), wide.end(), want_exclusive.begin(), 7LL);
  std::vector<long long> inclusive(n), exclusive(n);
  {
    sycl::buffer<long long> in{wide.data(), sycl::range<1>(n)};
    sycl::buffer<long long> out_in{inclusive.data(), sycl::range<1>(n)};
    sycl::buffer<long long> out_ex{exclusive.data(), sycl::range<1>(n)};
    oneapi::dpl::inclusive_scan(policy, oneapi::dpl::begin(in), oneapi::dpl::end(in),
                                oneapi::dpl::begin(out_in));
    oneapi::dpl::exclusive_scan(policy, oneapi::dpl::begin(in), oneapi::dpl::end(in),
                                oneapi::dpl::begin(out_ex), 7LL);
  }
  report("inclusive_scan", inclusive == want_inclusive);
  report("exclusive_scan", exclusive == want_exclusive);

  // count_if and find_if on a counting iterator (no memory at all).
  oneapi::dpl::counting_iterator<int> first(0), last(static_cast<int>(n));
  auto want_count = std::count_if(host.begin(), host.end(), [](int v) { return v % 7 == 0; });
  auto count = oneapi::dpl::count_if(policy, data, data + n, [](int v) { return v % 7 == 0; });
  auto found = oneapi::dpl::find_if(policy, first, last, [](int i) { return i * 3 > 2000; });
  report("count_if", count == want_count);
  report("find_if", found != last && *found == 667);

  // oneDPL's kernels by name through the runtime: every kernel id libsycl
  // knows of oneDPL's (the names the host's integration header and the
  // device images agree on), built into one executable bundle.
  std::vector<sycl::kernel_id> ids;
  bool named_found = false;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) {
    std::string name = id.get_name();
    if (name.find("6oneapi3dpl") == std::string::npos) continue;
    ids.push_back(id);
    named_found |= name.find("9SquareSum") != std::string::npos;
  }
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()}, ids);
  bool all = !ids.empty() && named_found;
  for (const sycl::kernel_id &id : ids) all &= bundle.has_kernel(id);
  printf("onedpl kernels: %zu\n", ids.size());
  report("kernel bundle", all);

  sycl::free(data, q);
  printf("onedpl: %s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
