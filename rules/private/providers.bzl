"""Providers of rules_sycl."""

SyclInfo = provider(
    doc = """Device code a rule contributes to the SYCL binaries that depend on it.

Each translation unit's device code stays a separate LLVM bitcode file until a
sycl_binary links them, so a change to one TU recompiles only that TU.""",
    fields = {
        "device_objects": "depset of File: per-TU device bitcode (with sycl-module-id stamped) for the toolchain's primary device target, this rule's and its dependencies'.",
        "device_objects_by_target": "dict of device target name (e.g. 'spir64', 'nvptx64') -> depset of File: the same per device target built.",
        "device_libraries": "depset of File: device bitcode libraries linked only when referenced.",
        "int_headers": "depset of File: the integration headers of the SYCL C++ TUs (clang toolchain, tools/syclc), this rule's and its dependencies': each TU's host compile learns from them the kernels of the TUs it is linked with (tools/kernelinfo), for kernel-bundle lookups by type.",
        "sycl_cxx_device_objects": "depset of File: which of the device objects (any device target) are SYCL C++ TUs on the device-link path (rdc): their images are translated with the SPIR-V extensions DPC++ enables.",
        "sycl_cxx_property_tables": "depset of struct(dir, table): on the device-link path, the property sets libsycl-jit wrote for each SYCL C++ TU (what SyclAnnotate reads), this rule's and its dependencies': the reference of the SyclPropertyParity check.",
        "image_tables_by_target": "dict of device target name -> depset of struct(dir, table): the device images SYCL C++ TUs compiled to (clang toolchain, tools/syclc), one tree artifact and the path of its file table ([Code|Properties|Symbols], SPIR-V or PTX) per TU, this rule's and its dependencies' (the per-TU path: rdc = 0, the -g/-O0 fallback, CUDA targets). No device link or split: the image pipeline takes them after translation (AOT, ptxas/fatbinary still apply).",
    },
)

SyclToolchainInfo = provider(
    doc = """One SYCL toolchain (see sycl_toolchain): its device targets, the
rules_sycl tools that run between the device compilers, and the runtime
programs link with.""",
    fields = {
        "kind": "string: 'clang' (upstream clang + SPIRV-LLVM-Translator) or 'dpcpp'.",
        "primary": "SyclDeviceTargetInfo: the primary device target (sycl_toolchain's own compiler, translator and libraries; named by its wrapper_target).",
        "device_targets": "dict of device target name -> SyclDeviceTargetInfo: every device target the toolchain can build, the primary one included.",
        "tools": "struct of FilesToRunProvider: the rules_sycl tools (moduleid, splitter, foreach, wrapper, devlink, bundler, kernelinfo, propdiff, spirvval, ...), built for the execution platform.",
        "runtime": "CcInfo or None: the SYCL runtime host code compiles and links against.",
        "runtime_runfiles": "runfiles or None: what programs linked with the runtime load at run time (the runtime's runfiles: libraries, OpenCL ICD files). Non-empty: sycl_binary runs the program through a launcher that points LD_LIBRARY_PATH and OCL_ICD_VENDORS at them.",
        "image_version": "int: the device image layout that runtime reads, given to the wrapper as -image-version (3: 80 bytes, libsycl.so.9; 2: 96 bytes with manifest pointers, libsycl.so.8).",
        "offload_entries": "string: 'old' (32-byte __tgt_offload_entry) or 'new' (56-byte llvm::offloading::EntryTy, -new-offload-entries).",
        "sycl_compiler": "FilesToRunProvider or None: the SYCL C++ device compiler of a 'clang' toolchain (tools/syclc), which loads sycl_jit.",
        "sycl_jit": "File or None: libsycl-jit.so, DPC++'s device compiler library sycl_compiler loads.",
        "sycl_jit_files": "depset of File: sycl_jit and the libraries beside it that it loads.",
        "sycl_jit_check": "File or None: the stamp of the toolchain's SyclJitCheck action (sycl_jit's sha256, symbols and ABI verified); every SYCL C++ device compile takes it as an input.",
        "sycl_devicelibs": "struct(dir, table) or None: the bfloat16 device library's images (native and fallback, with their property sets) and their file table, from the toolchain's SyclDeviceLibs action; the wrap of SYCL C++ images offers them to the wrapper, which adds them where an image imports them.",
        "sycl_cxx_missing": "list of string: why this 'clang' toolchain cannot compile SYCL C++ ([] when it can); a rule with C++ sources fails naming them.",
        "host_compiler": "FilesToRunProvider or None: the clang that compiles the host side of SYCL C++ TUs (their generated host source: integration header, source, footer).",
        "host_compile_flags": "list of string: its extra flags.",
        "sycl_cxx_llvm": "SyclLlvmToolsInfo or None: the tools of libsycl-jit's LLVM generation (LLVM 22: llvm-link, llvm-as, llvm-dis, SPIRV-LLVM-Translator 22), with which SYCL C++ device code on the device link is read back from SPIR-V, linked, split and translated on every SPIR-V device target (device_target.bzl's with_llvm_tools); None: the device targets' own tools.",
        "validator": "FilesToRunProvider or None: spirv-val, which SyclSpirvValidate (the sycl_spirv_validation output group) runs on every JIT SPIR-V image.",
    },
)

