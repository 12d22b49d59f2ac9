// Kernels the runtime test runs when given a device image built from this
// file (SPIR-V or spir64 LLVM bitcode). Work-item ids are read in the
// kernels themselves: PoCL mis-runs noinline helpers that call
// get_global_id after a SPIR-V round trip.

// out[i] = base + 3 * i
kernel void srt_test_iota(global int *out, int base) {
  size_t i = get_global_id(0);
  out[i] = base + 3 * (int)i;
}

// y[i] = a * x[i] + y[i]
kernel void srt_test_axpy(global int *y, global const int *x, int a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

// Reverses every work-group's slice of data through local memory.
kernel void srt_test_reverse_local(global int *data, local int *tmp) {
  size_t l = get_local_id(0), n = get_local_size(0);
  size_t g = get_group_id(0) * n;
  tmp[l] = data[g + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  data[g + l] = tmp[n - 1 - l];
}
