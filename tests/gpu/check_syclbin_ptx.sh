#!/usr/bin/env bash
# Checks a SYCLBIN built for nvptx64 alone (read by tools/bundler's
# inspect): MODULES abstract modules, each holding exactly one IR module of
# type ptx for target nvptx64 and no native image (no fat binary), each
# with every comma-separated property set in its metadata; the PTX (plain
# text inside the file) has one .entry for every KERNEL, which a module's
# [SYCL/kernel names] lists.
#   check_syclbin_ptx.sh BUNDLER SYCLBIN MODULES SETS KERNEL...
#   e.g. check_syclbin_ptx.sh bundler kernels.syclbin 2 'SYCL/kernel names' __sycl_kernel_k
set -euo pipefail
bundler=$1 syclbin=$2 modules=$3 sets=$4
shift 4
fail() { echo "FAIL: $syclbin: $*" >&2; exit 1; }
[ -f "$syclbin" ] || fail "no such file"
report=$("$bundler" inspect "$syclbin") || fail "bundler inspect failed"
printf '%s\n' "$report"

grep -qE "^ *SYCLBIN version [0-9]+ .*, $modules abstract modules$" <<<"$report" ||
  fail "want one SYCLBIN of $modules abstract modules"
got=$(grep -cE '^ *abstract module [0-9]+: 1 IR modules, 0 native images$' <<<"$report" || true)
[ "$got" = "$modules" ] || fail "$got of $modules abstract modules hold exactly one IR module and no native image"
got=$(grep -cE '^ *IR module 0: type ptx, target "nvptx64", ' <<<"$report" || true)
[ "$got" = "$modules" ] || fail "$got of $modules IR modules are PTX for target nvptx64"
! grep -qE '^ *IR module [0-9]+: type (spirv|amdgcn)' <<<"$report" || fail "an IR module is not PTX"
while IFS= read -r set; do
  got=$(sed 's/^ *//' <<<"$report" | grep -cxF "[$set]" || true)
  [ "$got" = "$modules" ] || fail "$got of $modules abstract modules carry the property set [$set]"
done < <(tr ',' '\n' <<<"$sets")

for k in "$@"; do
  n=$(grep -acE "^\.(visible |weak )?\.entry $k\(" "$syclbin" || true)
  [ "$n" = 1 ] || fail "$n PTX .entry lines for $k, want 1"
  grep -qE "^ *$k +UINT32 +1$" <<<"$report" || fail "no [SYCL/kernel names] holds $k"
done
echo "PASS: $syclbin: $modules PTX modules for nvptx64, sets [$sets], entries: $*"
