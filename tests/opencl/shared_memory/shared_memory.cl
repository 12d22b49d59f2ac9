// Device code of the shared_memory example: kernels that read and write
// USM (malloc_shared, malloc_host, malloc_device) in place.

// data[i] = data[i] * 3 + i, in place. Work-item 0 also records the address
// it was given, so the host can check it saw the same pointer.
kernel void shared_update(global int *data, global ulong *seen, uint n) {
  size_t i = get_global_id(0);
  if (i == 0)
    seen[0] = (ulong)data;
  if (i < n)
    data[i] = data[i] * 3 + (int)i;
}

// data[i] -= delta[i % 16], in place; delta is read-only shared memory.
kernel void shared_subtract(global int *data, global const int *delta, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    data[i] -= delta[i % 16];
}
