// Fixture: a single-source SYCL file (never compiled: analysis tests only).
#include <sycl/sycl.hpp>
int main() { return APP_DEFINE; }
