int helper(global int *p, int i) { return p[i] * 2; }
int helper_alias(global int *p, int i) __attribute__((alias("helper")));
kernel void k1(global int *p) { p[0] = helper_alias(p, 1); }
kernel void k2(global int *p, int n) { for (int i = 0; i < n; ++i) p[i] = helper(p, i) + 1; }
