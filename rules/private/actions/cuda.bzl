"""CUDA AOT: each PTX image to a cubin per GPU architecture, then a fat binary."""

load(":foreach.bzl", "run_foreach")

def _sm_number(arch, what):
    # sm_90, sm_90a, sm_100f -> "90", "90a", "100f" (fatbinary's sm= value).
    if not arch.startswith("sm_"):
        fail("%s: '%s' is not a CUDA architecture (want sm_<number>, e.g. sm_90)" % (what, arch))
    n = arch[len("sm_"):]
    digits = n.rstrip("af")
    if not digits.isdigit() or len(n) - len(digits) > 1:
        fail("%s: '%s' is not a CUDA architecture (want sm_<number>, e.g. sm_90)" % (what, arch))
    return n

def _checked_archs(sycl, device_target):
    # --@rules_sycl//sycl:cuda_archs, once each, with the tools to build them.
    archs = sycl.modes.cuda_archs
    setting = "--@rules_sycl//sycl:cuda_archs"
    missing = device_target.cuda.missing
    if missing:
        fail("%s: the SYCL device target %s cannot build cubins for %s=%s; missing: %s (or set %s= for PTX-only images)" % (
            sycl.label,
            device_target.name,
            setting,
            ",".join(archs),
            ", ".join(missing),
            setting,
        ))
    seen = {}
    for a in archs:
        if a in seen:
            fail("%s: %s names %s twice" % (sycl.label, setting, a))
        seen[a] = True
    return archs

def emit_cuda_fatbinary(sycl, device_target, ptx, unit = None, shard = None, ptx_arch = None):
    """ptxas per architecture over a tree of PTX images, then fatbinary per image.

    The split's images are a tree artifact whose size is known only when it
    runs, so Bazel cannot declare one action per image. The per-architecture
    half of DPC++'s "one compile per image x architecture" becomes one action
    per architecture (mnemonic SyclPtxas, `ptxas -arch=sm_XX` once per image
    through tools/foreach): adding an architecture adds actions, and each
    architecture's cubins are cached on their own. One SyclFatbinary action
    then packs, per image, every architecture's cubin (found by the image's
    stem, {stem}) and the PTX. The architectures are sycl.modes.cuda_archs
    (--@rules_sycl//sycl:cuda_archs, not empty).

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo whose `cuda` is set.
      ptx: struct(dir, table) of the PTX images (emit_aot's).
      unit: string or None, the per-TU directory (see context.bzl's declare).
      shard: None, or (i, n): the PTX table lists the i-th shard's images.
      ptx_arch: the PTX's architecture where it is not the device target's
        ptx_arch (SYCL C++ images: libsycl-jit's, sm_75).

    Returns:
      struct(dirs, table): the cubin trees and the fat binary tree (last),
      and the fat binaries' file table.
    """
    archs = _checked_archs(sycl, device_target)
    label = sycl.label
    cuda = device_target.cuda
    ptx_sm = _sm_number(ptx_arch or cuda.ptx_arch, "%s: ptx_arch of %s" % (label, device_target.name))

    # Each shard's trees get a prefix of their own.
    prefix = "shard%d_" % shard[0] if shard else ""
    dirs = []
    images = []
    for a in archs:
        sm = _sm_number(a, "--@rules_sycl//sycl:cuda_archs")
        out = sycl.declare(sycl, prefix + "cubin_" + a, device_target = device_target, unit = unit, directory = True)
        run_foreach(
            sycl,
            cuda.all_files,
            [ptx.dir],
            ptx.table,
            out,
            ".cubin",
            [cuda.ptxas.executable, "-arch=" + a, "{in}", "-o", "{out}"],
            "SyclPtxas",
            "Compiling SYCL device images of %s for %s" % (label, a),
        )
        dirs.append(out)
        images.append("--image3=kind=elf,sm=%s,file=%s/{stem}.cubin" % (sm, out.path))
    fatbin_dir = sycl.declare(sycl, prefix + "fatbin", device_target = device_target, unit = unit, directory = True)
    table = run_foreach(
        sycl,
        cuda.all_files,
        [ptx.dir] + dirs,
        ptx.table,
        fatbin_dir,
        ".fatbin",
        [cuda.fatbinary.executable, "-64", "--create={out}"] + images + ["--image3=kind=ptx,sm=%s,file={in}" % ptx_sm],
        "SyclFatbinary",
        "Packing SYCL device images of %s for %s" % (label, ",".join(archs)),
    )
    return struct(dirs = dirs + [fatbin_dir], table = table)
