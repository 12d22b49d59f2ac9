// A kernel the CPU runtime builds.
kernel void scale(global int *out, int factor) {
  size_t gid = get_global_id(0);
  out[gid] = (int)gid * factor;
}
