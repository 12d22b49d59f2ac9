#include "math/scale.h"   /* workspace-relative: //math */
#include <vec.h>          /* below cc_library includes: //third_party/vec */
#include "fft/fft.h"      /* strip_include_prefix + include_prefix */
// #include "commented/out.h"
/*
#include "also/commented.h"
*/
__kernel void k(__global float *x) { x[get_global_id(0)] = scale(x[0]); }
