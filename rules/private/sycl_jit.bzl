"""libsycl-jit: DPC++'s device compiler, as pinned for tools/syclc.

`intel-sycl-rt` 2026.2.0 ships DPC++ 2026.2's device compiler (clang front
end, LLVM 23, device libraries, sycl-post-link's library, the SPIR-V
translator) as lib/libsycl-jit.so.23.1; tools/syclc calls its unversioned
`compileSYCL` entry point, so every use is tied to this very file: the
SyclJitCheck action of each toolchain verifies its sha256, exported symbols
and a tiny compile before any SYCL C++ TU compiles.
"""

SYCL_JIT = struct(
    # The library and where sycl_oneapi_runtime puts it: its RUNPATH is
    # $ORIGIN/../lib, so its libraries sit in the same jit/lib/.
    library = "libsycl-jit.so.23.1",
    directory = "jit/lib",
    sha256 = "ba6e03d3322f8ede884ea6a1c2787d85ac7f40d26e6701bdad0009c2c5ad39f0",
    # The bfloat16 device library's SPIR-V images it compiles (SyclDeviceLibs:
    # `syclc -devicelibs`), byte-identical for every TU that imports them.
    bfloat16_devicelib_sha256 = struct(
        native = "f764a4e75941b61fd1431f86d278676de15f3ac0fda36a01d9996615da6a9eb5",
        fallback = "d7a8fb99ebfc8abaf95ab356b08e60deb504d064f5c48e3d20d461d32330c935",
    ),
    # The architecture of the PTX it writes for nvptx64 (`.target sm_75`,
    # the NVPTX backend's default; tools/syclc -format=ptx): the PTX entry of
    # each fat binary.
    ptx_target = "sm_75",
    # The wheel it comes from (repositories/oneapi_runtime.bzl's ONEAPI_WHEELS
    # pins it).
    origin = "intel-sycl-rt==2026.2.0",
    # What it needs besides libc and libz: intel-cmplr-lib-rt's libraries.
    dependencies = ["libimf.so", "libsvml.so", "libirng.so", "libintlc.so.5"],
)
