"""The values of --@rules_sycl//sycl:cpu_aot_isa (and sycl_binary.cpu_aot_isa)."""

# The x86-64 instruction sets of --@rules_sycl//sycl:cpu_aot_isa, in
# opencl-aot's --march names (tools/cpuaot maps them to the CPU runtime's
# CL_CONFIG_CPU_TARGET_ARCH values as opencl-aot does).
CPU_AOT_ISAS = [
    "sse4.2",
    "avx",
    "avx2",
    "avx512",
    "wsm",
    "snb",
    "ivyb",
    "bdw",
    "cfl",
    "adl",
    "skylake",
    "skx",
    "clk",
    "icl",
    "icx",
    "spr",
    "gnr",
]

# The defaults of --@rules_sycl//sycl:targets and --@rules_sycl//sycl:cpu_aot_isa
# (sycl/BUILD.bazel), also what sycl_toolchain resets them to.
DEFAULT_TARGETS = ["spir64"]
DEFAULT_CPU_AOT_ISA = "avx2"
