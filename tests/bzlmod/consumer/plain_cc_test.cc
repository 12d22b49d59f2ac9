// A plain C++ test of the consumer module: its cc_test rule is rules_cc's.
#include <cstdio>

int main() {
  std::printf("plain_cc_test: OK\n");
  return 0;
}
