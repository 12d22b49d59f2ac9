/* Launches srt_test_iota from a wrapper object registered with the test
 * runtime in tests/runtime (PoCL underneath) and prints what it computed. */
#include <stdio.h>

#include "sycl_rt.h"

int main(void) {
  if (srt_init()) {
    printf("init failed: %s\n", srt_last_error());
    return 1;
  }
  srt_buffer *b = srt_buffer_create(16 * sizeof(int));
  int base = 100;
  srt_arg args[2] = {srt_arg_buffer(b), srt_arg_value(&base, sizeof base)};
  size_t g[1] = {16};
  int st = srt_launch("srt_test_iota", 1, g, NULL, 2, args);
  if (st) {
    printf("launch: %s %s\n", srt_status_name(st), srt_last_error());
    return 1;
  }
  int out[16];
  srt_buffer_read(b, 0, out, sizeof out);
  uint32_t opt = 0;
  srt_kernel_property_u32("srt_test_iota", "SYCL/misc properties", "optLevel", &opt);
  printf("images=%zu out[0]=%d out[15]=%d optLevel=%u\n", srt_num_images(), out[0], out[15], opt);
  return 0;
}
