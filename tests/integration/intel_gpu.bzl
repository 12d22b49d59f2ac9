"""intel_gpu_image_test: the Intel GPU images of a program, read back and disassembled (no GPU needed)."""

# The table of the architectures: a test-only look at a private file.
# buildifier: disable=bzl-visibility
load("//rules/private:intel_gpu.bzl", "INTEL_GPU_TARGETS")

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _intel_gpu_image_test_impl(ctx):
    rows = {r.name: r for r in INTEL_GPU_TARGETS}
    specs = []
    for t in ctx.attr.targets:
        if t not in rows:
            fail("%s: %s is not an intel_gpu_<arch> target (known: %s)" % (ctx.label, t, ", ".join(sorted(rows))))
        spec = "%s=%s=%s" % (t, rows[t].device, rows[t].ip)
        if t in ctx.attr.entry_points:
            spec += "=" + ",".join(ctx.attr.entry_points[t])
        specs.append(spec)
    for t in ctx.attr.entry_points:
        if t not in ctx.attr.targets:
            fail("%s: entry_points names %s, which is not in targets" % (ctx.label, t))
    groups = ctx.attr.target[OutputGroupInfo]

    # The final trees name their images' .sym files in the split's tree:
    # every tree of the image tables.
    trees = groups.device_image_trees.to_list()
    images = groups.device_images.to_list()
    gpuaot = ctx.executable._gpuaot
    ocloc = ctx.file._ocloc
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        script,
        "#!/bin/sh\nexec {} {} {} {} -- {}\n".format(
            _shell_quote(ctx.file._check.short_path),
            _shell_quote(gpuaot.short_path),
            _shell_quote(ocloc.short_path),
            " ".join([_shell_quote(s) for s in specs]),
            " ".join([_shell_quote(f.short_path) for f in images]),
        ),
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [ctx.file._check, ocloc] + ctx.files._ocloc_files + trees)
    runfiles = runfiles.merge(ctx.attr._gpuaot[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

# A test rule, not an sh_test over filegroups (see validate.bzl).
intel_gpu_image_test = rule(
    implementation = _intel_gpu_image_test_impl,
    doc = """Checks every zebin a program carries for each of `targets`: an Intel GPU ELF
file for the architecture's IP version, holding its image's entry points,
which `ocloc disasm` turns into assembly kernel by kernel
(tests/integration/check_intel_gpu_images.sh, tools/gpuaot check).""",
    attrs = {
        "target": attr.label(mandatory = True, doc = "A sycl_binary (its device_images and device_image_trees output groups) built for `targets`."),
        "targets": attr.string_list(mandatory = True, doc = "The intel_gpu_<arch> targets whose images to check."),
        "entry_points": attr.string_list_dict(doc = "Per target, exactly the entry points its images hold, all tables together: what is absent was left out by DPC++'s device config file."),
        "_check": attr.label(default = "//tests/integration:check_intel_gpu_images.sh", allow_single_file = True),
        "_gpuaot": attr.label(default = "//tools/gpuaot", executable = True, cfg = "target"),
        "_ocloc": attr.label(default = "@rules_sycl_ocloc//:bin/ocloc", allow_single_file = True),
        "_ocloc_files": attr.label(default = "@rules_sycl_ocloc//:files"),
    },
    test = True,
)
