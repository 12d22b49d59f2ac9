// A recursion-free call tree: templates, noinline functions, function
// objects and a SYCL_EXTERNAL function of another TU (call_trees_lib.cpp),
// several levels deep.
#include <sycl/sycl.hpp>
#include <cstdio>

SYCL_EXTERNAL int mix(int a, int b);  // call_trees_lib.cpp

template <int N> static int unroll(int x) { return unroll<N - 1>(x * 3 + N) ^ N; }
template <> int unroll<0>(int x) { return x; }

__attribute__((noinline)) static int leaf(int x) { return x * x - 7; }
__attribute__((noinline)) static int middle(int x) { return leaf(x) + leaf(x + 1) + mix(x, 3); }
struct Scale {
  int k;
  int operator()(int x) const { return middle(x) * k; }
};
__attribute__((noinline)) static int top(int x) { return Scale{3}(x) - unroll<5>(x); }

int host_mix(int a, int b) { return (a * 5) ^ (b + 11); }
static int host_unroll(int n, int x) { return n == 0 ? x : host_unroll(n - 1, x * 3 + n) ^ n; }

int main() {
  sycl::queue q;
  const int n = 100;
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) { out[id] = top(int(id[0])); }).wait();
  int bad = 0;
  for (int x = 0; x < n; x++) {
    auto hl = [](int v) { return v * v - 7; };
    int mid = hl(x) + hl(x + 1) + host_mix(x, 3);
    bad += out[x] != mid * 3 - host_unroll(5, x);
  }
  printf("call_trees: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(out, q);
  return bad != 0;
}
