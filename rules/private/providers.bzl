"""Providers of rules_sycl."""

SyclInfo = provider(
    doc = """Device code a target contributes to the SYCL binaries that depend on it.

Each translation unit's device code stays a separate LLVM bitcode file until a
sycl_binary links them, so a change to one TU recompiles only that TU.""",
    fields = {
        "device_objects": "depset of File: per-TU device bitcode (with sycl-module-id stamped) for the toolchain's primary target, this target's and its dependencies'.",
        "device_objects_by_target": "dict of device target name (e.g. 'spir64', 'nvptx64') -> depset of File: the same per device target built.",
        "device_libraries": "depset of File: device bitcode libraries linked only when referenced.",
    },
)

SyclToolchainInfo = provider(
    doc = "The tools and flags of one SYCL device toolchain (see sycl_toolchain).",
    fields = {
        "kind": "string: 'clang' (upstream clang + SPIRV-LLVM-Translator) or 'dpcpp'.",
        "compiler": "FilesToRunProvider: the device compiler (clang).",
        "linker": "FilesToRunProvider: the device bitcode linker (llvm-link).",
        "assembler": "FilesToRunProvider: llvm-as, turns split text IR into bitcode.",
        "disassembler": "FilesToRunProvider: llvm-dis, turns linked bitcode into text IR for the splitter.",
        "translator": "FilesToRunProvider: llvm-spirv, LLVM bitcode to SPIR-V.",
        "device_triple": "string: the device target triple passed to the compiler, e.g. 'spir64'.",
        "wrapper_target": "string: the target spec recorded in each device image, e.g. 'spir64'.",
        "compile_flags": "list of string: flags for every device compile.",
        "translate_flags": "list of string: flags for every SPIR-V translation.",
        "image_compiler": "FilesToRunProvider or None: tools/imagec built against the toolchain's LLVM and SPIRV-LLVM-Translator libraries; when set, splits assemble and translate every image in it instead of one assembler/translator process per image.",
        "device_libraries": "depset of File: device bitcode libraries linked only for the symbols a program references.",
        "runtime": "CcInfo or None: the SYCL runtime host code compiles and links against.",
        "runtime_runfiles": "runfiles or None: what programs linked with the runtime load at run time (the runtime target's runfiles: libraries, OpenCL ICD files). Non-empty: sycl_binary runs the program through a launcher that points LD_LIBRARY_PATH and OCL_ICD_VENDORS at them.",
        "image_version": "int: the device image layout that runtime reads, given to the wrapper as -image-version (3: 80 bytes, libsycl.so.9; 2: 96 bytes with manifest pointers, libsycl.so.8).",
        "offload_entries": "string: 'old' (32-byte __tgt_offload_entry) or 'new' (56-byte llvm::offloading::EntryTy, -new-offload-entries).",
        "targets": "dict of device target name -> SyclDeviceTargetInfo: every device target the toolchain can build (its primary one included).",
        "all_files": "depset of File: every file the tools need at run time.",
    },
)

SyclDeviceTargetInfo = provider(
    doc = """How one device target (spir64, nvptx64, spir64_gen, ...) is built: its
compile and link tools, then per device image an optional SPIR-V translation
and an optional ahead-of-time step.""",
    fields = {
        "name": "string: the target's name, also the target spec recorded in its device images (e.g. 'nvptx64').",
        "compiler": "FilesToRunProvider: device compiler for this target.",
        "linker": "FilesToRunProvider: llvm-link for this target's bitcode.",
        "assembler": "FilesToRunProvider: llvm-as matching the compiler.",
        "disassembler": "FilesToRunProvider: llvm-dis matching the compiler.",
        "device_triple": "string: the compiler's target triple.",
        "compile_flags": "list of string: flags for every device compile.",
        "libraries": "depset of File: bitcode libraries linked only where referenced (e.g. libclc).",
        "translator": "FilesToRunProvider or None: SPIR-V translator run per image.",
        "translate_flags": "list of string: its flags.",
        "image_compiler": "FilesToRunProvider or None: see SyclToolchainInfo.image_compiler (set for the toolchain's primary target only).",
        "aot": "FilesToRunProvider or None: ahead-of-time compiler run per image (llc, ocloc, opencl-aot).",
        "aot_args": "list of string: its arguments; {in} and {out} name the image and the output.",
        "aot_server": "FilesToRunProvider or None: tools/imagec/codegen.cc built against `aot`'s LLVM (llc), which runs the backend over every image in one process per CPU (see sycl_device_target.aot_server).",
        "aot_extension": "string: extension of the AOT outputs (e.g. '.ptx').",
        "image_format": "string: the wrapper's -format for this target's final images (spirv, native, none, llvmbc).",
        "all_files": "depset of File: every file the tools need.",
        "cuda": "struct or None: CUDA AOT after `aot` (see sycl_device_target.ptx_arch): ptxas, fatbinary (FilesToRunProvider or None), ptx_arch, missing (tools not found), all_files.",
    },
)
