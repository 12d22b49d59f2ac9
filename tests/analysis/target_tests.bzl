"""Analysis tests of multi-target builds: one link/split per device target,
translation and AOT per image x target, one wrapper group per target."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts", "unittest")

# A private helper: not public API.
# buildifier: disable=bzl-visibility
load("//rules/private:device_target.bzl", "image_stages")
load(":actions.bzl", "actions_by_mnemonic", "flag_value")

def _wrap_groups(argv):
    """(target, format, table) triples, in order, from the wrapper's argv."""
    groups = []
    target = None
    fmt = None
    for i, a in enumerate(argv):
        if a.startswith("-target="):
            target = a[len("-target="):]
        elif a.startswith("-format="):
            fmt = a[len("-format="):]
        elif a == "-batch":
            groups.append((target, fmt, argv[i + 1].split("/")[-3] if argv[i + 1].count("/") >= 3 else argv[i + 1]))
    return groups

def _spec_const_flags(by):
    return sorted([a for s in by["SyclSplit"] for a in s.argv if a.startswith("-spec-const=")])

# The DPC++ driver's sycl-post-link flags per triple (not spec constants).
_SPIR_POST_LINK = ["-device-globals", "-emit-only-kernels-as-entry-points", "-emit-param-info", "-emit-exported-symbols", "-split-esimd", "-lower-esimd"]
_NVPTX_POST_LINK = ["-device-globals", "-emit-param-info", "-emit-program-metadata", "-emit-exported-symbols"]
_POST_LINK_FLAGS = _SPIR_POST_LINK + ["-emit-program-metadata", "-emit-imported-symbols"]

def _post_link_flags(split):
    return [a for a in split.argv if a in _POST_LINK_FLAGS]

def _clang_two_targets_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m, n in {"SyclAot": 1, "SyclDeviceCompile": 2, "SyclDeviceLink": 2, "SyclFatbinary": 1, "SyclModuleId": 2, "SyclPtxas": 2, "SyclSplit": 2, "SyclTranslate": 1, "SyclWrap": 1}.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)
    triples = sorted([[a.argv[i + 1] for i in range(len(a.argv) - 1) if a.argv[i] == "-target"][0] for a in by["SyclDeviceCompile"]])
    asserts.equals(env, ["nvptx64-nvidia-cuda", "spir64"], triples, "one device compile per target")
    asserts.equals(env, 1, len(by.get("SyclDeviceLibraryLink", [])), "libclc is linked for nvptx64 only")
    asserts.equals(env, ["-spec-const=emulation", "-spec-const=native"], _spec_const_flags(by), "spec constants: native for JIT SPIR-V, emulation for PTX")
    post_link = sorted([_post_link_flags(s) for s in by["SyclSplit"]])
    asserts.equals(env, sorted([_NVPTX_POST_LINK, _SPIR_POST_LINK]), post_link, "sycl-post-link flags of the DPC++ driver per triple")
    libclc = by["SyclDeviceLibraryLink"][0]
    asserts.true(env, "nvptx64--nvidiacl.bc" in [f.basename for f in libclc.inputs.to_list()], "libclc linked for nvptx64")
    asserts.true(env, "--only-needed" in libclc.argv, "libclc only where referenced")
    for link in by["SyclDeviceLink"]:
        asserts.false(env, "--only-needed" in link.argv, "the program's TUs are linked whole")
    llc = by["SyclAot"][0]

    # llc per image, or (where sycl_configure found LLVM 19's library) the
    # same flags to tools/imagec/codegen.cc's servers; see aot_server_tests.bzl.
    served = "-serve=codegen" in llc.argv
    for a in ["-march=nvptx64", "-mcpu=sm_70"] + ([] if served else ["{in}", "{out}"]):
        asserts.true(env, a in llc.argv, "llc flags: " + a)
    asserts.equals(env, ".ptx", llc.argv[llc.argv.index("-out-ext") + 1])
    _check_cuda(env, by, llc, ["sm_80", "sm_90"])
    groups = [(t, f) for t, f, _ in _wrap_groups(by["SyclWrap"][0].argv)]
    asserts.equals(env, [("spir64", "spirv"), ("nvptx64", "native")], groups, "one wrapper group per target; fat binaries are native")
    return analysistest.end(env)

def _command(action):
    # foreach's argv: the per-image command follows "--".
    return action.argv[action.argv.index("--") + 1:]

def _out_dir(action):
    return action.argv[action.argv.index("-out-dir") + 1]

