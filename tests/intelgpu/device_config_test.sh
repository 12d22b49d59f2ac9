#!/usr/bin/env bash
# Runs device_config.py on the pinned libsycl-jit (found among
# @oneapi_runtime//:sycl_jit's files, with the libraries it loads beside it).
#   device_config_test.sh SYCL_JIT_FILE... -- ASPECTS_DEF INTEL_GPU_BZL DEVICE_TRAITS_BZL DEVICE_CONFIG_PY
set -euo pipefail
jit=""
while [ "$1" != -- ]; do
  case "$1" in */libsycl-jit.so.*) jit="$1" ;; esac
  shift
done
shift
[ -n "$jit" ] || { echo "FAIL: no libsycl-jit.so.* among @oneapi_runtime//:sycl_jit" >&2; exit 1; }
LD_LIBRARY_PATH="$(cd "$(dirname "$jit")" && pwd)" exec python3 "$4" "$jit" "$1" "$2" "$3"
