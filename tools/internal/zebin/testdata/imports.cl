// An image that calls a function another module defines (as SYCL images
// call the bfloat16 device library's): the call stays an import unless the
// module is linked in (gpuaot -device-library, with exports.spv here).
int combine(int a, int b);

kernel void call_combine(global int *p) { p[0] = combine(p[0], 2); }
