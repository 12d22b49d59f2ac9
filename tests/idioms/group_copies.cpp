// A work-group copy into local memory and back, waited on through a
// device_event: translator 22.1.0 declared OpTypeEvent twice for it (once
// for target("spirv.Event"), once from __spirv_GroupWaitEvents' mangled
// name), which spirv-val rejects (tools/spirvdedup merges them); the
// program ran all the same.
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  constexpr int n = 256, wg = 64;
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; i++) in[i] = 3 * i + 1, out[i] = 0;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(wg, h);
     h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       auto g = it.get_group();
       size_t base = g.get_group_id(0) * wg;
       auto global_in = sycl::address_space_cast<sycl::access::address_space::global_space,
                                                 sycl::access::decorated::yes>(in + base);
       auto global_out = sycl::address_space_cast<sycl::access::address_space::global_space,
                                                  sycl::access::decorated::yes>(out + base);
       auto local = tile.get_multi_ptr<sycl::access::decorated::yes>();
       sycl::device_event e = g.async_work_group_copy(local, global_in, wg);
       g.wait_for(e);
       size_t l = it.get_local_id(0);
       tile[l] = tile[l] * 2 + (int)l;
       sycl::group_barrier(g);
       sycl::device_event back = g.async_work_group_copy(global_out, local, wg);
       g.wait_for(back);
     });
   }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) bad += out[i] != (3 * i + 1) * 2 + i % wg;
  printf("group_copies: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(in, q);
  sycl::free(out, q);
  return bad != 0;
}
