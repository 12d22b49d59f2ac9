// One kernel, so list_devices registers one device image.
kernel void identity(global int *x) {}
