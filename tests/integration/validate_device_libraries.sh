#!/usr/bin/env bash
# spirv-val on the bfloat16 device library's two SPIR-V images (the
# device_libraries output group of a SYCL C++ binary): both must pass, but a
# spirv-val older than SPIRV-Tools 2023.2 must reject the native image with
# exactly "Invalid capability operand: 6115" (BFloat16ConversionINTEL, added
# to SPIRV-Headers in March 2023; Debian 12's SPIRV-Tools is 2023.1): any
# other error, or either image failing under a newer spirv-val, fails.
#   validate_device_libraries.sh OPT LLVM_SPIRV SPIRV_VAL PATH...
set -euo pipefail
spirv_val="$3"
shift 3
version="$("$spirv_val" --version | sed -n 1p)"
old=0
if [[ "$version" =~ v([0-9]+)\.([0-9]+) ]]; then
  year=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
  if ((year < 2023 || (year == 2023 && minor < 2))); then old=1; fi
else
  echo "FAIL: cannot read spirv-val's version: $version" >&2
  exit 1
fi
valid=0 known=0 failed=0
while IFS= read -r -d '' f; do
  if err="$("$spirv_val" "$f" 2>&1)"; then
    valid=$((valid + 1))
  elif ((old)) && [[ "$(basename "$f")" == *native* ]] && [ "$err" = "error: line 7: Invalid capability operand: 6115" ]; then
    echo "$f: $version does not know capability 6115 (BFloat16ConversionINTEL): $err"
    known=$((known + 1))
  else
    echo "FAIL: $f: spirv-val ($version): $err" >&2
    failed=$((failed + 1))
  fi
done < <(find -L "$@" -type f -name '*.spv' -print0 | sort -z)
echo "$version: $valid valid, $known rejected for capability 6115 (native image, spirv-val < 2023.2), $failed failed"
if [ $((valid + known + failed)) -ne 2 ]; then
  echo "FAIL: $((valid + known + failed)) SPIR-V images under $*, want the library's 2" >&2
  exit 1
fi
# Two images; an old spirv-val must have rejected the native one (if it
# passes, this test's premise is wrong: look again), a new one none.
[ "$failed" -eq 0 ] && [ $((valid + known)) -eq 2 ] && [ "$known" -eq "$old" ]
