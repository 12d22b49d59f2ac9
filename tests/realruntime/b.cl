// A second translation unit.
kernel void rr_scale(global int *y, int s) {
  size_t i = get_global_id(0);
  y[i] *= s;
}