def _check_cuda(env, by, llc, archs):
    """ptxas once per architecture over the PTX tree, then one fatbinary action."""
    ptx_dir = _out_dir(llc)
    ptx_table = llc.argv[llc.argv.index("-out-table") + 1]
    ptxas = {}
    for a in by.get("SyclPtxas", []):
        cmd = _command(a)
        asserts.true(env, cmd[0].endswith("/bin/ptxas") and not cmd[0].startswith("/"), "ptxas by a relative path: " + cmd[0])
        arch = [x for x in cmd if x.startswith("-arch=")]
        asserts.equals(env, 1, len(arch), "one -arch per ptxas action")
        asserts.equals(env, ["{in}", "-o", "{out}"], cmd[2:], "ptxas per image")
        asserts.equals(env, ptx_table, a.argv[a.argv.index("-table") + 1], "ptxas reads the PTX table")
        asserts.equals(env, ".cubin", a.argv[a.argv.index("-out-ext") + 1])
        asserts.true(env, _out_dir(a).endswith("/cubin_" + arch[0][len("-arch="):]), "a cubin tree per architecture")
        ptxas[arch[0][len("-arch="):]] = _out_dir(a)
    asserts.equals(env, archs, sorted(ptxas.keys()), "one SyclPtxas action per --@rules_sycl//sycl:cuda_archs architecture")
    fat = by["SyclFatbinary"][0]
    cmd = _command(fat)
    asserts.true(env, cmd[0].endswith("/bin/fatbinary") and not cmd[0].startswith("/"), "fatbinary by a relative path")
    want = ["-64", "--create={out}"]
    for a in archs:
        want.append("--image3=kind=elf,sm=%s,file=%s/{stem}.cubin" % (a[len("sm_"):], ptxas[a]))
    want.append("--image3=kind=ptx,sm=70,file={in}")
    asserts.equals(env, want, cmd[1:], "fatbinary packs each architecture's cubin of the image and its PTX")
    asserts.equals(env, ptx_table, fat.argv[fat.argv.index("-table") + 1], "fatbinary runs per PTX image")
    asserts.equals(env, ".fatbin", fat.argv[fat.argv.index("-out-ext") + 1])
    inputs = [f.path for f in fat.inputs.to_list()]
    for d in [ptx_dir] + ptxas.values():
        asserts.true(env, d in inputs, "fatbinary reads " + d)
    wrap = by["SyclWrap"][0]
    asserts.true(env, fat.argv[fat.argv.index("-out-table") + 1] in wrap.argv, "the wrapper reads the fat binaries' table")

clang_two_targets_test = analysistest.make(
    _clang_two_targets_test_impl,
    config_settings = {
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _clang_cpu_aot_test(ctx, isa):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m, n in {"SyclAot": 1, "SyclDeviceCompile": 2, "SyclSplit": 2, "SyclTranslate": 2, "SyclWrap": 1}.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)
    asserts.equals(env, ["-spec-const=emulation", "-spec-const=native"], _spec_const_flags(by), "spec constants: native for JIT SPIR-V, emulation for AOT")
    aot = by["SyclAot"][0]
    command = _command(aot)
    asserts.true(env, command[0].endswith("/cpuaot"), "tools/cpuaot per image: " + command[0])
    runtime = [a for a in command if a.startswith("-runtime=")]
    asserts.equals(env, 1, len(runtime), "one -runtime=")
    lib = runtime[0][len("-runtime="):]
    asserts.true(env, lib.endswith("/lib/libintelocl.so") and not lib.startswith("/"), "the runtime's libintelocl.so by a relative path: " + lib)
    asserts.equals(env, ["{in}", "{out}", "-march=" + isa], command[-3:], "the image, the output, the instruction set")
    devicelib = flag_value(command, "-device-library")
    asserts.true(env, devicelib != None and devicelib.endswith("/bfloat16_fallback.spv"), "cpuaot links the bfloat16 library's fallback image where an image imports it, as DPC++: %s" % devicelib)
    wrap = by["SyclWrap"][0].argv
    asserts.equals(env, "-target=spir64_x86_64", wrap[wrap.index("-linked-device-libraries") - 1], "the wrap takes the library's functions off the x86-64 images' imports")
    inputs = [f.path for f in aot.inputs.to_list()]
    for f in [lib, "/lib/cl.cfg", "/lib/libcommon_clang.so.2026.22.10.0", "/lib/clbltfnl9.rtl", "/lib/libtbb.so.12"]:
        asserts.true(env, [p for p in inputs if p.endswith(f)] != [], "the CPU runtime's %s is an input of SyclAot" % f)
    asserts.false(env, [p for p in inputs if p.endswith(".icd") or p.endswith("libsycl.so.9")] != [], "no ICD file, no libsycl: only the CPU runtime")
    asserts.equals(env, ".bin", aot.argv[aot.argv.index("-out-ext") + 1])
    translated = [t for t in by["SyclTranslate"] if "/spir64_x86_64/" in t.argv[t.argv.index("-out-table") + 1]]
    asserts.equals(env, 1, len(translated), "spir64_x86_64 has its own SPIR-V translation")
    asserts.equals(env, translated[0].argv[translated[0].argv.index("-out-table") + 1], aot.argv[aot.argv.index("-table") + 1], "the AOT step reads that SPIR-V table")
    groups = [(t, f) for t, f, _ in _wrap_groups(by["SyclWrap"][0].argv)]
    asserts.equals(env, [("spir64", "spirv"), ("spir64_x86_64", "native")], groups, "SPIR-V images and native x86-64 images in one descriptor")
    return analysistest.end(env)

def _clang_cpu_aot_test_impl(ctx):
    return _clang_cpu_aot_test(ctx, "avx2")

clang_cpu_aot_test = analysistest.make(
    _clang_cpu_aot_test_impl,
    config_settings = {
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "spir64_x86_64"],
    },
)

