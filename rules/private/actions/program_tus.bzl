"""Program TU list: every TU of a per-TU program, for its per-TU links."""

def emit_program_tus(sycl, device_target, tus):
    """Writes the list of the program's TUs that every per-TU link reads.

    Each per-TU link needs every other TU's bitcode and summary. Named on
    each link's command line (or in a param file per link), that is N names
    in each of N links: bytes that grow with the square of the TU count.
    One list per program, written once and read by every link (devlink
    skips the TU it links whole), grows with the TU count only.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo whose program this is.
      tus: list of struct(object, summary): every TU, in link order.

    Returns:
      struct(list, inputs): list, the File <rule>.tus (devlink arguments,
      one per line: -object, path, -summary, path per TU; passed as
      @FILE); inputs, a depset of the list and every TU's bitcode and
      summary, which every per-TU link declares (one depset shared by all
      links rather than a list of the others per link).
    """
    out = sycl.declare(sycl, sycl.label.name + ".tus", device_target = device_target)
    lines = []
    for tu in tus:
        lines += ["-object", tu.object.path, "-summary", tu.summary.path]
    sycl.actions.write(out, "\n".join(lines) + "\n")
    return struct(
        list = out,
        inputs = depset([out] + [tu.object for tu in tus] + [tu.summary for tu in tus]),
    )
