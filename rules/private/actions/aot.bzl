"""AOT: each device image compiled ahead of time for one device target."""

load("//rules/private:intel_gpu.bzl", "intel_gpu_bfloat16_library")
load(":foreach.bzl", "run_foreach")

# llc flags tools/imagec/codegen.cc parses as llc does; any other argument
# (besides {in} -o {out}) sends the AOT step back to one `aot` process per
# image.
_SERVER_FLAGS = ["-march=", "-mcpu=", "-mattr=", "-mtriple="]
_SERVER_OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3"]

def server_flags(aot_args):
    """The flags of `aot_args` for an aot_server, or None if it cannot take them.

    Args:
      aot_args: list of string, a device target's aot_args.

    Returns:
      list of string: aot_args without `{in} -o {out}`, or None.
    """
    flags = None
    for i in range(len(aot_args)):
        if aot_args[i:i + 3] == ["{in}", "-o", "{out}"]:
            flags = aot_args[:i] + aot_args[i + 3:]
            break
    if flags == None:
        return None
    for f in flags:
        if f not in _SERVER_OPT_LEVELS and not [p for p in _SERVER_FLAGS if f.startswith(p)]:
            return None
    return flags

def aot_device_library(sycl, device_target):
    """The bfloat16 device library image the target's `aot` links into images importing it.

    DPC++ links the bfloat16 library into its ahead-of-time images before
    sycl-post-link (clang/test/Driver/sycl-device-lib-bfloat16.cpp): the
    fallback one for spir64_x86_64; for Intel GPUs (spir64_gen images) the
    native one where every GPU of the program has native bfloat16
    conversions (intel_gpu_bfloat16_library), else the fallback one.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo.

    Returns:
      struct(dir, path, table): the toolchain's SyclDeviceLibs tree, the
      image's path in it and the tree's file table; None where the target's
      `aot` takes no library or the toolchain has none.
    """
    devicelibs = sycl.toolchain.sycl_devicelibs
    if not device_target.aot_device_library_flag or not devicelibs:
        return None
    kind = "fallback"
    if device_target.image_target == "spir64_gen":
        kind = intel_gpu_bfloat16_library([t.name for t in sycl.device_targets], sycl.modes.gen_devices)
    return struct(
        dir = devicelibs.dir,
        path = "%s/bfloat16_%s.spv" % (devicelibs.dir.path, kind),
        table = devicelibs.table,
    )

def emit_aot(sycl, device_target, in_dirs, in_table, unit = None, shard = None, shard_rows = True):
    """Runs the device target's ahead-of-time compiler on every image of a table (mnemonic SyclAot).

    Like SyclTranslate: one run of `device_target.aot` per row of the
    table's Code column (llc for nvptx64, ocloc for spir64_gen, tools/cpuaot
    or opencl-aot for spir64_x86_64), outputs and a rewritten table in the
    tree artifact aot[_<shard>]/. For a device target with aot_isa_flag,
    the command also names --@rules_sycl//sycl:cpu_aot_isa.

    Any image table whose Code column holds what `aot` reads works: for
    spir64_x86_64 and spir64_gen a table of SPIR-V images
    ([Code|Properties|Symbols], e.g. emit_translate's, or a per-TU SYCL C++
    compile's), whose Properties and Symbols columns are passed through.

    With the device target's aot_device_library_flag, `aot` also gets the
    toolchain's bfloat16 device library image (aot_device_library), which
    it links into the images that import it.

    With the device target's aot_server (tools/imagec/codegen.cc, nvptx64)
    and aot_args it knows, one server process per CPU compiles every image
    instead (foreach -serve=codegen), with the same output.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo with `aot` set.
      in_dirs: tree artifacts holding the images and their table.
      in_table: string, path of the input file table.
      unit: string or None, the per-TU directory (see context.bzl's declare).
      shard: None, or (i, n): this is the i-th of n shards.
      shard_rows: whether this action picks the shard's rows itself (False
        when in_table already lists only them).

    Returns:
      struct(dir, table): the tree artifact and the path of its file table.
    """
    out_dir = sycl.declare(sycl, "aot" + ("_%d" % shard[0] if shard else ""), device_target = device_target, unit = unit, directory = True)
    server = device_target.aot_server
    flags = server_flags(device_target.aot_args) if server and not device_target.aot_isa_flag else None
    if flags != None:
        command = [server.executable, "serve"] + flags
        serve = "codegen"
    else:
        command = [device_target.aot.executable] + device_target.aot_args
        serve = False
        if device_target.aot_isa_flag:
            # x86-64 CPUs: the instruction set the code is generated for.
            command.append(device_target.aot_isa_flag + sycl.modes.cpu_aot_isa)
        if device_target.aot_devices_flag:
            # spir64_gen: the Intel GPUs, all in one ocloc run per image.
            if not sycl.modes.gen_devices:
                fail("%s: --@rules_sycl//sycl:gen_devices is empty: spir64_gen images need at least one ocloc device (e.g. pvc, or bmg-g21,lnl-m)" % sycl.label)

            # Before the image and output: a flag after them would be an
            # operand to gpuaot's flag parser.
            devices = device_target.aot_devices_flag + ",".join(sycl.modes.gen_devices)
            at = command.index("{in}") if "{in}" in command else len(command)
            command = command[:at] + [devices] + command[at:]
    library = aot_device_library(sycl, device_target)
    if library and not serve:
        # Before the image, as the devices flag.
        at = command.index("{in}") if "{in}" in command else len(command)
        command = command[:at] + [device_target.aot_device_library_flag + library.path] + command[at:]
        in_dirs = in_dirs + [library.dir]
    table = run_foreach(
        sycl,
        device_target.all_files,
        in_dirs,
        in_table,
        out_dir,
        device_target.aot_extension,
        command,
        "SyclAot",
        "Compiling SYCL device images of %s for %s" % (sycl.label, device_target.name),
        serve = serve,
        shard = shard if shard_rows else None,
        left_out_status = device_target.aot_left_out_status,
    )
    return struct(dir = out_dir, table = table)
