// Device function defined in b.cl and used by a.cl (a cross-TU call inside
// lib_kernels).
#ifndef RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_COMBINE_H_
#define RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_COMBINE_H_

// Returns 2 * x - y. Takes the work-item id as a value: helpers that read
// get_global_id themselves break on PoCL after a SPIR-V round trip.
int combine(int x, int y);

#endif
