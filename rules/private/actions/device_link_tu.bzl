"""Per-TU device link: one translation unit with what it uses of the rest."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_device_link_tu(sycl, device_target, tu, program, libraries):
    """Links one TU with what it uses of the rest of the program (mnemonic SyclDeviceLink).

    Per-TU image mode (thinLTO-style): the TU is linked whole; from the
    other TUs devlink reads, with llvm-link --only-needed, only those the
    summaries say define something the result needs (in an order that
    resolves chains across TUs), then the device libraries. The objects it
    did not read go to an unused_inputs_list, so Bazel does not re-run this
    link when only they change (editing another TU's kernel body).

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (its linker).
      tu: struct(object, summary, unit) of the TU.
      program: struct(list, inputs) from emit_program_tus: the TU list
        (this TU included) and, as inputs, it with every TU's files.
      libraries: depset of File, device libraries.

    Returns:
      struct(linked, unused): the linked module and the list of objects the
      link did not read.
    """

    # Textual IR, as the whole-program link writes (see device_link.bzl): for
    # one TU of the 2,000-kernel bench module, llvm-link takes 0.04 s either
    # way and writes 705 KB of text instead of 170 KB of bitcode, and the
    # TU's split then starts no llvm-dis (~55 MB, ~30 ms).
    out = sycl.declare(sycl, sycl.label.name + ".device.ll", device_target = device_target, unit = tu.unit)
    unused = sycl.declare(sycl, sycl.label.name + ".device.ll.unused", device_target = device_target, unit = tu.unit)
    args = sycl.actions.args()
    args.add("-linker=" + device_target.linker.executable.path)
    args.add("-S")
    args.add("-tu", tu.object)
    args.add("-tu-summary", tu.summary)
    args.add("-o", out)
    args.add("-unused-inputs", unused)

    # The other TUs are named by the program's one TU list, not per link:
    # the command line stays the same size whatever the TU count.
    args.add("@" + program.list.path)
    args.add_all(libraries, before_each = "-library")
    sycl.actions.run(
        executable = sycl.tools.devlink,
        arguments = [worker_args(args)],
        inputs = depset(transitive = [program.inputs, libraries]),
        tools = device_target.all_files,
        outputs = [out, unused],
        unused_inputs_list = unused,
        mnemonic = "SyclDeviceLink",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Linking SYCL device code of %s for %s" % (sycl.label, tu.object.short_path),
    )
    return struct(linked = out, unused = unused)
