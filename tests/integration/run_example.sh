#!/usr/bin/env bash
# Runs an example binary and checks that it exits 0 (or STATUS) and prints
# every expected line (each argument after the binary is a fixed string its
# output must hold).
#   run_example.sh [--status=STATUS] [--arg=ARG]... BINARY EXPECTED...
# --arg passes ARG to the binary (repeatable, in order).
set -uo pipefail
want_rc=0
bin_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --status=*) want_rc="${1#--status=}" ;;
    --arg=*) bin_args+=("${1#--arg=}") ;;
    *) break ;;
  esac
  shift
done
[ $# -gt 0 ] || { echo "usage: run_example.sh [--status=N] [--arg=ARG]... BINARY EXPECTED..." >&2; exit 2; }
bin="$1"
shift
out="$("$bin" ${bin_args[@]+"${bin_args[@]}"} 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want_rc" ]; then
  echo "FAIL: $bin${bin_args[*]:+ ${bin_args[*]}} exited with status $rc, want $want_rc" >&2
  exit 1
fi
for want in "$@"; do
  if ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: output of $bin lacks: $want" >&2
    exit 1
  fi
done
echo "PASS: $bin (status $rc, ${#} expected lines found)"
