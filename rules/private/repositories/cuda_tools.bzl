"""NVIDIA's CUDA device tools (ptxas, fatbinary, cuobjdump) from their PyPI wheels.

nvptx64 images are PTX from llc; DPC++ then runs ptxas per GPU architecture
and packs the cubins and the PTX into one fat binary with fatbinary. Both
tools ship in NVIDIA's `nvidia-cuda-nvcc` wheel (bin/ptxas, bin/fatbinary);
cuobjdump, which the tests use to read fat binaries back, ships alone in
`nvidia-cuda-cuobjdump`. SYCL C++ device code for nvptx64 links NVIDIA's
libdevice (the math built-ins: __nv_sqrtf, ...), which ships in
`nvidia-nvvm` (nvvm/libdevice/libdevice.10.bc). The repository rule gets each wheel by name with
pip (wheels.bzl: RULES_SYCL_WHEELHOUSE, which ./setup.sh fills, makes it work
offline), checks its sha256, unpacks it and exports the named tools.
"""

load(":wheels.bzl", "WHEELHOUSE_ENV", "fetch_wheel")

# CUDA 13.0 matches the driver of the GPU machine (580, CUDA 13.0): cubins and
# PTX from a newer toolkit than the driver are refused by it.
CUDA_NVCC_WHEEL = struct(
    name = "nvidia-cuda-nvcc",
    version = "13.0.88",
    file = "nvidia_cuda_nvcc-13.0.88-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
    sha256 = "56fe502eb77625a12f25172caa3cdddb4e4c8ba2c8c17dba44b164761b380f03",
    tools = ["ptxas", "fatbinary"],
)

# libdevice of CUDA 13.0, for SYCL C++ PTX compiles (tools/syclc -libdevice).
CUDA_NVVM_WHEEL = struct(
    name = "nvidia-nvvm",
    version = "13.0.88",
    file = "nvidia_nvvm-13.0.88-py3-none-manylinux2010_x86_64.manylinux_2_12_x86_64.whl",
    sha256 = "c5f41ffeb6466944a026dfa5317d7d85355c119bbec279205d22f1869d1054e0",
    tools = [],
    files = ["nvvm/libdevice/libdevice.10.bc"],
)

# cuda.h and nvml.h of CUDA 13.0, which Unified Runtime's CUDA adapter
# compiles against (sycl_cuda_adapter; libcuda.so.1 and libnvidia-ml.so.1
# come from the NVIDIA driver at run time).
CUDA_RUNTIME_WHEEL = struct(
    name = "nvidia-cuda-runtime",
    version = "13.0.96",
    file = "nvidia_cuda_runtime-13.0.96-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
    sha256 = "7f82250d7782aa23b6cfe765ecc7db554bd3c2870c43f3d1821f1d18aebf0548",
    tools = [],
    files = ["include/cuda.h"],
)

CUDA_NVML_WHEEL = struct(
    name = "nvidia-nvml-dev",
    version = "13.0.87",
    file = "nvidia_nvml_dev-13.0.87-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
    sha256 = "082871368275cf6620fc900f55d8eaf2563b263a38a00a5168e9650bce963ba1",
    tools = [],
    files = ["include/nvml.h"],
)

# cuobjdump has no 13.0 wheel; 13.2 reads 13.0 fat binaries (tests only).
CUDA_CUOBJDUMP_WHEEL = struct(
    name = "nvidia-cuda-cuobjdump",
    version = "13.2.86",
    file = "nvidia_cuda_cuobjdump-13.2.86-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
    sha256 = "d332c2ffe78e703ca0a3894be927f83124244e2acf0d792b8c12b4362d44d837",
    tools = ["cuobjdump"],
)

def _unavailable(rctx, why):
    # Every clang-toolchain build analyzes the nvptx64 target, which names
    # these tools: a machine that cannot fetch the wheel (offline, no
    # ./setup.sh) still builds everything else, and only an action that runs
    # a tool fails, with this message.
    msg = "%s: %s. Run ./setup.sh (it prefetches the wheel into .offline/wheels), set SYCL_CUDA_PATH to a CUDA install, or build nvptx64 PTX-only with --@rules_sycl//sycl:cuda_archs=" % (rctx.name, why)
    for t in rctx.attr.tools:
        rctx.file("bin/" + t, "#!/bin/sh\necho '%s' >&2\nexit 1\n" % msg.replace("'", ""), executable = True)