def _clang_cpu_aot_isa_test_impl(ctx):
    return _clang_cpu_aot_test(ctx, "sse4.2")

clang_cpu_aot_isa_test = analysistest.make(
    _clang_cpu_aot_isa_test_impl,
    config_settings = {
        str(Label("//sycl:cpu_aot_isa")): "sse4.2",
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "spir64_x86_64"],
    },
)

def _dpcpp_aot_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m, n in {"SyclAot": 2, "SyclDeviceCompile": 3, "SyclDeviceLink": 3, "SyclSplit": 3, "SyclTranslate": 3}.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)
    asserts.equals(env, ["-spec-const=emulation", "-spec-const=emulation", "-spec-const=native"], _spec_const_flags(by), "spec constants: native for JIT SPIR-V, emulation for AOT")
    for s in by["SyclSplit"]:
        asserts.equals(env, _SPIR_POST_LINK, _post_link_flags(s), "sycl-post-link flags of the DPC++ driver for spir64*")
    fsycl = sorted([[x for x in a.argv if x.startswith("-fsycl-targets=")][0] for a in by["SyclDeviceCompile"]])
    asserts.equals(env, [
        "-fsycl-targets=spir64-unknown-unknown",
        "-fsycl-targets=spir64_gen-unknown-unknown",
        "-fsycl-targets=spir64_x86_64-unknown-unknown",
    ], fsycl, "one DPC++ device compile per target")
    aots = {a.argv[a.argv.index("--") + 1].split("/")[-1]: a.argv for a in by["SyclAot"]}
    ocloc = aots["ocloc"]
    for x in ["compile", "-spirv_input", "-output_no_suffix"]:
        asserts.true(env, x in ocloc, "ocloc " + x)
    asserts.equals(env, "pvc", ocloc[ocloc.index("-device") + 1], "ocloc -device")
    asserts.true(env, "--device=cpu" in aots["opencl-aot"], "opencl-aot for the CPU")
    asserts.true(env, "--march=avx2" in aots["opencl-aot"], "opencl-aot for --@rules_sycl//sycl:cpu_aot_isa (default avx2)")
    groups = [(t, f) for t, f, _ in _wrap_groups(by["SyclWrap"][0].argv)]
    asserts.equals(env, [("spir64", "spirv"), ("spir64_gen", "native"), ("spir64_x86_64", "native")], groups)
    host = [a for a in by["FileWrite"] if a.outputs.to_list()[0].basename.endswith(".host.cpp")]
    asserts.equals(env, 1, len(host), "one host TU however many device targets")
    return analysistest.end(env)

dpcpp_aot_test = analysistest.make(
    _dpcpp_aot_test_impl,
    config_settings = {
        str(Label("//sycl:targets")): ["spir64", "spir64_gen", "spir64_x86_64"],
        str(Label("//sycl:toolchain")): "dpcpp",
    },
)

def _unknown_target_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "requested by --@rules_sycl//sycl:targets, but the clang toolchain builds only: intel_gpu_acm_g10,")
    asserts.expect_failure(env, ", nvptx64, spir64, spir64_gen, spir64_x86_64")
    return analysistest.end(env)

unknown_target_test = analysistest.make(
    _unknown_target_test_impl,
    expect_failure = True,
    config_settings = {str(Label("//sycl:targets")): ["spir64_fpga"]},
)

