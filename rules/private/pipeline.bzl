"""The device pipeline every linking rule shares: link, split, translate/AOT, then wrap or bundle."""

load("//rules/private/actions:aot.bzl", "aot_device_library", "emit_aot")
load("//rules/private/actions:bundle.bzl", "emit_bundle")
load("//rules/private/actions:cuda.bzl", "emit_cuda_fatbinary")
load("//rules/private/actions:device_link.bzl", "emit_device_link")
load("//rules/private/actions:device_link_tu.bzl", "emit_device_link_tu")
load("//rules/private/actions:link_summary.bzl", "emit_link_summary")
load("//rules/private/actions:program_tus.bzl", "emit_program_tus")
load("//rules/private/actions:property_parity.bzl", "emit_property_parity")
load("//rules/private/actions:ptx_device_link.bzl", "emit_ptx_device_link")
load("//rules/private/actions:spirv_validate.bzl", "emit_spirv_validate")
load("//rules/private/actions:split.bzl", "emit_split", "post_link_flags")
load("//rules/private/actions:translate.bzl", "emit_translate")
load("//rules/private/actions:wrap.bzl", "emit_wrap")
load(":llvm_tools.bzl", "sycl_cxx_link_target")
load(":spirv_extensions.bzl", "SYCL_CXX_SPIRV_EXTENSIONS")
load(":sycl_jit.bzl", "SYCL_JIT")

def has_device_code(sycl, sycl_info):
    """Whether a rule's SyclInfo holds device code for a requested device target.

    Args:
      sycl: the SYCL context (context.bzl).
      sycl_info: SyclInfo of the rule's own and its dependencies' device code.

    Returns:
      bool: device TUs to link, or SYCL C++ images to wrap.
    """
    for dt in sycl.device_targets:
        if sycl_info.device_objects_by_target[dt.name] or sycl_info.image_tables_by_target.get(dt.name):
            return True
    return False

def _sycl_cxx_tables(sycl_info, device_target):
    return sycl_info.image_tables_by_target.get(device_target.name, depset()).to_list()

def _ptx_device_link(sycl, device_target, tus):
    """A CUDA target's SYCL C++ TUs as one device link (emit_ptx_device_link), or as they are.

    PTX compiled per TU leaves SYCL_EXTERNAL calls into other TUs as
    externs ptxas cannot resolve; with the target's jit_ir_linker (every
    TU's compile then writes its front-end bitcode), a program with
    several TUs gets its images from one link of them. One TU has nothing
    to link: its own images are used, as without the linker.
    """
    if not device_target.cuda or len(tus) < 2 or None in [getattr(t, "bitcode", None) for t in tus]:
        return tus
    return [emit_ptx_device_link(sycl, device_target = device_target, tus = tus)]

def _sycl_cxx_entries(sycl, sycl_info):
    """The images SYCL C++ TUs were compiled to per TU (tools/syclc), as entries of the image pipeline.

    SPIR-V for SPIR-V targets (they enter after `translate`), PTX for CUDA
    targets (after `aot`; libsycl-jit's PTX is for sm_75). A CUDA target's
    TUs may first become one device link (_ptx_device_link).
    """
    return [
        _entry(dt, t.dir, t.table, unit = _unit_name(t.dir), form = "ptx" if dt.cuda else "spirv", image_format = "none" if dt.cuda else "spirv", ptx_arch = SYCL_JIT.ptx_target if dt.cuda else None)
        for dt in sycl.device_targets
        for t in _ptx_device_link(sycl, dt, _sycl_cxx_tables(sycl_info, dt))
    ]

def _entry(device_target, dir, table, unit, form, image_format, split = None, ptx_arch = None, translate_flags = [], translate_then = []):
    """One image table entering the image pipeline: its images' form and where they came from.

    Args:
      device_target: SyclDeviceTargetInfo.
      dir: the tree artifact of the images and their table.
      table: path of the file table.
      unit: string or None, the per-TU directory (see context.bzl's declare).
      form: "bitcode" (a split's images), "spirv" or "ptx" (a front end's).
      image_format: the wrapper's -format if no stage runs.
      split: the split (emit_split) the images come from, or None.
      ptx_arch: the architecture of PTX images where it is not the device
        target's ptx_arch.
      translate_flags: translator flags beyond the device target's.
      translate_then: the command run on each image after the translator
        (emit_translate's then), or [].

    Returns:
      struct.
    """
    return struct(device_target = device_target, dir = dir, table = table, unit = unit, form = form, image_format = image_format, split = split, ptx_arch = ptx_arch, translate_flags = translate_flags, translate_then = translate_then)

