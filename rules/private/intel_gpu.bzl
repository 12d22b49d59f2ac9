"""DPC++'s Intel GPU device targets: intel_gpu_<arch>, compiled ahead of time by ocloc.

Loads nothing: sycl_configure (repository phase) generates one
sycl_device_target per row, and the tests read the same rows.

Each row: `name`, as -fsycl-targets spells it (intel/llvm's
sycl/doc/UsersManual.md); `device`, the ocloc -device the driver passes for
it (clang/test/Driver/sycl-intelgpu.cpp); `macro`, the suffix of the
__SYCL_TARGET_INTEL_GPU_<MACRO>__ macro its device compile defines; `ip`, the
IP version ocloc 26.27 compiles it for (`ocloc ids <device>`), which the
image checks read back from each zebin. Only the architectures the pinned
ocloc supports (Gen12 / Xe and newer: older ones moved to Intel's legacy
ocloc, which Debian does not ship).
"""

INTEL_GPU_TARGETS = [
    struct(name = "intel_gpu_tgllp", device = "tgllp", macro = "TGLLP", ip = "12.0.0"),
    struct(name = "intel_gpu_rkl", device = "rkl", macro = "RKL", ip = "12.1.0"),
    struct(name = "intel_gpu_adl_s", device = "adl_s", macro = "ADL_S", ip = "12.2.0"),
    struct(name = "intel_gpu_adl_p", device = "adl_p", macro = "ADL_P", ip = "12.3.0"),
    struct(name = "intel_gpu_adl_n", device = "adl_n", macro = "ADL_N", ip = "12.4.0"),
    struct(name = "intel_gpu_dg1", device = "dg1", macro = "DG1", ip = "12.10.0"),
    struct(name = "intel_gpu_acm_g10", device = "acm_g10", macro = "ACM_G10", ip = "12.55.8"),
    struct(name = "intel_gpu_acm_g11", device = "acm_g11", macro = "ACM_G11", ip = "12.56.5"),
    struct(name = "intel_gpu_acm_g12", device = "acm_g12", macro = "ACM_G12", ip = "12.57.0"),
    struct(name = "intel_gpu_pvc", device = "pvc", macro = "PVC", ip = "12.60.7"),
    struct(name = "intel_gpu_pvc_vg", device = "pvc_vg", macro = "PVC_VG", ip = "12.61.7"),
    struct(name = "intel_gpu_mtl_u", device = "mtl_u", macro = "MTL_U", ip = "12.70.4"),
    struct(name = "intel_gpu_mtl_h", device = "mtl_h", macro = "MTL_H", ip = "12.71.4"),
    struct(name = "intel_gpu_arl_h", device = "arl_h", macro = "ARL_H", ip = "12.74.4"),
    struct(name = "intel_gpu_bmg_g21", device = "bmg_g21", macro = "BMG_G21", ip = "20.1.0"),
    struct(name = "intel_gpu_bmg_g31", device = "bmg_g31", macro = "BMG_G31", ip = "20.2.0"),
    struct(name = "intel_gpu_lnl_m", device = "lnl_m", macro = "LNL_M", ip = "20.4.4"),
    struct(name = "intel_gpu_ptl_h", device = "ptl_h", macro = "PTL_H", ip = "30.0.4"),
    struct(name = "intel_gpu_ptl_u", device = "ptl_u", macro = "PTL_U", ip = "30.1.0"),
]

def intel_gpu_macro(row):
    """The macro the device compile of an intel_gpu_<arch> target defines."""
    return "__SYCL_TARGET_INTEL_GPU_%s__" % row.macro
