__kernel void o(__global float *x) {}
