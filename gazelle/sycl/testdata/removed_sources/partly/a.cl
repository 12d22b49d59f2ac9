__kernel void a(__global float *x) {}