SyclLlvmToolsInfo = provider(
    doc = """The LLVM tools of one LLVM generation (sycl_llvm_tools): the SYCL C++
device link's, for libsycl-jit's device code.""",
    fields = {
        "version": "string: the LLVM major version (e.g. '22').",
        "linker": "FilesToRunProvider: llvm-link.",
        "assembler": "FilesToRunProvider: llvm-as.",
        "disassembler": "FilesToRunProvider: llvm-dis.",
        "translator": "FilesToRunProvider: llvm-spirv of the same LLVM.",
        "spirv_extensions": "list of string: the SPIR-V extensions the forward translation of SYCL C++ device code enables, as this translator spells them.",
        "translate_flags": "list of string: more flags of that translation (the debug info form).",
        "all_files": "depset of File: every file the tools need.",
    },
)

SyclDeviceTargetInfo = provider(
    doc = """How one device target (spir64, nvptx64, spir64_gen, ...) is built: its
compile and link tools, then per device image an optional SPIR-V translation
and an optional ahead-of-time step.""",
    fields = {
        "name": "string: the device target's name, as --@rules_sycl//sycl:targets spells it (e.g. 'nvptx64', 'intel_gpu_pvc').",
        "image_target": "string: the target spec recorded in its device images, which the runtime matches against a device (the name, except for Intel GPUs: 'spir64_gen').",
        "compile_target": "string: recorded as `compile_target` in each image's SYCL/device requirements property set, by which the runtime picks an Intel GPU image for a device of that architecture (e.g. 'intel_gpu_pvc'); empty: none.",
        "device_defines": "list of string: macros the SYCL C++ device compile of this target defines (e.g. __SYCL_TARGET_INTEL_GPU_PVC__); a target with any gets SYCL C++ device compiles of its own.",
        "compiler": "FilesToRunProvider: device compiler for this device target.",
        "linker": "FilesToRunProvider: llvm-link for this device target's bitcode.",
        "assembler": "FilesToRunProvider: llvm-as matching the compiler.",
        "disassembler": "FilesToRunProvider: llvm-dis matching the compiler.",
        "device_triple": "string: the triple the compiler is given (-target).",
        "compile_flags": "list of string: flags for every device compile.",
        "libraries": "depset of File: bitcode libraries linked only where referenced (e.g. libclc).",
        "translator": "FilesToRunProvider or None: SPIR-V translator run per image.",
        "translate_flags": "list of string: its flags.",
        "image_compiler": "FilesToRunProvider or None: tools/imagec built against the device target's LLVM and SPIRV-LLVM-Translator libraries (a toolchain's primary device target, or a sycl_device_target's image_compiler); when set, splits assemble and translate every image in it instead of one assembler/translator process per image.",
        "split_assembler": "FilesToRunProvider or None: tools/imagec built with only its assembler, statically linked against the device target's LLVM (sycl_configure's imagec_as); when set, splits assemble their images in it rather than in image_compiler (a fraction of the memory per process).",
        "aot": "FilesToRunProvider or None: ahead-of-time compiler run per image (llc, ocloc, opencl-aot).",
        "aot_args": "list of string: its arguments; {in} and {out} name the image and the output.",
        "aot_server": "FilesToRunProvider or None: tools/imagec/codegen.cc built against `aot`'s LLVM (llc), which runs the backend over every image in one process per CPU (see sycl_device_target.aot_server).",
        "aot_extension": "string: extension of the AOT outputs (e.g. '.ptx').",
        "aot_isa_flag": "string: the flag of `aot` that names the x86-64 instruction set (e.g. '-march=' for tools/cpuaot, '--march=' for opencl-aot), given --@rules_sycl//sycl:cpu_aot_isa; empty: `aot` takes none.",
        "aot_left_out_status": "int: the exit status by which `aot` leaves an image out of this device target's images, writing nothing (tools/gpuaot's 3); 0: none.",
        "aot_device_library_flag": "string: the flag of `aot` that names the bfloat16 device library image it links into images importing it (e.g. '-device-library=' for tools/cpuaot); empty: `aot` takes none.",
        "aot_devices_flag": "string: the flag of `aot` that names the Intel GPUs of spir64_gen images (e.g. '-device=' for tools/gpuaot), given --@rules_sycl//sycl:gen_devices; empty: `aot` takes none.",
        "image_format": "string: the wrapper's -format for this device target's final images (spirv, native, none, llvmbc).",
        "stages": "list of struct(name, takes, gives): the stages a device image of this target goes through after the split, in order (image_stages): translate (bitcode -> spirv), aot (spirv, or bitcode without a translator -> ptx for CUDA, else native), fatbinary (ptx -> native, CUDA targets). Images a front end compiled (SYCL C++ SPIR-V, PTX) enter after the stage that gives their form.",
        "all_files": "depset of File: every file the tools need.",
        "cuda": "struct or None: CUDA AOT after `aot` (see sycl_device_target.ptx_arch): ptxas, fatbinary (FilesToRunProvider or None), ptx_arch, missing (tools not found), all_files, libdevice (File or None: NVIDIA's libdevice.10.bc, which SYCL C++ PTX compiles link), jit_ir_assembler and jit_ir_disassembler (FilesToRunProvider or None: LLVM 22's llvm-as and llvm-dis, with which SYCL C++ PTX compiles lower specialization constants), jit_ir_linker (FilesToRunProvider or None: LLVM 22's llvm-link, for SyclPtxDeviceLink).",
        "runtime_files": "depset of File: what programs built for this target load at run time besides the toolchain's runtime (the CUDA adapter of nvptx64).",
    },
)
