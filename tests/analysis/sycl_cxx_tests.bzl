"""Analysis tests of SYCL C++ with the clang toolchain: tools/syclc per TU, the host compile, the wrap."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("@rules_cc//cc:defs.bzl", "CcInfo")
load("//rules:defs.bzl", "SyclInfo")
load(":actions.bzl", "actions_by_mnemonic", "assert_no_absolute_paths", "flag_value", "make_per_tu")

# The pinned library (rules/private/sycl_jit.bzl) and its neighbours.
_JIT_LIBRARY = "libsycl-jit.so.23.1"
_JIT_SHA256 = "ba6e03d3322f8ede884ea6a1c2787d85ac7f40d26e6701bdad0009c2c5ad39f0"
_JIT_DEPENDENCIES = ["libimf.so", "libsvml.so", "libirng.so", "libintlc.so.5"]

# Where repositories lie in the execroot: external/NAME in WORKSPACE mode, the
# canonical name under bzlmod (never spelled: it differs between Bazel 7 and 8).
_ONEAPI = Label("@oneapi_runtime//:BUILD.bazel").workspace_root
_SYCL = Label("@local_config_sycl//:BUILD.bazel").workspace_root
_LLVM_SPIRV = Label("@rules_sycl_llvm_spirv//:BUILD.bazel").workspace_root
_JIT = _ONEAPI + "/jit/lib/" + _JIT_LIBRARY

# The bfloat16 device library's images it compiles (sycl_jit.bzl).
_BF16_NATIVE_SHA256 = "f764a4e75941b61fd1431f86d278676de15f3ac0fda36a01d9996615da6a9eb5"
_BF16_FALLBACK_SHA256 = "d7a8fb99ebfc8abaf95ab356b08e60deb504d064f5c48e3d20d461d32330c935"

def _syclc_flags(action):
    # The compiler's flags: after "--", the source last.
    return action.argv[action.argv.index("--") + 1:]

def _sources(actions):
    return sorted([a.argv[-1].split("/")[-1] for a in actions])

# --- a binary of two SYCL C++ TUs and a SYCL C++ library ------------------

def _binary_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m, n in {
        "CppCompile": 0,
        "CppLink": 1,
        "SyclDeviceCompile": 2,
        "SyclHostCompile": 2,
        "SyclKernelInfo": 1,
        "SyclWrap": 1,
        # Device code of SYCL C++ only: its images are final.
        "SyclDeviceLibraryLink": 0,
        "SyclDeviceLink": 0,
        "SyclDeviceLinkSummary": 0,
        "SyclModuleId": 0,
        "SyclSplit": 0,
        "SyclTranslate": 0,
    }.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)

    compiles = by["SyclDeviceCompile"]
    asserts.equals(env, ["util.cpp", "vadd.cpp"], _sources(compiles), "one device compile per TU")
    for dc in compiles:
        src = dc.argv[-1].split("/")[-1]
        asserts.true(env, dc.argv[0].endswith("/syclc"), "tools/syclc compiles SYCL C++: " + dc.argv[0])
        asserts.equals(env, _JIT, flag_value(dc.argv, "-jit"), "syclc loads @oneapi_runtime's libsycl-jit")
        asserts.equals(env, ctx.attr.split, flag_value(dc.argv, "-split"), "the split mode, per TU")
        out_dir = flag_value(dc.argv, "-out-dir")
        asserts.equals(env, src + ".images", out_dir.split("/")[-1], "one image tree per TU")
        asserts.equals(env, out_dir + "/sycl_cxx_binary.table", flag_value(dc.argv, "-table"), "the file table inside the tree")
        flags = _syclc_flags(dc)
        asserts.equals(env, "tests/analysis/" + src, flags[-1], "the source, by its path")
        for f in ["-std=c++17", "-O2", "-DCXX_DEFINE=1", "-DLIB_DEFINE=1", "-Itests/analysis"]:
            asserts.true(env, f in flags, "device flag " + f)
        asserts.false(env, "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING" in flags, "libsycl-jit has the SYCL headers built in: not the runtime's")
        asserts.false(env, [f for f in flags if "oneapi_runtime" in f], "nor its include directory")
        inputs = [f.basename for f in dc.inputs.to_list()]
        for f in [src, "ext.h", "sycl_toolchain.sycl_jit_check", _JIT_LIBRARY] + _JIT_DEPENDENCIES:
            asserts.true(env, f in inputs, "device compile input " + f)
        outs = sorted([f.basename for f in dc.outputs.to_list()])
        asserts.equals(env, sorted([src + ".images", src + ".int_header.h", src + ".int_footer.h"]), outs)

    hosts = by["SyclHostCompile"]
    for hc in hosts:
        src = hc.argv[hc.argv.index("-c") + 1].split("/")[-1][:-len(".host.cpp")]
        asserts.equals(env, _SYCL + "/bin/host_compiler", hc.argv[0], "the host clang, by a relative path")
        for f in ["-std=c++17", "-fPIC", "-D__SYCL_UNNAMED_LAMBDA__", "-DCXX_DEFINE=1", "-DLIB_DEFINE=1", "-O0"]:
            asserts.true(env, f in hc.argv, "host flag " + f)
        asserts.equals(env, "-Xclang", hc.argv[hc.argv.index("-fsycl-is-host") - 1], "-fsycl-is-host through -Xclang")
        isystem = [hc.argv[i + 1] for i, a in enumerate(hc.argv) if a == "-isystem"]
        asserts.true(env, _ONEAPI + "/include" in isystem, "the runtime's headers are system headers (quiet)")
        asserts.true(env, "." in [hc.argv[i + 1] for i, a in enumerate(hc.argv) if a == "-iquote"], "workspace-relative #include \"...\"")
        inputs = [f.basename for f in hc.inputs.to_list()]
        for f in [src, src + ".host.cpp", src + ".int_header.h", src + ".int_footer.h", "sycl.hpp", "ext.h"]:
            asserts.true(env, f in inputs, "host compile input " + f)
        asserts.equals(env, [src + ".o"], [f.basename for f in hc.outputs.to_list()])
        header = [a for a in by["SyclDeviceCompile"] if a.argv[-1].endswith("/" + src)][0].outputs.to_list()
        asserts.true(env, [f for f in hc.inputs.to_list() if f in header], "the host compile reads its TU's integration files")
        asserts.true(env, src + ".kernel_info.h" in inputs, "and the descriptions of the kernels of the TUs it is linked with")

    # One SyclKernelInfo for the rule: each TU's header paired with its
    # output, the dependency's header linked; the host TU includes the
    # output right after its own header.
    ki = by["SyclKernelInfo"][0]
    asserts.true(env, ki.argv[0].endswith("/kernelinfo"), "tools/kernelinfo: " + ki.argv[0])
    pairs = [(a.split("/")[-1], ki.argv[i + 1].split("/")[-1]) for i, a in enumerate(ki.argv) if a.startswith("-header=")]
    asserts.equals(env, [("util.cpp.int_header.h", "util.cpp.kernel_info.h"), ("vadd.cpp.int_header.h", "vadd.cpp.kernel_info.h")], pairs, "-header=H -o=OUT per TU, in srcs order")
    asserts.equals(env, ["ext.cpp.int_header.h"], [a.split("/")[-1] for a in ki.argv if a.startswith("-linked=")], "the dependency's TU")
    asserts.equals(env, ["ext.cpp.int_header.h", "util.cpp.int_header.h", "vadd.cpp.int_header.h"], sorted([f.basename for f in ki.inputs.to_list() if f.basename.endswith(".int_header.h")]))
    asserts.equals(env, ["util.cpp.kernel_info.h", "vadd.cpp.kernel_info.h"], sorted([f.basename for f in ki.outputs.to_list()]))
    for w in by["FileWrite"]:
        if w.outputs.to_list()[0].basename.endswith(".host.cpp"):
            src = w.outputs.to_list()[0].basename[:-len(".host.cpp")]
            included = [line.split("/")[-1].rstrip('"') for line in w.content.splitlines()]
            asserts.equals(env, [src + ".int_header.h", src + ".kernel_info.h", src, src + ".int_footer.h"], included, "the host TU's includes, in order")

    wrap = by["SyclWrap"][0]
    tables = [wrap.argv[i + 1].split("/")[-2] for i, a in enumerate(wrap.argv) if a == "-batch"]
    asserts.equals(env, ["util.cpp.images", "vadd.cpp.images", "ext.cpp.images"], tables, "every TU's image table, the dependency's too")
    asserts.equals(env, ["-format=spirv"], sorted({a: True for a in wrap.argv if a.startswith("-format=")}.keys()))
    asserts.equals(env, ["-target=spir64"], sorted({a: True for a in wrap.argv if a.startswith("-target=")}.keys()))
    asserts.true(env, "-skip-images-without-entries" in wrap.argv, "images of TUs without kernels are left out")
    devicelibs = flag_value(wrap.argv, "-device-libraries")
    asserts.equals(env, "sycl_toolchain.devicelibs/bfloat16.table", "/".join(devicelibs.split("/")[-2:]), "the toolchain's bfloat16 images are offered to the wrap")
    asserts.equals(env, "-target=spir64", wrap.argv[wrap.argv.index("-device-libraries") - 2], "for spir64")
    asserts.true(env, "sycl_toolchain.devicelibs" in [f.basename for f in wrap.inputs.to_list()], "wrap input: the bfloat16 image tree")
    link = [f.basename for f in by["CppLink"][0].inputs.to_list()]
    for f in ["util.cpp.o", "vadd.cpp.o", "sycl_cxx_binary.images.o"]:
        asserts.true(env, f in link, "host link input " + f)

    groups = analysistest.target_under_test(env)[OutputGroupInfo]
    asserts.equals(env, ["ext.cpp.images", "util.cpp.images", "vadd.cpp.images"], sorted([f.basename for f in groups.device_images.to_list()]), "device_images: the SYCL C++ image trees")
    asserts.equals(env, [], groups.device_link.to_list(), "no device link")
    asserts.equals(env, ["sycl_toolchain.devicelibs"], [f.basename for f in groups.device_libraries.to_list()], "device_libraries: the bfloat16 images offered")
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

_SPLIT_ATTRS = {"split": attr.string(mandatory = True)}

sycl_cxx_binary_test = make_per_tu(_binary_test_impl, attrs = _SPLIT_ATTRS)

# device_link_mode does not apply to SYCL C++ TUs: no link either way.
sycl_cxx_binary_whole_test = make_per_tu(
    _binary_test_impl,
    attrs = _SPLIT_ATTRS,
    config_settings = {str(Label("//sycl:device_link_mode")): "whole"},
)

# The split mode reaches each TU's compile (syclc -split).
def _split_test_impl(ctx):
    env = analysistest.begin(ctx)
    for dc in actions_by_mnemonic(env)["SyclDeviceCompile"]:
        asserts.equals(env, ctx.attr.split, flag_value(dc.argv, "-split"))
    return analysistest.end(env)

sycl_cxx_split_per_kernel_test = make_per_tu(_split_test_impl, attrs = _SPLIT_ATTRS, config_settings = {str(Label("//sycl:split_mode")): "per_kernel"})
sycl_cxx_split_per_source_test = make_per_tu(_split_test_impl, attrs = _SPLIT_ATTRS, config_settings = {str(Label("//sycl:split_mode")): "per_source"})
sycl_cxx_split_off_test = make_per_tu(_split_test_impl, attrs = _SPLIT_ATTRS, config_settings = {str(Label("//sycl:split_mode")): "off"})

# The rule's split_mode attribute wins over the build setting.
sycl_cxx_split_attr_test = make_per_tu(_split_test_impl, attrs = _SPLIT_ATTRS, config_settings = {str(Label("//sycl:split_mode")): "per_kernel"})

# --- --compilation_mode=opt: -O2 and NDEBUG on both sides -----------------

def _opt_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for a in by["SyclDeviceCompile"]:
        for f in ["-O2", "-DNDEBUG"]:
            asserts.true(env, f in _syclc_flags(a), "device: " + f)
    for a in by["SyclHostCompile"]:
        for f in ["-O2", "-DNDEBUG"]:
            asserts.true(env, f in a.argv, "host: " + f)
        asserts.false(env, "-O0" in a.argv, "host: no -O0")
    return analysistest.end(env)

sycl_cxx_opt_test = make_per_tu(_opt_test_impl, config_settings = {"//command_line_option:compilation_mode": "opt"})

# --- the C++ toolchain's flags reach the host compile ---------------------

def _host_flags_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    asserts.equals(env, 2, len(by.get("SyclHostCompile", [])))
    for a in by["SyclHostCompile"]:
        argv = a.argv
        for f in ctx.attr.present:
            asserts.true(env, f in argv, "host flag " + f)
        for f in ctx.attr.absent:
            asserts.false(env, f in argv, "no host flag " + f)

        # The user's flags come after the SYCL ones (-std=c++17 is
        # overridable), the rule's copts last.
        for f in ctx.attr.after_sycl:
            asserts.true(env, argv.index(f) > argv.index("-fsycl-is-host"), f + " after the SYCL flags")
    for a in by.get("SyclDeviceCompile", []):
        for f in ctx.attr.absent_device:
            asserts.false(env, f in _syclc_flags(a), "no device flag " + f)
    return analysistest.end(env)

_HOST_FLAGS_ATTRS = {
    "absent": attr.string_list(),
    "absent_device": attr.string_list(),
    "after_sycl": attr.string_list(),
    "present": attr.string_list(),
}

# --copt and --cxxopt reach SyclHostCompile, after its own flags, as they
# reach a cc_library's CppCompile (they are host flags: not the device's).
sycl_cxx_host_copt_test = make_per_tu(
    _host_flags_test_impl,
    attrs = _HOST_FLAGS_ATTRS,
    config_settings = {
        "//command_line_option:copt": ["-DFOO"],
        "//command_line_option:cxxopt": ["-DBAR=2"],
    },
)

# -c dbg: the C++ toolchain's dbg feature (-g) and the host compile's -O0 -g.
sycl_cxx_host_dbg_test = make_per_tu(
    _host_flags_test_impl,
    attrs = _HOST_FLAGS_ATTRS,
    config_settings = {"//command_line_option:compilation_mode": "dbg"},
)

# --features reach it too (the toolchain's own flags minus
# unfiltered_compile_flags: here -fstack-protector of default_compile_flags,
# gone when that feature is turned off).
sycl_cxx_host_features_test = make_per_tu(
    _host_flags_test_impl,
    attrs = _HOST_FLAGS_ATTRS,
    config_settings = {"//command_line_option:features": ["-default_compile_flags"]},
)

# --- sycl_library: SyclInfo carries the image tables ----------------------

def _library_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    asserts.equals(env, 1, len(by.get("SyclDeviceCompile", [])))
    asserts.equals(env, 1, len(by.get("SyclHostCompile", [])))
    asserts.equals(env, 0, len(by.get("SyclKernelInfo", [])), "one TU, no SYCL C++ dependency: no other kernels to describe")
    asserts.equals(env, 0, len(by.get("CppCompile", [])), "no C source")
    archive = [f.basename for a in analysistest.target_actions(env) if [o for o in a.outputs.to_list() if o.basename == "libsycl_cxx_lib.a"] for f in a.inputs.to_list()]
    asserts.true(env, "ext.cpp.o" in archive, "the library's archive holds the host object")
    target = analysistest.target_under_test(env)
    tables = target[SyclInfo].image_tables_by_target["spir64"].to_list()
    asserts.equals(env, ["ext.cpp.images"], [t.dir.basename for t in tables])
    asserts.equals(env, tables[0].dir.path + "/sycl_cxx_lib.table", tables[0].table)
    asserts.equals(env, [], target[SyclInfo].device_objects.to_list(), "no bitcode to link")
    asserts.equals(env, ["ext.cpp.int_header.h"], [f.basename for f in target[SyclInfo].int_headers.to_list()], "its integration header, for dependents' host compiles")
    asserts.true(env, "ext.h" in [f.basename for f in target[CcInfo].compilation_context.headers.to_list()], "public headers reach dependents")
    asserts.true(env, "LIB_DEFINE=1" in target[CcInfo].compilation_context.defines.to_list(), "and defines")
    asserts.true(env, "ext.cpp.images" in [f.basename for f in target[OutputGroupInfo].device_images.to_list()], "output group device_images")
    return analysistest.end(env)

sycl_cxx_library_test = make_per_tu(_library_test_impl)

# --- OpenCL C and SYCL C++ in one binary, two device targets --------------

def _mixed_two_targets_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    syclc = [a for a in by["SyclDeviceCompile"] if "-jit=" + _JIT in a.argv]
    opencl = [a for a in by["SyclDeviceCompile"] if "-emit-llvm" in a.argv]
    asserts.equals(env, 2, len(syclc), "SYCL C++: one compile per device target")
    asserts.equals(env, [False, True], ["-format=ptx" in a.argv for a in syclc], "SPIR-V, then PTX")
    asserts.equals(env, 2, len(opencl), "OpenCL C: one compile per device target")
    asserts.equals(env, 2, len(by.get("SyclDeviceLink", [])), "OpenCL C links per device target")
    groups = []
    target = None
    for i, a in enumerate(by["SyclWrap"][0].argv):
        if a.startswith("-target="):
            target = a[len("-target="):]
        elif a == "-batch":
            groups.append((target, by["SyclWrap"][0].argv[i + 1].split("/")[-2]))
    asserts.equals(env, [("spir64", "spirv"), ("nvptx64", "fatbin"), ("spir64", "main.cc.images"), ("nvptx64", "fatbin")], groups, "OpenCL C images per target, then the SYCL C++ images per target")
    return analysistest.end(env)

sycl_cxx_mixed_two_targets_test = make_per_tu(
    _mixed_two_targets_test_impl,
    config_settings = {
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)

def _of_sycl_cxx(actions):
    # The actions over main.cc's images (the OpenCL C TU has its own).
    return [a for a in actions if "main.cc.images" in " ".join(a.argv)]

def _nvptx64_only_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    syclc = [a for a in by["SyclDeviceCompile"] if "-jit=" + _JIT in a.argv]
    asserts.equals(env, 1, len(syclc), "SYCL C++: one PTX compile")
    compile = syclc[0]
    asserts.true(env, "-format=ptx" in compile.argv, "syclc -format=ptx")
    libdevice = flag_value(compile.argv, "-libdevice")
    asserts.true(env, libdevice.endswith("/nvvm/libdevice/libdevice.10.bc"), "libdevice: " + libdevice)
    asserts.true(env, libdevice in [f.path for f in compile.inputs.to_list()], "libdevice is an input")
    asserts.false(env, [a for a in compile.argv if a.startswith("-translator=")], "no spec-constant lowering for PTX")

    # The images: ptxas per default architecture, one fatbinary with the
    # library's sm_75 PTX, wrapped as native nvptx64 images (the OpenCL C
    # TU's, from llc, have their own).
    ptxas = sorted([[f for f in a.argv if f.startswith("-arch=")][0] for a in _of_sycl_cxx(by["SyclPtxas"])])
    asserts.equals(env, ["-arch=sm_80", "-arch=sm_90"], ptxas)
    fatbinary = _of_sycl_cxx(by["SyclFatbinary"])
    asserts.equals(env, 1, len(fatbinary))
    asserts.true(env, "--image3=kind=ptx,sm=75,file={in}" in fatbinary[0].argv, "the PTX entry is sm_75")
    wrap = by["SyclWrap"][0].argv
    i = wrap.index("-target=nvptx64")
    asserts.equals(env, "-format=native", wrap[i + 1])

    # The host TU includes the PTX compile's integration header.
    host = by["SyclHostCompile"][0]
    header = [o.path for o in compile.outputs.to_list() if o.basename.endswith(".int_header.h")]
    asserts.true(env, header[0] in [f.path for f in host.inputs.to_list()], "host compile reads " + header[0])
    assert_no_absolute_paths(env, syclc + by["SyclPtxas"] + fatbinary)
    return analysistest.end(env)

sycl_cxx_nvptx64_only_test = make_per_tu(
    _nvptx64_only_test_impl,
    config_settings = {
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["nvptx64"],
    },
)

def _nvptx64_device_link_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    syclc = [a for a in by["SyclDeviceCompile"] if "-jit=" + _JIT in a.argv]
    asserts.equals(env, 2, len(syclc), "one PTX compile per TU of the binary (util.cpp, vadd.cpp)")
    bitcode = sorted([flag_value(a.argv, "-ir") for a in syclc])
    for b in bitcode:
        asserts.true(env, b.endswith(".device.bc"), "-ir: " + b)

    # The LLVM 22 tools that lower specialization constants in the
    # front-end bitcode are inputs of the compile that names them (a
    # sandbox has nothing else).
    for a in syclc:
        inputs = [f.path for f in a.inputs.to_list()]
        for flag in ["-llvm-as", "-llvm-dis"]:
            tool = flag_value(a.argv, flag)
            asserts.true(env, tool != None and tool in inputs, "%s=%s is an input of the PTX compile" % (flag, tool))
    links = by.get("SyclPtxDeviceLink", [])
    asserts.equals(env, 1, len(links), "one device link of the program's SYCL C++ TUs")
    link = links[0]
    asserts.true(env, "-device-link" in link.argv, "syclc -device-link")
    asserts.true(env, flag_value(link.argv, "-llvm-link").endswith("/bin/jit_ir_linker"), "llvm-link-22: " + flag_value(link.argv, "-llvm-link"))
    inputs = [f.path for f in link.inputs.to_list()]
    linked = sorted([p for p in link.argv if p.endswith(".device.bc")])
    lib = [p for p in linked if p.endswith("/sycl_cxx_lib/nvptx64/tests/analysis/ext.cpp.device.bc")]
    asserts.equals(env, 1, len(lib), "the library's TU (ext.cpp) is linked too: %s" % linked)
    asserts.equals(env, sorted(bitcode + lib), linked, "every TU's bitcode, the library's too")
    for b in linked:
        asserts.true(env, b in inputs, b + " is an input")

    # ptxas and fatbinary run over the linked tree only: the TUs' own PTX
    # (with externs) is not wrapped.
    tree = [o.path for o in link.outputs.to_list()]
    asserts.equals(env, 1, len(tree))
    asserts.true(env, tree[0].endswith("/device_link.ptx"), tree[0])
    ptxas = by["SyclPtxas"]
    asserts.equals(env, 2, len(ptxas), "ptxas per default architecture over the linked tree")
    for a in ptxas + by["SyclFatbinary"]:
        asserts.true(env, tree[0] in [f.path for f in a.inputs.to_list()], a.mnemonic + " reads the linked tree")
        asserts.false(env, [p for p in a.argv if ".images" in p], a.mnemonic + " reads no TU's own images")
    assert_no_absolute_paths(env, syclc + links)
    return analysistest.end(env)

sycl_cxx_nvptx64_device_link_test = make_per_tu(
    _nvptx64_device_link_test_impl,
    config_settings = {
        str(Label("//sycl:targets")): ["nvptx64"],
    },
)

# --- a toolchain that cannot compile SYCL C++ -----------------------------

def _missing_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "are single-source SYCL, but the SYCL toolchain cannot compile SYCL C++; missing: a host clang: clang++-19 or clang++-15 (set SYCL_HOST_CLANG or apt-get install clang-19); sycl_compiler (tools/syclc)")
    return analysistest.end(env)

sycl_cxx_missing_test = make_per_tu(
    _missing_test_impl,
    expect_failure = True,
    config_settings = {"//command_line_option:extra_toolchains": [str(Label("//tests/analysis:no_sycl_cxx_toolchain"))]},
)

# --- the toolchain: one SyclJitCheck, whose stamp every compile reads -----

def _jit_check_test_impl(ctx):
    env = analysistest.begin(ctx)
    checks = actions_by_mnemonic(env).get("SyclJitCheck", [])
    asserts.equals(env, 1, len(checks), "one SyclJitCheck per toolchain")
    check = checks[0]
    asserts.true(env, check.argv[0].endswith("/syclc"), "syclc -check")
    asserts.true(env, "-check" in check.argv)
    asserts.equals(env, _JIT, flag_value(check.argv, "-jit"))
    asserts.equals(env, _JIT_SHA256, flag_value(check.argv, "-sha256"), "the pinned sha256")
    asserts.equals(env, "intel-sycl-rt==2026.2.0", flag_value(check.argv, "-wheel"), "the wheel it names when the library differs")
    inputs = [f.basename for f in check.inputs.to_list()]
    for f in [_JIT_LIBRARY] + _JIT_DEPENDENCIES:
        asserts.true(env, f in inputs, "check input " + f)
    asserts.equals(env, ["sycl_toolchain.sycl_jit_check"], [f.basename for f in check.outputs.to_list()])
    assert_no_absolute_paths(env, checks)
    return analysistest.end(env)

sycl_jit_check_test = make_per_tu(_jit_check_test_impl)

# --- the toolchain: one SyclDeviceLibs, the bfloat16 images pinned ---------

def _devicelibs_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    libs = by.get("SyclDeviceLibs", [])
    asserts.equals(env, 1, len(libs), "one SyclDeviceLibs per toolchain")
    a = libs[0]
    asserts.true(env, a.argv[0].endswith("/syclc"), "syclc -devicelibs")
    asserts.true(env, "-devicelibs" in a.argv)
    asserts.equals(env, _JIT, flag_value(a.argv, "-jit"))
    asserts.equals(env, _BF16_NATIVE_SHA256, flag_value(a.argv, "-native-sha256"), "the native image's pinned sha256")
    asserts.equals(env, _BF16_FALLBACK_SHA256, flag_value(a.argv, "-fallback-sha256"), "the fallback image's pinned sha256")
    asserts.equals(env, ["sycl_toolchain.devicelibs"], [f.basename for f in a.outputs.to_list()])
    inputs = [f.basename for f in a.inputs.to_list()]
    asserts.true(env, "sycl_toolchain.sycl_jit_check" in inputs, "after SyclJitCheck")
    assert_no_absolute_paths(env, libs)
    return analysistest.end(env)

sycl_devicelibs_test = make_per_tu(_devicelibs_test_impl)

# --- sycl_bundle: SYCL C++ images go into the SYCLBIN as they are ----------

def _bundle_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    for m in ["SyclDeviceLink", "SyclSplit", "SyclTranslate"]:
        asserts.equals(env, 0, len(by.get(m, [])), "no %s for SYCL C++ only" % m)
    bundle = by["SyclBundle"][0]
    tables = [a[len("-table="):].split("/")[-2] for a in bundle.argv if a.startswith("-table=")]
    asserts.equals(env, ["vadd.cpp.images", "ext.cpp.images"], tables, "every SYCL C++ image table, the dependency's too")
    asserts.true(env, "-target=spir64" in bundle.argv)
    return analysistest.end(env)

sycl_cxx_bundle_test = make_per_tu(_bundle_test_impl)

# --- the device-link path (rdc, the default) ------------------------------

def _rdc_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # Two TUs of the binary and one of its library: each through reverse
    # translation, annotation and module id into the device link (per TU,
    # with function import) and the split; one wrap.
    for m, n in {
        "SyclDeviceCompile": 2,
        "SyclReverseTranslate": 2,
        "SyclAnnotate": 2,
        "SyclModuleId": 2,
        "SyclDeviceLinkSummary": 3,
        "SyclDeviceLink": 3,
        "SyclSplit": 3,
        "SyclTranslate": 3,
        "SyclWrap": 1,
    }.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)
    for dc in by["SyclDeviceCompile"]:
        src = dc.argv[-1].split("/")[-1]
        asserts.equals(env, "per_source", flag_value(dc.argv, "-split"), "the library's sets come from a per_source split")
        asserts.true(env, flag_value(dc.argv, "-module").endswith(src + ".module.spv"), "the TU's one SPIR-V module")

    for sp in by["SyclSplit"]:
        asserts.true(env, "-emit-devicelib-imports" in sp.argv, "device-library imports listed for the wrapper")
    if _sycl_cxx_llvm(ctx):
        _assert_llvm_22_round_trip(env, by)
    else:
        _assert_own_tools_round_trip(env, by)
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

# The toolchain the tests analyse with: its sycl_cxx_llvm decides which tools
# the device link runs (Debian 12's LLVM 22 here; Bazel 7's sid chroot, LLVM
# 19, has none).
_TOOLCHAIN_ATTRS = {"_toolchain": attr.label(default = "@local_config_sycl//:sycl_toolchain")}

def _sycl_cxx_llvm(ctx):
    return ctx.attr._toolchain[platform_common.ToolchainInfo].sycl.sycl_cxx_llvm

def _assert_llvm_22_round_trip(env, by):
    # From the reverse translation to the forward one, the toolchain's
    # sycl_cxx_llvm tools: LLVM 22 and SPIRV-LLVM-Translator 22.
    for rt in by["SyclReverseTranslate"]:
        asserts.true(env, "--spirv-target-env=SPV-IR" in rt.argv, "SPV-IR: __spirv_* built-ins")
        asserts.equals(env, _LLVM_SPIRV + "/bin/llvm-spirv", rt.argv[0], "SPIRV-LLVM-Translator 22 reads the module back")
    for m in ["SyclAnnotate", "SyclModuleId", "SyclSplit"]:
        for a in by[m]:
            asserts.equals(env, _LLVM_SPIRV + "/bin/llvm-as", flag_value(a.argv, "-llvm-as"), m + ": LLVM 22's llvm-as (sid's, hermetic)")
            asserts.equals(env, _LLVM_SPIRV + "/bin/llvm-dis", flag_value(a.argv, "-llvm-dis"), m + ": LLVM 22's llvm-dis (sid's, hermetic)")
            asserts.false(env, [f for f in a.argv if f.startswith("-imagec")], m + ": no imagec (LLVM 15's)")
    for dl in by["SyclDeviceLink"]:
        asserts.equals(env, _LLVM_SPIRV + "/bin/llvm-link", flag_value(dl.argv, "-linker"), "LLVM 22's llvm-link (sid's, hermetic)")
    for tr in by["SyclTranslate"]:
        asserts.true(env, [a for a in tr.argv if a.startswith("--spirv-ext=+SPV_EXT_shader_atomic_float_add")], "the SPIR-V extensions of SYCL C++")
        asserts.true(env, [a for a in tr.argv if a.startswith("--spirv-ext=") and "+SPV_INTEL_long_composites" in a], "SPIRV-LLVM-Translator 22's name of long composites")
        asserts.true(env, _LLVM_SPIRV + "/bin/llvm-spirv" in tr.argv, "SPIRV-LLVM-Translator 22 translates the images")
        asserts.true(env, "--spirv-max-version=1.4" in tr.argv, "SPIR-V 1.4, as libsycl-jit's")
    _assert_spirvdedup(env, by)

def _assert_spirvdedup(env, by):
    # Every image of the translation goes through tools/spirvdedup in place,
    # in the same action, with the tool among its inputs.
    asserts.true(env, by["SyclTranslate"], "a SyclTranslate action")
    for tr in by["SyclTranslate"]:
        then = tr.argv.index("--then") if "--then" in tr.argv else -1
        asserts.true(env, then > 0, "a command after the translator")
        dedup = tr.argv[then + 1:]
        asserts.true(env, dedup and dedup[0].endswith("tools/spirvdedup/spirvdedup_/spirvdedup"), "tools/spirvdedup after the translator, not " + repr(dedup[:1]))
        asserts.equals(env, ["{out}"], dedup[1:], "in place")
        asserts.true(env, [f for f in tr.inputs.to_list() if f.path == dedup[0]], "spirvdedup is an input")

def _assert_own_tools_round_trip(env, by):
    # Without sycl_cxx_llvm, the spir64 target's own tools (and translator
    # spelling of the extensions); spirvdedup all the same.
    for rt in by["SyclReverseTranslate"]:
        asserts.false(env, rt.argv[0].startswith(_LLVM_SPIRV + "/"), "the target's own translator reads the module back")
    for tr in by["SyclTranslate"]:
        asserts.false(env, [a for a in tr.argv if a.startswith(_LLVM_SPIRV + "/")], "the target's own translator")
        asserts.true(env, [a for a in tr.argv if a.startswith("--spirv-ext=") and "+SPV_INTEL_long_constant_composite" in a], "the older translators' name of long composites")
    _assert_spirvdedup(env, by)

sycl_cxx_rdc_test = analysistest.make(_rdc_test_impl, attrs = _TOOLCHAIN_ATTRS)

# --- device debug info: -c dbg with --@rules_sycl//sycl:device_debug_info --

def _device_debug_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    rdc = _sycl_cxx_llvm(ctx) != None
    for dc in by["SyclDeviceCompile"]:
        flags = _syclc_flags(dc)
        for f in ["-O0", "-g", "-fdebug-compilation-dir=.", "-gno-record-gcc-switches"]:
            asserts.true(env, f in flags, "device: " + f)

        # With sycl_cxx_llvm on the device link; without, per TU (where
        # syclc refuses -g in one line when the action runs).
        asserts.equals(env, rdc, flag_value(dc.argv, "-module") != None, "on the device link if and only if the toolchain has sycl_cxx_llvm")
    asserts.equals(env, 2 if rdc else 0, len(by.get("SyclReverseTranslate", [])), "both TUs read back on the device link")
    for tr in by.get("SyclTranslate", []):
        asserts.true(env, "--spirv-debug-info-version=nonsemantic-shader-200" in tr.argv, "debug info as libsycl-jit writes it")
    asserts.equals(env, rdc, len(by.get("SyclTranslate", [])) > 0, "translated by the device link")
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

sycl_cxx_device_debug_test = analysistest.make(_device_debug_test_impl, attrs = _TOOLCHAIN_ATTRS, config_settings = {
    "//command_line_option:compilation_mode": "dbg",
    str(Label("//sycl:device_debug_info")): True,
})

# --- specialization constants of images compiled ahead of time ------------

def _spec_constant_modes(actions):
    # (device target directory, -spec-constants) of each syclc compile.
    out = []
    for a in actions:
        target = "spir64_x86_64" if "/spir64_x86_64/" in flag_value(a.argv, "-out-dir") else "spir64"
        out.append((target, [f for f in a.argv if f.startswith("-spec-constants=")]))
    return sorted(out)

def _aot_spec_constants_per_tu_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    syclc = [a for a in by["SyclDeviceCompile"] if "-jit=" + _JIT in a.argv]

    # Per TU the images are final: spir64_x86_64's emulate the constants
    # (the runtime cannot specialize them), so it gets compiles of its own
    # instead of sharing spir64's, whose constants are native.
    asserts.equals(env, [
        ("spir64", []),
        ("spir64", []),
        ("spir64_x86_64", ["-spec-constants=emulation"]),
        ("spir64_x86_64", ["-spec-constants=emulation"]),
    ], _spec_constant_modes(syclc))
    aot = [a for a in by["SyclAot"] if "/spir64_x86_64/" in " ".join(a.argv)]
    asserts.true(env, aot, "spir64_x86_64's tables are compiled ahead of time")
    return analysistest.end(env)

sycl_cxx_aot_spec_constants_per_tu_test = make_per_tu(
    _aot_spec_constants_per_tu_test_impl,
    config_settings = {str(Label("//sycl:targets")): ["spir64", "spir64_x86_64"]},
)

def _aot_spec_constants_rdc_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # On the device link one module per TU serves both targets (its calls
    # unlowered); the split lowers per target: emulation for the AOT one.
    syclc = [a for a in by["SyclDeviceCompile"] if "-jit=" + _JIT in a.argv]
    asserts.equals(env, [("spir64", []), ("spir64", [])], _spec_constant_modes(syclc))
    modes = sorted([("spir64_x86_64" if "/spir64_x86_64/" in " ".join(a.argv) else "spir64", [f for f in a.argv if f.startswith("-spec-const=")]) for a in by["SyclSplit"]])
    asserts.equals(env, [
        ("spir64", ["-spec-const=native"]),
        ("spir64", ["-spec-const=native"]),
        ("spir64", ["-spec-const=native"]),
        ("spir64_x86_64", ["-spec-const=emulation"]),
        ("spir64_x86_64", ["-spec-const=emulation"]),
        ("spir64_x86_64", ["-spec-const=emulation"]),
    ], modes)
    return analysistest.end(env)

sycl_cxx_aot_spec_constants_rdc_test = analysistest.make(
    _aot_spec_constants_rdc_test_impl,
    config_settings = {str(Label("//sycl:targets")): ["spir64", "spir64_x86_64"]},
)
