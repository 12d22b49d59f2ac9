__kernel void t(__global float *x) {}
