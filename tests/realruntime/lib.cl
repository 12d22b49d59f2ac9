// The kernel a sycl_shared_library carries and registers itself.
kernel void rr_lib_square(global int *y) {
  size_t i = get_global_id(0);
  y[i] = y[i] * y[i];
}
