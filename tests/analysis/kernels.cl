// Fixture: a kernel that calls into another TU.
int helper_twice(int x);
kernel void twice(global int *out) { size_t i = get_global_id(0); out[i] = helper_twice((int)i) + BINARY_DEFINE; }
