// Device code of the vector_add example: two kernels, so a per-kernel split
// yields two device images.

// A 1-D SYCL accessor as libsycl passes it to a kernel object: the buffer,
// then its access range, memory range and offset (sycl::range<1> and
// sycl::id<1>, each one size_t, by value). The element an accessor's index i
// names is ptr[offset + i].
typedef struct {
  ulong dim0;
} sycl_range1;

#define SYCL_ACCESSOR(T, name)                                                 \
  global T *name, sycl_range1 name##_range, sycl_range1 name##_mem_range,      \
      sycl_range1 name##_offset

// c[i] = a[i] + b[i], over buffers (three accessors).
kernel void vector_add(SYCL_ACCESSOR(const int, a), SYCL_ACCESSOR(const int, b),
                       SYCL_ACCESSOR(int, c), uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    c[c_offset.dim0 + i] = a[a_offset.dim0 + i] + b[b_offset.dim0 + i];
}

// x[i] = x[i] * factor + offset, in place (a USM pointer).
kernel void vector_scale(global int *x, int factor, int offset, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    x[i] = x[i] * factor + offset;
}
