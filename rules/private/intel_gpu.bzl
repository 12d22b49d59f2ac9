"""DPC++'s Intel GPU device targets: intel_gpu_<arch>, compiled ahead of time by ocloc.

Loads nothing: sycl_configure (repository phase) generates one
sycl_device_target per row, and the rules and tests read the same rows.

Each row: `name`, as -fsycl-targets spells it; `device`, the ocloc -device
DPC++'s driver passes for it (llvm/lib/TargetParser/SYCLTargetParser.cpp's
resolveGenDevice and the rename in llvm/lib/Frontend/Offloading/
SYCLBackendArgs.cpp, which clang/test/Driver/sycl-oneapi-gpu-intelgpu.cpp
asserts); `macro`, the suffix of the __SYCL_TARGET_INTEL_GPU_<MACRO>__ macro
its device and host compiles define; `ip`, the IP version the pinned ocloc
26.27 compiles it for (`ocloc ids <device>`), which the image checks read
back from each zebin; `options`, what DPC++ adds to ocloc's -options by
default (pvc: the auto large-GRF mode, -device_options pvc ...). Only the
architectures the pinned ocloc supports: Gen12 (Xe) and newer; icllp, ehl
and Gen9/Gen8 moved to Intel's legacy ocloc, which Debian does not ship.

`aspects` and `sub_group_sizes`: what DPC++ 2026.2's device config file
(llvm/SYCLLowerIR/DeviceConfigFile.td; the table DeviceConfigFile::TargetTable
in the pinned libsycl-jit, which tests/intelgpu/device_config.py reads back
and compares with these rows) says the architecture supports: an image whose
device requirements need another aspect or sub-group size is left out of
that target's images, as sycl-post-link leaves it out of the target's table
(tools/gpuaot -aspects, -sub-group-sizes).

One departure: DPC++ passes `xe_lpgplus_b0` for intel_gpu_arl_h, which ocloc
26.27 refuses ("Could not determine device target"); `arl_h` names the same
IP (12.74.4).
"""

# aspects.def's numbers (the pinned runtime's include/sycl/info/aspects.def)
# of the aspects DPC++'s device config file lists for its Intel GPUs: the
# numbers an image's [SYCL/device requirements] aspects property holds.
INTEL_GPU_ASPECTS = {
    "fp16": 5,
    "fp64": 6,
    "atomic64": 27,
    "ext_intel_esimd": 49,
    "ext_oneapi_fragment": 50,
    "ext_oneapi_chunk": 51,
    "ext_oneapi_tangle": 52,
}

# The device config file's aspect lists (Gen12 LP and Alchemist have no fp64).
_XE = ["ext_intel_esimd", "ext_oneapi_fragment", "ext_oneapi_chunk", "ext_oneapi_tangle", "fp16", "atomic64"]
_XE_FP64 = _XE + ["fp64"]

# Its sub-group size lists (Ponte Vecchio and Xe2 and newer have no 8).
_SG_8_16_32 = [8, 16, 32]
_SG_16_32 = [16, 32]