def _flag_values(argv, flag):
    return [argv[i + 1] for i in range(len(argv) - 1) if argv[i] == flag]

def _per_tu_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m, n in {"SyclDeviceLinkSummary": 2, "SyclDeviceLink": 2, "SyclSplit": 2, "SyclTranslate": 2, "SyclWrap": 1}.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions (one per TU)" % m)
    summaries = {}
    for s in by["SyclDeviceLinkSummary"]:
        asserts.true(env, "-summarize" in s.argv, "devlink -summarize")
        asserts.true(env, [a for a in s.argv if a.startswith("-llvm-dis=") and not a.startswith("-llvm-dis=/")] != [], "llvm-dis by a relative path")
        bc = [f for f in s.inputs.to_list() if f.basename.endswith(".id.bc")]
        asserts.equals(env, 1, len(bc), "a summary reads one TU")
        summaries[bc[0].basename] = s.outputs.to_list()[0].path

    # One list of every TU (bitcode and summary) serves all per-TU links.
    lists = [w for w in by.get("FileWrite", []) if w.outputs.to_list()[0].basename.endswith(".tus")]
    asserts.equals(env, 1, len(lists), "one TU list for the program")
    program = lists[0].outputs.to_list()[0].path
    listed = lists[0].content.splitlines()
    listed_objects = [o.split("/")[-1] for o in _flag_values(listed, "-object")]
    asserts.equals(env, ["helpers.cl.id.bc", "kernels.cl.id.bc"], sorted(listed_objects), "the TU list names every TU")
    asserts.equals(env, [summaries[o] for o in listed_objects], _flag_values(listed, "-summary"), "each TU with its summary, at the same position")
    tus = []
    for link in by["SyclDeviceLink"]:
        asserts.true(env, link.argv[0].endswith("/devlink"), "per-TU link runs devlink")
        tu = _flag_values(link.argv, "-tu")[0].split("/")[-1]
        other = "helpers.cl.id.bc" if tu == "kernels.cl.id.bc" else "kernels.cl.id.bc"
        tus.append(tu)
        asserts.equals(env, [summaries[tu]], _flag_values(link.argv, "-tu-summary"), "the TU's own summary")
        asserts.true(env, "@" + program in link.argv, "the program's TU list, not every other TU, on the command line")
        asserts.equals(env, [], _flag_values(link.argv, "-object"), "no TU named on the command line")
        inputs = [f.path for f in link.inputs.to_list()]
        asserts.true(env, [p for p in inputs if p.endswith("/" + other)] != [], "every other TU is a declared input")
        for p in [summaries[tu], summaries[other], program]:
            asserts.true(env, p in inputs, "summary %s is an input" % p)

        # The unused_inputs_list: a second output, named on the command line.
        outs = sorted([f.basename for f in link.outputs.to_list()])
        asserts.equals(env, ["binary_uncompressed.device.ll", "binary_uncompressed.device.ll.unused"], outs, "linked module (textual IR) and unused-inputs list")
        asserts.true(env, "-S" in link.argv, "devlink -S: the split maps the text, no llvm-dis")
        unused = [f.path for f in link.outputs.to_list() if f.basename.endswith(".unused")][0]
        asserts.equals(env, [unused], _flag_values(link.argv, "-unused-inputs"), "devlink writes the unused-inputs list")
    asserts.equals(env, ["helpers.cl.id.bc", "kernels.cl.id.bc"], sorted(tus), "one link per TU")
    wrap = by["SyclWrap"][0].argv
    asserts.equals(env, 2, len([a for a in wrap if a == "-batch"]), "one wrapper group per TU")
    asserts.true(env, "-skip-images-without-entries" in wrap, "images of TUs without kernels are left out")
    return analysistest.end(env)

# Per-TU image mode is the default: no setting.
per_tu_test = analysistest.make(_per_tu_test_impl)

def _cuda_one_arch_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    _check_cuda(env, by, by["SyclAot"][0], ["sm_90"])
    return analysistest.end(env)

