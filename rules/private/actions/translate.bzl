"""Translate: each device image's LLVM bitcode to SPIR-V."""

load(":foreach.bzl", "run_foreach")

# llvm-spirv flags tools/imagec applies as llvm-spirv does; any other flag
# sends the translation back to one llvm-spirv process per image.
_IMAGEC_FLAGS = ["-spirv-ext=", "--spirv-ext=", "-spirv-max-version=", "--spirv-max-version="]

def _imagec_can_translate(flags):
    for f in flags:
        if not [p for p in _IMAGEC_FLAGS if f.startswith(p)]:
            return False
    return True

def emit_translate(sycl, device_target, split, unit = None, shard = None, extra_flags = [], then = []):
    """Runs the SPIR-V translator on every image of a split (mnemonic SyclTranslate).

    Reads the Code column of the split's table, writes <image>.spv into the
    tree artifact spirv[_<shard>]/ together with a copy of the table whose
    Code column names the SPIR-V files (what clang's file-table-tform does).
    With the device target's image_compiler (tools/imagec) and flags it
    knows, one imagec process per CPU translates every image; otherwise one
    translator process per image, as many at once as the machine has CPUs.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (translator, its flags).
      split: struct(dir, table) that emit_split returned.
      unit: string or None, the per-TU directory (see context.bzl's declare).
      shard: None, or (i, n): translate only the i-th of n contiguous slices
        of the table's rows.
      extra_flags: translator flags after the device target's (the SPIR-V
        extensions of SYCL C++ device code).
      then: a command run on each image after the translator, rewriting
        {out} in place (tools/spirvdedup for SYCL C++ device code), or [];
        its File words are tools of the action.

    Returns:
      struct(dir, table): the tree artifact and the path of its file table.
    """
    out_dir = sycl.declare(sycl, "spirv" + ("_%d" % shard[0] if shard else ""), device_target = device_target, unit = unit, directory = True)
    image_compiler = device_target.image_compiler
    flags = device_target.translate_flags + extra_flags
    if image_compiler and _imagec_can_translate(flags) and not then:
        command = [image_compiler.executable, "serve"] + flags
        serve = True
    else:
        command = [device_target.translator.executable] + flags + ["{in}", "-o", "{out}"]
        if then:
            command = command + ["--then"] + then
        serve = False
    table = run_foreach(
        sycl,
        depset([w for w in then if type(w) == "File"], transitive = [device_target.all_files]),
        [split.dir],
        split.table,
        out_dir,
        ".spv",
        command,
        "SyclTranslate",
        "Translating SYCL device images of %s to SPIR-V" % sycl.label,
        serve = serve,
        shard = shard,
    )
    return struct(dir = out_dir, table = table)
