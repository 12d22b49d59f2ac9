"""The tables every layer reads: source extensions, split modes, compilation-mode flags.

The bottom floor of rules/private: this file loads nothing, so attrs.bzl
(attribute values) and the actions (command lines) read the same tables
without attrs.bzl loading an action file.
"""

# The SYCL toolchain type every rule resolves (toolchain.bzl registers it).
TOOLCHAIN_TYPE = "@rules_sycl//sycl:toolchain_type"

# C++ sources are single-source SYCL (device and host side); C is host code.
CXX_SOURCE_EXTENSIONS = [".cc", ".cpp", ".cxx", ".c++", ".C"]
C_SOURCE_EXTENSIONS = [".c"]
HEADER_EXTENSIONS = [".h", ".hh", ".hpp", ".hxx", ".inc", ".inl"]

# Device-only sources (clang toolchain) by extension, with their language
# flags: OpenCL C, and C++ for OpenCL.
DEVICE_LANGUAGES = {
    ".cl": ["-x", "cl", "-cl-std=CL3.0"],
    ".clcpp": ["-x", "clcpp", "-cl-std=clc++2021"],
}

def device_language_flags(src):
    """Returns the compiler's language flags for a device source.

    Args:
      src: File, a source file.

    Returns:
      A list of flags, or None if src is not device code.
    """
    for ext, flags in DEVICE_LANGUAGES.items():
        if src.basename.endswith(ext):
            return flags
    return None

# Build-setting spelling -> the splitter's (sycl-post-link's) -split= value.
SPLIT_MODES = {
    "auto": "auto",
    "off": "none",
    "per_kernel": "kernel",
    "per_source": "source",
}

# The SYCL C++ device compile's flags by --compilation_mode (SyclDeviceCompile,
# actions/sycl_device_compile.bzl). Device code is JIT-compiled again by the
# runtime, so fastbuild keeps -O2 (-O0 device code runs many times slower for
# no faster build: the front end is most of the time); dbg turns optimization
# off. NDEBUG must match the host compile's (HOST_MODE_FLAGS): kernels under
# `#ifndef NDEBUG` would otherwise differ between the integration header and
# the images.
# What SYCL C++ device debug info needs besides -g to be the same bytes in
# any directory: source paths relative to the execution root (not the
# sandbox's absolute one) and no recorded command line (it would name
# syclc's staging directory).
DEVICE_DEBUG_FLAGS = ["-fdebug-compilation-dir=.", "-gno-record-gcc-switches"]

DEVICE_MODE_FLAGS = {
    "dbg": ["-O0"],
    "fastbuild": ["-O2"],
    "opt": ["-O2", "-DNDEBUG"],
}

# The host side's flags by --compilation_mode (SyclHostCompile,
# actions/host_compile.bzl); NDEBUG as in the device compile, so both see the
# same kernels.
HOST_MODE_FLAGS = {
    "dbg": ["-O0", "-g"],
    "fastbuild": ["-O0"],
    "opt": ["-O2", "-DNDEBUG"],
}
