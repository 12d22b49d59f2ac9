"""The environment a plain cc_test linking @oneapi_runtime//:sycl sets itself (no launcher)."""

# The runtime repository's runfiles directory is its canonical name:
# oneapi_runtime in WORKSPACE mode, another one under bzlmod (computed here,
# never spelled: Bazel 7 and 8 differ). Tests run in the main repository's
# runfiles directory, next to it.
_RUNTIME_DIR = "../" + Label("@oneapi_runtime//:VERSIONS").workspace_name

RUNTIME_ENV = {
    "LD_LIBRARY_PATH": _RUNTIME_DIR + "/lib",
    "OCL_ICD_VENDORS": _RUNTIME_DIR + "/etc/OpenCL/vendors",
}