def _image_table(sycl, entry, syclbin, shard = None):
    """The one image table constructor: an entry's images through the rest of their device target's stages.

    The device target's stages (image_stages: translate -> aot ->
    fatbinary) run in order, each one that takes the form the images have
    by then: a split's bitcode images go through all of them, a front end's
    SPIR-V starts at `aot`, its PTX at `fatbinary`. fatbinary runs only with
    --@rules_sycl//sycl:cuda_archs and not in a SYCLBIN (which keeps PTX;
    without architectures the PTX is wrapped as it is, format none: the
    CUDA driver JIT-compiles it).

    Args:
      sycl: the SYCL context (context.bzl).
      entry: struct from _entry.
      syclbin: None to wrap, or struct(state, container) to bundle.
      shard: None, or (i, n): the i-th of n slices of a split's images.

    Returns:
      struct(dirs, table, device_target, format, split): every tree the
      final images need (the final one last), their file table, the
      device target (SyclDeviceTargetInfo), the wrapper's -format, and the
      split the images come from (None for a front end's).
    """
    dt = entry.device_target
    dirs = [entry.dir]
    table = entry.table
    form = entry.form
    image_format = entry.image_format
    for stage in dt.stages:
        # A stage runs when it takes the form the images have by then: a
        # front end's SPIR-V skips `translate`, its PTX `aot`; a target
        # without `aot` has no PTX for `fatbinary` from a split.
        if stage.takes != form:
            continue
        if stage.name == "fatbinary" and (syclbin or not sycl.modes.cuda_archs):
            continue
        if stage.name == "translate":
            out = emit_translate(sycl, device_target = dt, split = struct(dir = dirs[-1], table = table), unit = entry.unit, shard = shard, extra_flags = entry.translate_flags, then = entry.translate_then)
            dirs.append(out.dir)
        elif stage.name == "aot":
            # The first stage picks the shard's rows; a later one reads a
            # table of only them.
            out = emit_aot(sycl, device_target = dt, in_dirs = list(dirs), in_table = table, unit = entry.unit, shard = shard, shard_rows = len(dirs) == 1)
            dirs.append(out.dir)
        elif stage.name == "fatbinary":
            out = emit_cuda_fatbinary(sycl, device_target = dt, ptx = struct(dir = dirs[-1], table = table), unit = entry.unit, shard = shard, ptx_arch = entry.ptx_arch)
            dirs += out.dirs
        else:
            fail("%s: device target %s has an unknown stage %s" % (sycl.label, dt.name, stage.name))
        table = out.table
        form = stage.gives
        image_format = "native" if stage.name == "fatbinary" else dt.image_format
    return struct(dirs = dirs, table = table, device_target = dt, format = image_format, split = entry.split)

