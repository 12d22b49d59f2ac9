// An image that exports a function other images call (the per-TU path's
// SYCL_EXTERNAL functions): ocloc keeps it only with -library-compilation.
int combine(int a, int b) { return a * 31 + b; }

kernel void use_combine(global int *p) { p[0] = combine(p[0], 1); }
