// Device side of the spec_constants example: a kernel reading three SYCL
// 2020 specialization constants (an int, a struct with tail padding, a
// bool) through the intrinsics DPC++'s headers call, with the mangled names
// they have there. The splitter lowers them per image: to SPIR-V spec
// constants (native) or to loads from the buffer passed as sc_buf
// (emulation); sc_buf is unused in native mode.

typedef struct {
  int factor;
  float bias;
  char flag;  // followed by 3 bytes of tail padding
} params_t;

// sycl::specialization_id<T>: the default value is its first field.
typedef struct { int value; } int_id_t;
typedef struct { params_t value; } params_id_t;
typedef struct { bool value; } bool_id_t;

// Symbolic IDs (what __builtin_sycl_unique_id gives DPC++).
__constant char factor_name[] = "spec_constants_factor";
__constant char params_name[] = "spec_constants_params";
__constant char negate_name[] = "spec_constants_negate";

__constant int_id_t factor_id = {3};
__constant params_id_t params_id = {{2, 0.5f, 1}};
__constant bool_id_t negate_id = {false};

int get_int(__constant char *name, __constant void *id, __global void *buf)
    __asm__("_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_");
params_t get_params(__constant char *name, __constant void *id, __global void *buf)
    __asm__("_Z40__sycl_getComposite2020SpecConstantValueI8params_tET_PKcPKvS5_");
bool get_bool(__constant char *name, __constant void *id, __global void *buf)
    __asm__("_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_");

// out[i] = +-(in[i] * factor * params.factor + (params.flag ? params.bias : 0))
__kernel void spec_scale(__global const int *in, __global float *out,
                         __global void *sc_buf, uint n) {
  size_t i = get_global_id(0);
  if (i >= n) return;
  int f = get_int(factor_name, &factor_id, sc_buf);
  params_t p = get_params(params_name, &params_id, sc_buf);
  bool neg = get_bool(negate_name, &negate_id, sc_buf);
  float v = (float)(in[i] * f * p.factor) + (p.flag ? p.bias : 0.0f);
  out[i] = neg ? -v : v;
}
