// A kernel that calls a function no translation unit defines: clang,
// llvm-link, the split and llvm-spirv accept it (the SPIR-V imports the
// function), the CPU runtime cannot link it.
int undefined_helper(int x);

kernel void uses_undefined(global int *out) {
  size_t gid = get_global_id(0);
  out[gid] = undefined_helper((int)gid);
}
