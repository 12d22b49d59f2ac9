#pragma once
void vec_add_host(const float *a, const float *b, float *c, int n);