cuda_one_arch_test = analysistest.make(
    _cuda_one_arch_test_impl,
    config_settings = {
        str(Label("//sycl:cuda_archs")): ["sm_90"],
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _cuda_image_shards_test_impl(ctx):
    # --//sycl:image_shards=2 with two CUDA architectures: each nvptx64
    # slice of the split gets its own llc, ptxas per architecture and
    # fatbinary actions, and the wrapper one group per slice.
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    aot = [a for a in by["SyclAot"] if "-shard=0/2" in a.argv or "-shard=1/2" in a.argv]
    asserts.equals(env, 2, len(aot), "one SyclAot action per slice")
    aot_tables = sorted([a.argv[a.argv.index("-out-table") + 1] for a in aot])
    ptxas = sorted([(a.argv[a.argv.index("-table") + 1], [x for x in _command(a) if x.startswith("-arch=")][0]) for a in by.get("SyclPtxas", [])])
    want = sorted([(t, "-arch=" + arch) for t in aot_tables for arch in ["sm_80", "sm_90"]])
    asserts.equals(env, want, ptxas, "ptxas per slice and architecture, over that slice's PTX table")
    fat = by.get("SyclFatbinary", [])
    asserts.equals(env, aot_tables, sorted([a.argv[a.argv.index("-table") + 1] for a in fat]), "fatbinary per slice")
    outs = [a.argv[a.argv.index("-out-dir") + 1] for a in by.get("SyclPtxas", []) + fat]
    asserts.equals(env, len(outs), len({o: True for o in outs}), "every slice writes its own trees")
    wrap = by["SyclWrap"][0]
    for a in fat:
        asserts.true(env, a.argv[a.argv.index("-out-table") + 1] in wrap.argv, "the wrapper reads every slice's fat binaries")
    groups = [(t, f) for t, f, _ in _wrap_groups(wrap.argv)]
    asserts.equals(env, [("spir64", "spirv"), ("spir64", "spirv"), ("nvptx64", "native"), ("nvptx64", "native")], groups, "one wrapper group per target and slice")
    return analysistest.end(env)

cuda_image_shards_test = analysistest.make(
    _cuda_image_shards_test_impl,
    config_settings = {
        str(Label("//sycl:cuda_archs")): ["sm_80", "sm_90"],
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:image_shards")): 2,
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _cuda_ptx_only_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m in ["SyclPtxas", "SyclFatbinary"]:
        asserts.equals(env, 0, len(by.get(m, [])), "no %s without architectures" % m)
    groups = [(t, f) for t, f, _ in _wrap_groups(by["SyclWrap"][0].argv)]
    asserts.equals(env, [("spir64", "spirv"), ("nvptx64", "none")], groups, "PTX images keep the target's format")
    return analysistest.end(env)

cuda_ptx_only_test = analysistest.make(
    _cuda_ptx_only_test_impl,
    config_settings = {
        str(Label("//sycl:cuda_archs")): [],
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _cuda_bad_arch_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "--@rules_sycl//sycl:cuda_archs: 'compute_90' is not a CUDA architecture (want sm_<number>, e.g. sm_90)")
    return analysistest.end(env)

cuda_bad_arch_test = analysistest.make(
    _cuda_bad_arch_test_impl,
    expect_failure = True,
    config_settings = {
        str(Label("//sycl:cuda_archs")): ["compute_90"],
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _cuda_missing_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "the SYCL device target nvptx64 cannot build cubins for --@rules_sycl//sycl:cuda_archs=sm_80,sm_90; missing: ptxas, fatbinary (or set --@rules_sycl//sycl:cuda_archs= for PTX-only images)")
    return analysistest.end(env)

# A toolchain whose nvptx64 target has no CUDA tools (tests/analysis:no_cuda_toolchain).
cuda_missing_test = analysistest.make(
    _cuda_missing_test_impl,
    expect_failure = True,
    config_settings = {
        "//command_line_option:extra_toolchains": [str(Label("//tests/analysis:no_cuda_toolchain"))],
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _chain(**kwargs):
    return [(s.name, s.takes, s.gives) for s in image_stages(**kwargs)]

def _image_stages_test_impl(ctx):
    env = unittest.begin(ctx)

    # The split's bitcode images, per kind of device target; a front end's
    # SPIR-V enters after translate, its PTX after aot.
    asserts.equals(env, [("translate", "bitcode", "spirv")], _chain(translator = True, aot = False, cuda = False))
    asserts.equals(env, [("translate", "bitcode", "spirv"), ("aot", "spirv", "native")], _chain(translator = True, aot = True, cuda = False))
    asserts.equals(env, [("aot", "bitcode", "native")], _chain(translator = False, aot = True, cuda = False))
    asserts.equals(env, [("aot", "bitcode", "ptx"), ("fatbinary", "ptx", "native")], _chain(translator = False, aot = True, cuda = True))
    asserts.equals(env, [], _chain(translator = False, aot = False, cuda = False))

    # A CUDA target without `aot`: only a front end's PTX reaches fatbinary.
    asserts.equals(env, [("fatbinary", "ptx", "native")], _chain(translator = False, aot = False, cuda = True))
    return unittest.end(env)

image_stages_test = unittest.make(_image_stages_test_impl)
