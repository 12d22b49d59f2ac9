// Fixture: a SYCL C++ TU without kernels (analysis tests only).
int util() { return 0; }
