"""The device aspect trait macros of a program: DPC++'s driver's, from its device config file.

`sycl::any_device_has<aspect>` and `sycl::all_devices_have<aspect>`
(include/sycl/device_aspect_traits.hpp) read macros that DPC++'s driver
defines for the whole -fsycl-targets list, the same in the host compile and
in every device compile, from its device config file
(llvm/SYCLLowerIR/DeviceConfigFile.td), where an entry gives a target's
aspects and whether its devices may support others. Over the targets that
have an entry:

  - none has one, or one may support other aspects:
    __SYCL_ANY_DEVICE_HAS_ANY_ASPECT__=1;
  - else __SYCL_ANY_DEVICE_HAS_<aspect>__=1 for every aspect of any entry;
  - __SYCL_ALL_DEVICES_HAVE_<aspect>__=1 for every aspect all entries list.

DEVICE_CONFIG holds the entries of the targets rules_sycl builds, as DPC++
2026.2 has them (//tests/intelgpu:device_config_test compares them with the
table in the pinned libsycl-jit): spir64 and spir64_gen list nothing and
may support anything, spir64_x86_64 lists what every x86-64 CPU device has
and may support more, each intel_gpu_<arch> lists all its devices have
(rules/private/intel_gpu.bzl's rows). nvptx64 names a triple with no
architecture, which has no entry.
"""

load(":intel_gpu.bzl", "INTEL_GPU_TARGETS")

_X86_64_ASPECTS = [
    "cpu",
    "fp16",
    "fp64",
    "queue_profiling",
    "atomic64",
    "ext_oneapi_srgb",
    "ext_oneapi_native_assert",
    "ext_intel_legacy_image",
    "ext_oneapi_fragment",
    "ext_oneapi_chunk",
    "ext_oneapi_tangle",
    "ext_oneapi_private_alloca",
    "online_compiler",
    "online_linker",
    "ext_intel_gpu_slices",
    "ext_intel_gpu_subslices_per_slice",
    "ext_intel_gpu_eu_count_per_subslice",
    "ext_intel_gpu_hw_threads_per_eu",
    "ext_intel_device_id",
    "ext_oneapi_virtual_functions",
    "usm_device_allocations",
    "usm_host_allocations",
    "usm_shared_allocations",
    "usm_system_allocations",
    "usm_atomic_host_allocations",
    "usm_atomic_shared_allocations",
]

DEVICE_CONFIG = dict(
    [
        ("spir64", struct(aspects = [], may_support_other_aspects = True)),
        ("spir64_gen", struct(aspects = [], may_support_other_aspects = True)),
        ("spir64_x86_64", struct(aspects = _X86_64_ASPECTS, may_support_other_aspects = True)),
    ] + [
        (row.name, struct(aspects = row.aspects, may_support_other_aspects = False))
        for row in INTEL_GPU_TARGETS
    ],
)

def device_trait_flags(device_targets):
    """The trait macros' compiler flags for a program built for device_targets.

    Args:
      device_targets: list of SyclDeviceTargetInfo, the requested targets.

    Returns:
      list of string: -D flags (NAME=1) in a fixed order, after a -U of
      __SYCL_ANY_DEVICE_HAS_ANY_ASPECT__ where the targets do not define
      it: libsycl-jit's own driver defines it in every device compile (for
      its spir64) before the flags it is given.
    """
    entries = [DEVICE_CONFIG[t.name] for t in device_targets if t.name in DEVICE_CONFIG]
    any_aspect = not entries or [e for e in entries if e.may_support_other_aspects]
    any_has = sorted({a: True for e in entries for a in e.aspects}.keys())
    all_have = ["-D__SYCL_ALL_DEVICES_HAVE_%s__=1" % a for a in any_has if all([a in e.aspects for e in entries])]
    if any_aspect:
        return ["-D__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__=1"] + all_have
    return ["-U__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__"] + ["-D__SYCL_ANY_DEVICE_HAS_%s__=1" % a for a in any_has] + all_have
