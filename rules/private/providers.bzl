"""Providers of rules_sycl."""

SyclInfo = provider(
    doc = """Device code a target contributes to the SYCL binaries that depend on it.

Each translation unit's device code stays a separate LLVM bitcode file until a
sycl_binary links them, so a change to one TU recompiles only that TU.""",
    fields = {
        "device_objects": "depset of File: per-TU device bitcode (with sycl-module-id stamped), this target's and its dependencies'.",
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
        "device_libraries": "depset of File: device bitcode libraries linked only for the symbols a program references.",
        "runtime": "CcInfo or None: the SYCL runtime host code compiles and links against.",
        "all_files": "depset of File: every file the tools need at run time.",
    },
)
