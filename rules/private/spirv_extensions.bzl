"""The SPIR-V extensions the forward translation of SYCL C++ device code enables, per translator."""

# The extensions DPC++'s driver enables for JIT SPIR-V images that the
# translator knows, and those libsycl-jit's own SPIR-V uses beyond them
# (device-global and kernel attributes, long constant composites): the
# translation of SYCL C++ device code may use each where the code needs it,
# as libsycl-jit's does. Without SPV_INTEL_global_variable_decorations a
# device_global fails to translate; without SPV_KHR_expect_assume
# __builtin_assume is dropped. Left out: SPV_KHR_no_integer_wrap_decoration
# (libsycl-jit's images do not use it).
_COMMON = [
    "SPV_EXT_shader_atomic_float_add",
    "SPV_EXT_shader_atomic_float_min_max",
    "SPV_KHR_float_controls",
    "SPV_KHR_expect_assume",
    "SPV_KHR_linkonce_odr",
    "SPV_INTEL_subgroups",
    "SPV_INTEL_media_block_io",
    "SPV_INTEL_function_pointers",
    "SPV_INTEL_inline_assembly",
    "SPV_INTEL_arbitrary_precision_integers",
    "SPV_INTEL_float_controls2",
    "SPV_INTEL_variable_length_array",
    "SPV_INTEL_bfloat16_conversion",
    "SPV_INTEL_joint_matrix",
    "SPV_KHR_uniform_group_instructions",
    "SPV_INTEL_optnone",
    "SPV_INTEL_global_variable_decorations",
    "SPV_INTEL_kernel_attributes",
]

# By the translator's LLVM major version. SPIRV-LLVM-Translator 22 renamed
# SPV_INTEL_long_constant_composite to SPV_INTEL_long_composites (the old
# name is refused) and carries device debug info as
# NonSemantic.Shader.DebugInfo.200 (SPV_KHR_non_semantic_info).
SYCL_CXX_SPIRV_EXTENSIONS = {
    "15": _COMMON + ["SPV_INTEL_long_constant_composite"],
    "22": _COMMON + ["SPV_INTEL_long_composites", "SPV_KHR_non_semantic_info"],
}
