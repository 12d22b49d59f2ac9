// Device code of a shared library: its images live in libkernels.so and are
// registered with libsycl by the library's own constructor when it is loaded.
kernel void shared_square(global int *out, uint n) {
  size_t i = get_global_id(0);
  if (i < n) out[i] = (int)((i * i) % 1000003);
}