INTEL_GPU_TARGETS = [
    struct(name = "intel_gpu_tgllp", device = "tgllp", macro = "TGLLP", ip = "12.0.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_rkl", device = "rkl", macro = "RKL", ip = "12.1.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_adl_s", device = "adl_s", macro = "ADL_S", ip = "12.2.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_adl_p", device = "adl_p", macro = "ADL_P", ip = "12.3.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_adl_n", device = "adl_n", macro = "ADL_N", ip = "12.4.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_dg1", device = "dg1", macro = "DG1", ip = "12.10.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_acm_g10", device = "acm_g10", macro = "ACM_G10", ip = "12.55.8", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_acm_g11", device = "acm_g11", macro = "ACM_G11", ip = "12.56.5", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_acm_g12", device = "acm_g12", macro = "ACM_G12", ip = "12.57.0", options = "", aspects = _XE, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_pvc", device = "pvc", macro = "PVC", ip = "12.60.7", options = "-ze-intel-enable-auto-large-GRF-mode", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_pvc_vg", device = "pvc_xt_c0_vg", macro = "PVC_VG", ip = "12.61.7", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_mtl_u", device = "mtl_s", macro = "MTL_U", ip = "12.70.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_mtl_h", device = "mtl_p", macro = "MTL_H", ip = "12.71.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_arl_h", device = "arl_h", macro = "ARL_H", ip = "12.74.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_8_16_32),
    struct(name = "intel_gpu_bmg_g21", device = "bmg_g21", macro = "BMG_G21", ip = "20.1.0", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_bmg_g31", device = "bmg_g31", macro = "BMG_G31", ip = "20.2.0", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_lnl_m", device = "lnl_m", macro = "LNL_M", ip = "20.4.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_ptl_h", device = "ptl_h", macro = "PTL_H", ip = "30.0.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_ptl_u", device = "ptl_u", macro = "PTL_U", ip = "30.1.0", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_wcl", device = "wcl", macro = "WCL", ip = "30.3.1", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_nvl_s", device = "nvl_s", macro = "NVL_S", ip = "30.4.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_nvl_u", device = "nvl_u", macro = "NVL_U", ip = "30.5.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_nvl_p", device = "nvl_p", macro = "NVL_P", ip = "35.10.4", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
    struct(name = "intel_gpu_cri", device = "cri", macro = "CRI", ip = "35.11.0", options = "", aspects = _XE_FP64, sub_group_sizes = _SG_16_32),
]

# DPC++'s other spellings of the same targets (UsersManual and
# SYCLTargetParser.cpp): --@rules_sycl//sycl:targets takes them too.
INTEL_GPU_ALIASES = {
    "intel_gpu_tgl": "intel_gpu_tgllp",
    "intel_gpu_12_0_0": "intel_gpu_tgllp",
    "intel_gpu_12_1_0": "intel_gpu_rkl",
    "intel_gpu_rpl_s": "intel_gpu_adl_s",
    "intel_gpu_12_2_0": "intel_gpu_adl_s",
    "intel_gpu_12_3_0": "intel_gpu_adl_p",
    "intel_gpu_12_4_0": "intel_gpu_adl_n",
    "intel_gpu_12_10_0": "intel_gpu_dg1",
    "intel_gpu_dg2_g10": "intel_gpu_acm_g10",
    "intel_gpu_12_55_8": "intel_gpu_acm_g10",
    "intel_gpu_dg2_g11": "intel_gpu_acm_g11",
    "intel_gpu_12_56_5": "intel_gpu_acm_g11",
    "intel_gpu_dg2_g12": "intel_gpu_acm_g12",
    "intel_gpu_12_57_0": "intel_gpu_acm_g12",
    "intel_gpu_12_60_7": "intel_gpu_pvc",
    "intel_gpu_12_61_7": "intel_gpu_pvc_vg",
    "intel_gpu_mtl_s": "intel_gpu_mtl_u",
    "intel_gpu_arl_u": "intel_gpu_mtl_u",
    "intel_gpu_arl_s": "intel_gpu_mtl_u",
    "intel_gpu_12_70_4": "intel_gpu_mtl_u",
    "intel_gpu_12_71_4": "intel_gpu_mtl_h",
    "intel_gpu_12_74_4": "intel_gpu_arl_h",
    "intel_gpu_20_1_4": "intel_gpu_bmg_g21",
    "intel_gpu_20_2_0": "intel_gpu_bmg_g31",
    "intel_gpu_20_4_4": "intel_gpu_lnl_m",
    "intel_gpu_30_0_4": "intel_gpu_ptl_h",
    "intel_gpu_30_1_1": "intel_gpu_ptl_u",
    "intel_gpu_30_3_0": "intel_gpu_wcl",
    "intel_gpu_nvl_hx": "intel_gpu_nvl_s",
    "intel_gpu_nvl_ul": "intel_gpu_nvl_s",
    "intel_gpu_30_4_0": "intel_gpu_nvl_s",
    "intel_gpu_nvl_h": "intel_gpu_nvl_u",
    "intel_gpu_30_5_0": "intel_gpu_nvl_u",
    "intel_gpu_35_10_0": "intel_gpu_nvl_p",
    "intel_gpu_35_11_0": "intel_gpu_cri",
}

def intel_gpu_macro(row):
    """The macro the device compile of an intel_gpu_<arch> target defines."""
    return "__SYCL_TARGET_INTEL_GPU_%s__" % row.macro

def intel_gpu_support_args(row):
    """tools/gpuaot's flags for what the architecture supports: -aspects, -sub-group-sizes."""
    return [
        "-aspects=" + ",".join([str(INTEL_GPU_ASPECTS[a]) for a in row.aspects]),
        "-sub-group-sizes=" + ",".join([str(n) for n in row.sub_group_sizes]),
    ]

# The Intel GPUs whose ahead-of-time images get the bfloat16 device
# library's native image, as DPC++'s driver decides
# (clang/lib/Driver/ToolChains/SYCL.cpp: GPUArchsWithNBF16 for
# intel_gpu_<arch>, and device name prefixes for spir64_gen's ocloc
# devices; clang/test/Driver/sycl-device-lib-bfloat16.cpp): a program's
# GPUs all get the native one when every one of them has native bfloat16
# conversions, else all the fallback one.
INTEL_GPU_NATIVE_BFLOAT16 = [
    "intel_gpu_pvc",
    "intel_gpu_acm_g10",
    "intel_gpu_acm_g11",
    "intel_gpu_acm_g12",
    "intel_gpu_bmg_g21",
    "intel_gpu_lnl_m",
    "intel_gpu_ptl_h",
    "intel_gpu_ptl_u",
    "intel_gpu_wcl",
]

_GEN_NATIVE_BFLOAT16_PREFIXES = ["pvc", "ats", "dg2", "bmg", "lnl", "ptl", "wcl"]

def intel_gpu_bfloat16_library(target_names, gen_devices):
    """Which bfloat16 library image a program's Intel GPU AOT images link.

    Args:
      target_names: list of string, the program's device targets.
      gen_devices: list of string, spir64_gen's ocloc devices.

    Returns:
      "native" or "fallback".
    """
    native = all([n in INTEL_GPU_NATIVE_BFLOAT16 for n in target_names if n.startswith("intel_gpu_")])
    if "spir64_gen" in target_names:
        native = native and bool(gen_devices) and all([
            [p for p in _GEN_NATIVE_BFLOAT16_PREFIXES if d.startswith(p)]
            for d in gen_devices
        ])
    return "native" if native else "fallback"
