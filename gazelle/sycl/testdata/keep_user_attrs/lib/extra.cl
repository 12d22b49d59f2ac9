// New since the last run: added to srcs.
__kernel void extra(__global float *x) {}
