#include "../math/scale.h"   // relative to this file: //math again
#include "sycl/rt.h"         // # gazelle:resolve override
#include "tools/helper.h"    // header in a directory without device code: no rule, no dep
int main() { return 0; }
