// A kernel no Intel GPU can run: sub-groups of 64 work-items (pvc has 16
// and 32). clang, the device link, the split and llvm-spirv accept it;
// ocloc refuses it ("Unsupported required sub group size").
__attribute__((intel_reqd_sub_group_size(64)))
kernel void wide(global int *p) { p[get_global_id(0)] = 1; }
