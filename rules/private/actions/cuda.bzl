"""CUDA AOT: each PTX image to a cubin per GPU architecture, then a fat binary."""

load(":foreach.bzl", "foreach_image")

def _sm_number(arch, what):
    # sm_90, sm_90a, sm_100f -> "90", "90a", "100f" (fatbinary's sm= value).
    if not arch.startswith("sm_"):
        fail("%s: '%s' is not a CUDA architecture (want sm_<number>, e.g. sm_90)" % (what, arch))
    n = arch[len("sm_"):]
    digits = n.rstrip("af")
    if not digits.isdigit() or len(n) - len(digits) > 1:
        fail("%s: '%s' is not a CUDA architecture (want sm_<number>, e.g. sm_90)" % (what, arch))
    return n

def cuda_fatbinary(ctx, target, archs, tool, ptx_dir, ptx_table, prefix):
    """ptxas per architecture over a tree of PTX images, then fatbinary per image.

    The split's images are a tree artifact whose size is known only when it
    runs, so Bazel cannot declare one action per image. The per-architecture
    half of DPC++'s "one compile per image x architecture" becomes one action
    per architecture (mnemonic SyclPtxas, `ptxas -arch=sm_XX` once per image
    through tools/foreach): adding an architecture adds actions, and each
    architecture's cubins are cached on their own. One SyclFatbinary action
    then packs, per image, every architecture's cubin (found by the image's
    stem, {stem}) and the PTX.

    Args:
      ctx: rule context.
      target: SyclDeviceTargetInfo whose `cuda` is set.
      archs: list of string, --@rules_sycl//sycl:cuda_archs (not empty).
      tool: File, the foreach executable.
      ptx_dir: tree artifact of the PTX images and their table.
      ptx_table: string, path of the PTX file table.
      prefix: string, where the trees go (the image group's prefix).

    Returns:
      struct(dirs, table): the cubin trees and the fat binary tree (last),
      and the fat binaries' file table.
    """
    cuda = target.cuda
    setting = "--@rules_sycl//sycl:cuda_archs"
    if cuda.missing:
        fail("%s: the SYCL device target %s cannot build cubins for %s=%s; missing: %s (or set %s= for PTX-only images)" % (
            ctx.label,
            target.name,
            setting,
            ",".join(archs),
            ", ".join(cuda.missing),
            setting,
        ))
    seen = {}
    for a in archs:
        if a in seen:
            fail("%s: %s names %s twice" % (ctx.label, setting, a))
        seen[a] = True
    ptx_sm = _sm_number(cuda.ptx_arch, "%s: ptx_arch of %s" % (ctx.label, target.name))

    dirs = []
    images = []
    for a in archs:
        sm = _sm_number(a, setting)
        out = ctx.actions.declare_directory(prefix + "cubin_" + a)
        foreach_image(
            ctx,
            tool,
            cuda.all_files,
            [ptx_dir],
            ptx_table,
            out,
            ".cubin",
            [cuda.ptxas.executable, "-arch=" + a, "{in}", "-o", "{out}"],
            "SyclPtxas",
            "Compiling SYCL device images of %s for %s" % (ctx.label, a),
        )
        dirs.append(out)
        images.append("--image3=kind=elf,sm=%s,file=%s/{stem}.cubin" % (sm, out.path))
    fatbin_dir = ctx.actions.declare_directory(prefix + "fatbin")
    table = foreach_image(
        ctx,
        tool,
        cuda.all_files,
        [ptx_dir] + dirs,
        ptx_table,
        fatbin_dir,
        ".fatbin",
        [cuda.fatbinary.executable, "-64", "--create={out}"] + images + ["--image3=kind=ptx,sm=%s,file={in}" % ptx_sm],
        "SyclFatbinary",
        "Packing SYCL device images of %s for %s" % (ctx.label, ",".join(archs)),
    )
    return struct(dirs = dirs + [fatbin_dir], table = table)
