// Dense and sparse switches (jump and lookup tables), a constant table in
// a function, and an enum dispatch.
#include <sycl/sycl.hpp>
#include <cstdio>

enum class Op { Add, Sub, Mul, Shl, Xor, Min, Max, Neg };

static int apply(Op op, int a, int b) {
  switch (op) {
  case Op::Add: return a + b;
  case Op::Sub: return a - b;
  case Op::Mul: return a * b;
  case Op::Shl: return a << (b & 7);
  case Op::Xor: return a ^ b;
  case Op::Min: return a < b ? a : b;
  case Op::Max: return a > b ? a : b;
  case Op::Neg: return -a;
  }
  return 0;
}

static int dense(int x) {
  switch (x % 12) {
  case 0: return 17; case 1: return 4; case 2: return 99; case 3: return -3;
  case 4: return 8; case 5: return 61; case 6: return 0; case 7: return 13;
  case 8: return 42; case 9: return 7; case 10: return -40; default: return 5;
  }
}

static int sparse(int x) {
  switch (x) {
  case 3: return 1; case 100: return 2; case 1000: return 3; case 77: return 4; case -9: return 5;
  default: return 0;
  }
}

static int table(int x) {
  static const int primes[10] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};
  return primes[x % 10];
}

int main() {
  sycl::queue q;
  const int n = 256;
  int *out = sycl::malloc_shared<int>(n * 4, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = id[0];
    out[i * 4] = apply(Op(i % 8), i, i / 3 + 1);
    out[i * 4 + 1] = dense(i);
    out[i * 4 + 2] = sparse(i == 5 ? 100 : i == 6 ? 1000 : i == 7 ? -9 : i);
    out[i * 4 + 3] = table(i);
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += out[i * 4] != apply(Op(i % 8), i, i / 3 + 1);
    bad += out[i * 4 + 1] != dense(i);
    bad += out[i * 4 + 2] != sparse(i == 5 ? 100 : i == 6 ? 1000 : i == 7 ? -9 : i);
    bad += out[i * 4 + 3] != table(i);
  }
  printf("switch_tables: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(out, q);
  return bad != 0;
}