def device_pipeline(sycl, sycl_info, desc_name = None, syclbin = None):
    """Per device target: device link, split, translation/AOT; then one wrap or bundle.

    sycl_binary, sycl_test, sycl_device_link, sycl_shared_library,
    sycl_library(device_link = True) wrap the images into a host object;
    sycl_bundle packs them into a SYCLBIN file (one whole-program link per
    device target, kernel names in the property sets, PTX rather than fat
    binaries for CUDA).

    Device bitcode (OpenCL C / C++ for OpenCL TUs, SYCL C++ TUs on the
    device link, DPC++'s SYCL C++ TUs) goes through the link, split and
    translation; the images SYCL C++ TUs were compiled to per TU by
    tools/syclc (SyclInfo.image_tables_by_target: rdc = 0, the -g/-O0
    fallback, CUDA targets) enter the same image table constructor after
    translation (AOT, ptxas and fatbinary still apply). A device target
    with only such images runs no link or split.

    Args:
      sycl: the SYCL context (context.bzl).
      sycl_info: SyclInfo of the rule's own and its dependencies' device code.
      desc_name: if set, export the wrapped descriptor under this name (see
        emit_wrap).
      syclbin: None to wrap, or struct(state, container) to bundle.

    Returns:
      struct(linked, split, images, image_trees, output, unused_inputs,
      device_libraries, property_parity, spirv_validation):
      lists holding the first device target's (first unit's) linked module
      and split tree (empty without device bitcode to link), every image
      table's final image tree (a depset), every tree those tables name
      (their .sym and .prop files stay in the split's; a depset), the
      wrapped object or the
      .syclbin, per-TU mode's lists of the objects each TU's link did not
      read, the device-library trees offered to the wrap (a depset), and
      the SyclPropertyParity report of SYCL C++ on the device-link path
      (a depset, empty without), and the SyclSpirvValidate reports, one
      per JIT SPIR-V image table (a depset).
    """
    per_tu = sycl.modes.per_tu and not syclbin
    rdc = bool(sycl_info.sycl_cxx_device_objects)
    sycl_cxx = [_image_table(sycl, e, syclbin) for e in _sycl_cxx_entries(sycl, sycl_info)]
    image_tables = []
    first = None
    unused = []
    splits = []
    for dt in sycl.device_targets:
        if rdc:
            # SYCL C++ device code links, splits and translates with the
            # tools of the LLVM generation that wrote it.
            dt = sycl_cxx_link_target(sycl, dt)
        libraries = dt.libraries
        if dt.name == sycl.primary.name:
            libraries = depset(transitive = [dt.libraries, sycl_info.device_libraries])
        objects = sycl_info.device_objects_by_target[dt.name]
        if sycl_cxx and not objects:
            continue

        # Without device TUs there is nothing to do per TU: the whole-program
        # flow keeps the outputs a binary without device code had before.
        if per_tu and objects:
            units = _link_per_tu(sycl, dt, objects, libraries)
            unused += [u.unused for u in units]
        else:
            units = [struct(name = None, linked = emit_device_link(sycl, device_target = dt, objects = objects, libraries = libraries))]
        for u in units:
            shards = _image_tables(sycl, dt, u.name, u.linked, syclbin, sycl_cxx = rdc)
            image_tables.extend(shards)
            if dt.name == sycl.primary.name:
                splits.append(shards[0].split)
            if first == None:
                first = struct(linked = u.linked, split = shards[0].dirs[0])
    image_tables += sycl_cxx
    device_libraries = []
    if syclbin:
        output = emit_bundle(sycl, image_tables = image_tables, state = syclbin.state, container = syclbin.container)
    else:
        # Per TU (and per SYCL C++ TU), a TU without kernels still yields
        # an image with no entries.
        device_libraries = _device_libraries(sycl, image_tables if rdc else sycl_cxx)
        output = emit_wrap(
            sycl,
            image_tables = image_tables,
            desc_name = desc_name,
            skip_images_without_entries = per_tu or bool(sycl_cxx) or rdc,
            device_libraries = device_libraries,
            linked_device_libraries = _linked_device_libraries(sycl, image_tables),
        )

    # The split's property sets of the SYCL C++ kernels against the
    # library's (primary device target: JIT SPIR-V, as the library's).
    parity = None
    if rdc and splits and not syclbin:
        parity = emit_property_parity(sycl, device_target = sycl.primary, ours = splits, theirs = sycl_info.sycl_cxx_property_tables.to_list())

    # spirv-val of every JIT SPIR-V image table the wrap or bundle takes:
    # the device link's translations, the SYCL C++ TUs' own images. Not the
    # bfloat16 device library's (pinned by sha256 in SyclDeviceLibs): its
    # native image declares BFloat16ConversionINTEL (capability 6115, in
    # SPIRV-Headers since March 2023), which Debian 12's spirv-val
    # (SPIRV-Tools 2023.1) cannot parse ("Invalid capability operand:
    # 6115"); its fallback image passes.
    spirv_validation = [
        emit_spirv_validate(sycl, images = struct(dir = t.dirs[-1], table = t.table), name = _unit_name(t.dirs[-1]))
        for t in image_tables
        if t.format == "spirv"
    ]
    return struct(
        property_parity = depset([parity] if parity else []),
        spirv_validation = depset(spirv_validation),
        linked = [first.linked] if first else [],
        split = [first.split] if first else [],
        images = depset([t.dirs[-1] for t in image_tables]),
        image_trees = depset([d for t in image_tables for d in t.dirs]),
        output = output,
        unused_inputs = depset(unused),
        device_libraries = depset([lib.dir for lib in device_libraries]),
    )

