// The PoCL path of the syclbin example: loads kernels_plain.syclbin with
// tests/runtime's SYCLBIN reader and runs its two kernels on PoCL, checking
// every element. tests/runtime launches a kernel by its entry-point name,
// the one kernels.cl defines (libsycl adds the "__sycl_kernel_" prefix
// itself: see main.cc).
//   syclbin_pocl [FILE.syclbin]
#include <cstdint>
#include <cstdio>
#include <vector>

#include "tests/runtime/sycl_rt.h"

static int fail(const char *what) {
  std::fprintf(stderr, "syclbin: %s: %s\n", what, srt_last_error());
  return 1;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "tests/opencl/syclbin/kernels_plain.syclbin";
  if (srt_init() != SRT_OK) return fail("init");
  srt_syclbin *bundle = nullptr;
  if (srt_load_syclbin(path, &bundle) != SRT_OK) return fail(path);

  const uint32_t n = 50000;
  const int base = -1234;
  srt_buffer *buf = srt_buffer_create(n * sizeof(int));
  size_t global[1] = {n};
  srt_arg iota[3] = {srt_arg_buffer(buf), srt_arg_value(&base, sizeof base), srt_arg_value(&n, sizeof n)};
  srt_arg negate[2] = {srt_arg_buffer(buf), srt_arg_value(&n, sizeof n)};
  if (buf == nullptr || srt_launch("__sycl_kernel_syclbin_iota", 1, global, nullptr, 3, iota) != SRT_OK ||
      srt_launch("__sycl_kernel_syclbin_negate", 1, global, nullptr, 2, negate) != SRT_OK)
    return fail("launch");
  std::vector<int> host(n);
  if (srt_buffer_read(buf, 0, host.data(), n * sizeof(int)) != SRT_OK) return fail("read");
  size_t wrong = 0;
  for (uint32_t i = 0; i < n; ++i)
    if (host[i] != -(base + 7 * static_cast<int>(i))) ++wrong;
  srt_buffer_release(buf);
  srt_unload_syclbin(bundle);
  if (wrong) {
    std::fprintf(stderr, "syclbin: %zu of %u elements wrong\n", wrong, n);
    return 1;
  }
  std::printf("syclbin: %s: syclbin_iota, syclbin_negate: %u elements OK\n", path, n);
  return 0;
}
