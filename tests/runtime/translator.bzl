"""The SPIR-V translator of programs that run images through tests/runtime (PoCL).

sycl_rt turns SPIR-V back into LLVM bitcode with `llvm-spirv -r` (PoCL 3.1
cannot ingest SPIR-V): the detected toolchain's translator (llvm-spirv-15 on
Debian 12, llvm-spirv-19 in Debian sid), not a fixed name on PATH.
"""

LLVM_SPIRV = "@local_config_sycl//:bin/translator"

LLVM_SPIRV_ENV = {"SYCL_RT_LLVM_SPIRV": "$(rootpath %s)" % LLVM_SPIRV}