def _device_libraries(sycl, tables):
    """The bfloat16 device library's images for each SPIR-V (JIT) target with SYCL C++ images.

    Whether an image imports the library is known only once it is compiled:
    the wrapper decides, from the images' property sets.
    """
    devicelibs = sycl.toolchain.sycl_devicelibs
    if not devicelibs:
        return []
    targets = {t.device_target.name: t.device_target for t in tables if not t.device_target.aot and not t.device_target.cuda}
    return [
        struct(dir = devicelibs.dir, table = devicelibs.table, device_target = dt)
        for dt in targets.values()
    ]

def _linked_device_libraries(sycl, tables):
    """The bfloat16 device library as the AOT step linked it into each target's images (aot_device_library)."""
    out = {}
    for t in tables:
        dt = t.device_target
        library = aot_device_library(sycl, dt)
        if library and dt.name not in out:
            out[dt.name] = struct(dir = library.dir, table = library.table, device_target = dt)
    return out.values()

def _unit_name(tu):
    # A directory name per TU, stable across builds: its workspace path; a
    # long one (an external repository's TU under its rule's _sycl/ tree)
    # keeps its last 96 characters and a hash of the whole, under the
    # file-name limit of 255 bytes that the per-TU outputs' names add to.
    name = "".join([ch if ch.isalnum() or ch in "._-" else "_" for ch in tu.short_path.elems()])
    if len(name) <= 128:
        return name
    return "%s_%s" % (name[-96:], str(hash(name)).replace("-", "n"))

def _link_per_tu(sycl, device_target, objects, libraries):
    """One link per TU (thinLTO-style); returns struct(name, linked, unused) per TU."""
    tus = []
    for o in objects.to_list():
        unit = _unit_name(o)
        summary = emit_link_summary(sycl, device_target = device_target, tu = o, unit = unit)
        tus.append(struct(object = o, summary = summary, unit = unit))
    program = emit_program_tus(sycl, device_target = device_target, tus = tus)
    units = []
    for tu in tus:
        link = emit_device_link_tu(sycl, device_target = device_target, tu = tu, program = program, libraries = libraries)
        units.append(struct(name = tu.unit, linked = link.linked, unused = link.unused))
    return units

def _image_tables(sycl, device_target, unit, linked, syclbin, sycl_cxx = False):
    """Split, translation and AOT of one linked module; its image tables, one per shard.

    With --@rules_sycl//sycl:image_shards=N (N > 1), the split's images are
    translated (and compiled ahead of time) by N actions over contiguous
    slices of its file table, one image table each: remote execution can
    run them on N machines; the wrapped object is the same.
    """
    dt = device_target

    # A SYCLBIN has no symbol table: kernel names travel in the property sets.
    # What SYCL C++ device code still imports after the link are the
    # bfloat16 device library's functions: listed, the wrapper adds the
    # library's images that define them, as for per-TU images.
    # libsycl-jit writes the kernel names set and the kernels' program
    # metadata (reqd_work_group_size) too: so does the split of SYCL C++
    # device code.
    extra = (["-emit-kernel-names"] if syclbin or sycl_cxx else []) + (["-emit-devicelib-imports"] if sycl_cxx else [])
    if sycl_cxx and "-emit-program-metadata" not in post_link_flags(dt):
        extra.append("-emit-program-metadata")
    split = emit_split(sycl, device_target = dt, linked = linked, unit = unit, extra_flags = extra)
    n = sycl.modes.image_shards if (dt.translator or dt.aot) else 1
    if n < 1:
        fail("--@rules_sycl//sycl:image_shards must be at least 1, not %d" % n)
    flags = _sycl_cxx_translate_flags(sycl) if sycl_cxx else []

    # The translator's duplicate declarations (a second OpTypeEvent, repeated
    # decorations), which spirv-val rejects, removed in the same action.
    then = [sycl.tools.spirvdedup.executable, "{out}"] if sycl_cxx else []
    entry = _entry(dt, split.dir, split.table, unit = unit, form = "bitcode", image_format = dt.image_format, split = split, translate_flags = flags, translate_then = then)
    return [_image_table(sycl, entry, syclbin, shard = (i, n) if n > 1 else None) for i in range(n)]

def _sycl_cxx_translate_flags(sycl):
    # The toolchain's sycl_cxx_llvm translator spells the extensions its own
    # way; without it, the device target's (LLVM 15's) translates.
    tools = sycl.toolchain.sycl_cxx_llvm
    extensions = tools.spirv_extensions if tools else SYCL_CXX_SPIRV_EXTENSIONS["15"]
    return (tools.translate_flags if tools else []) + ["--spirv-ext=+" + ",+".join(extensions)]
