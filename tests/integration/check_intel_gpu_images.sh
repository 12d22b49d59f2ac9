#!/usr/bin/env bash
# Checks the Intel GPU images of a program (its device_images output group):
# for each architecture, every zebin of every image table of that
# architecture (the trees under .../<target>/...) is an Intel GPU ELF file
# for the architecture's IP version, holds every entry point of its image,
# and `ocloc disasm` turns each kernel into assembly (tools/gpuaot check).
# Each architecture must have at least one table with at least one zebin.
# With =ENTRY,... after the IP, the entry points of that architecture's
# images (every .sym its tables name) must be exactly those: the images
# DPC++'s device config file leaves out of it are absent.
#   check_intel_gpu_images.sh GPUAOT OCLOC TARGET=DEVICE=IP[=ENTRY,...]... -- TREE...
set -euo pipefail
gpuaot="$1" ocloc="$2"
shift 2
specs=()
while [ "$#" -gt 0 ] && [ "$1" != -- ]; do
  specs+=("$1")
  shift
done
[ "${1:-}" = -- ] || { echo "usage: $0 GPUAOT OCLOC TARGET=DEVICE=IP... -- TREE..." >&2; exit 2; }
shift
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/intel_gpu.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
[ "${#specs[@]}" -gt 0 ] || fail "no TARGET=DEVICE=IP given"
for spec in "${specs[@]}"; do
  IFS== read -r target device ip entries <<<"$spec"
  tables=()
  for tree in "$@"; do
    case "/$tree/" in */"$target"/*) ;; *) continue ;; esac
    for t in "$tree"/*.table; do
      [ -f "$t" ] || continue
      # The table names images by their execroot paths (bazel-out/<config>/
      # bin/...); from the runfiles they are workspace paths, and an
      # external repository's (bzlmod: rules_sycl+ in a consumer) are
      # ../<repository>/..., as their short paths.
      n="$tmp/${#tables[@]}_$(basename "$t")"
      sed -E -e 's#(^|\|)bazel-out/[^/|]*/bin/#\1#g' -e 's#(^|\|)external/([^/|]+)/#\1../\2/#g' "$t" >"$n"
      tables+=("$n")
    done
  done
  [ "${#tables[@]}" -gt 0 ] || fail "$target: no image table among the trees"
  "$gpuaot" check -ocloc="$ocloc" -device="$device" -ip="$ip" "${tables[@]}" | tee "$tmp/out" || fail "$target: gpuaot check failed"
  summary="$(tail -1 "$tmp/out")"
  case "$summary" in
  *": 0 ok,"*) fail "$target: no zebin checked ($summary)" ;;
  *", 0 failed") echo "$target: $summary" ;;
  *) fail "$target: $summary" ;;
  esac
  [ -n "$entries" ] || continue
  # The Symbols column of every row: the entry points of its image.
  got="$(for t in "${tables[@]}"; do
    awk -F'|' 'NR == 1 { gsub(/[][]/, ""); for (i = 1; i <= NF; i++) if ($i == "Symbols") c = i; next } c { print $c }' "$t"
  done | while read -r sym; do cat "$sym"; done | sed '/^$/d' | sort | paste -sd, -)"
  want="$(tr , '\n' <<<"$entries" | sort | paste -sd, -)"
  [ "$got" = "$want" ] || fail "$target: the images hold entry points $got, want $want"
  echo "$target: entry points $got"
done
