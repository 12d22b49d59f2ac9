// Fixture: an OpenCL C TU next to a C++ for OpenCL one in the same library.
kernel void extra(global int *out) { out[get_global_id(0)] = 7; }
