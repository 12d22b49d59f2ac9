#!/bin/sh
# Coverage is not supported offline; named only because the toolchain config requires it.
echo "llvm-cov is not part of the rules_sycl dev toolchain" >&2
exit 1