def _cuda_wheel_impl(rctx):
    wheel = rctx.attr.file
    python = rctx.which("python3")
    if python == None:
        _unavailable(rctx, "python3 is not on PATH (it runs pip and checks %s)" % wheel)
        _write_build(rctx)
        return
    w = struct(name = rctx.attr.wheel, version = rctx.attr.version, file = wheel, sha256 = rctx.attr.sha256)
    rctx.file("_wheel/.keep", "")
    err = fetch_wheel(rctx, python, w, "_wheel")
    if err:
        rctx.delete("_wheel")
        _unavailable(rctx, err.replace("\n", " "))
        _write_build(rctx)
        return

    # A wheel that is there but is not the pinned one is never used.
    r = rctx.execute([python, str(rctx.path(Label("//rules/private/repositories:wheels.py"))), "check", "_wheel/" + wheel, rctx.attr.sha256])
    if r.return_code != 0:
        rctx.delete("_wheel")
        fail("\n%s: %s" % (rctx.name, r.stderr.strip().replace("rules_sycl wheels: ", "")))

    # A wheel is a zip; Bazel 4.2's extract goes by the file name's suffix.
    rctx.symlink(rctx.path("_wheel/" + wheel), "_wheel/wheel.zip")
    rctx.extract("_wheel/wheel.zip", stripPrefix = rctx.attr.strip_prefix)
    rctx.delete("_wheel")
    missing = ["bin/" + t for t in rctx.attr.tools if not rctx.path("bin/" + t).exists]
    missing += [f for f in rctx.attr.files if not rctx.path(f).exists]
    if missing:
        fail("%s: the wheel %s has no %s" % (rctx.name, wheel, ", ".join(missing)))

    # Zip entries carry no reliable mode bits.
    rctx.execute(["chmod", "+x"] + ["bin/" + t for t in rctx.attr.tools])
    _write_build(rctx)

def _write_build(rctx):
    rctx.file("BUILD.bazel", """\
# Generated by @rules_sycl//rules/private/repositories:cuda_tools.bzl from {wheel} {version}.
load("@rules_cc//cc:defs.bzl", "cc_library")

package(default_visibility = ["//visibility:public"])

exports_files([{tools}] + glob([{files}], allow_empty = True))

# The wheel's data files (empty where the wheel could not be fetched: the
# rules that need them say so), and its headers as a cc_library (none in a
# wheel of only libdevice). allow_empty: Bazel 8 fails an empty glob.
filegroup(
    name = "files",
    srcs = glob([{files}], allow_empty = True),
)

cc_library(
    name = "headers",
    hdrs = glob([{files}], exclude = ["**/*.bc"], allow_empty = True),
    includes = ["include"],
)
""".format(
        wheel = rctx.attr.wheel,
        version = rctx.attr.version,
        tools = ", ".join(['"bin/%s"' % t for t in rctx.attr.tools]),
        files = ", ".join(['"%s"' % f for f in rctx.attr.files]),
    ))
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)

cuda_wheel = repository_rule(
    implementation = _cuda_wheel_impl,
    doc = "One of NVIDIA's CUDA tool wheels, fetched by name and version with pip and checked against its sha256; exports bin/<tool> for each of `tools`, and `files` as the filegroup :files.",
    environ = [WHEELHOUSE_ENV, "PATH"],
    attrs = {
        "file": attr.string(mandatory = True, doc = "The wheel's file name, as pip downloads it."),
        "sha256": attr.string(mandatory = True, doc = "The wheel's sha256."),
        "wheel": attr.string(mandatory = True, doc = "The wheel's project name on the package index."),
        "version": attr.string(mandatory = True, doc = "The wheel's version."),
        "strip_prefix": attr.string(default = "nvidia/cu13", doc = "Directory of the wheel holding bin/."),
        "tools": attr.string_list(doc = "Executables under bin/ to export."),
        "files": attr.string_list(doc = "Other files of the wheel (under strip_prefix), the filegroup :files."),
    },
)

_WHEELS = {
    "rules_sycl_cuda_cuobjdump": CUDA_CUOBJDUMP_WHEEL,
    "rules_sycl_cuda_nvcc": CUDA_NVCC_WHEEL,
    "rules_sycl_cuda_nvml": CUDA_NVML_WHEEL,
    "rules_sycl_cuda_nvvm": CUDA_NVVM_WHEEL,
    "rules_sycl_cuda_runtime": CUDA_RUNTIME_WHEEL,
}

def cuda_tools_dependencies(module_extension = False):
    """Declares @rules_sycl_cuda_nvcc (ptxas, fatbinary), @rules_sycl_cuda_nvvm (libdevice), @rules_sycl_cuda_runtime and @rules_sycl_cuda_nvml (cuda.h, nvml.h: sycl_cuda_adapter) and @rules_sycl_cuda_cuobjdump.

    Args:
      module_extension: True when called from a module extension (bzlmod),
        where native.existing_rule does not exist; in WORKSPACE a repository
        the user declared first wins.
    """
    for name, w in _WHEELS.items():
        if not module_extension and native.existing_rule(name):
            continue
        cuda_wheel(name = name, file = w.file, sha256 = w.sha256, wheel = w.name, version = w.version, tools = w.tools, files = getattr(w, "files", []))
