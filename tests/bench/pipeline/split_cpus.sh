#!/usr/bin/env bash
# The split's memory by CPU count (run by hand; the split starts one
# assembler per CPU, so its process tree grows with the machine).
#   tests/bench/pipeline/split_cpus.sh pack BENCH_DIR DIR
#       copies from a tests/bench/pipeline/run.sh work directory the
#       splitter, imagec_as (both static executables) and the linked module
#       the split read, with proctree_rss.py and this script, into DIR (~23 MB)
#   DIR/split_cpus.sh run [CPUS...]     (default 1 2 4 8 16, up to nproc)
#       runs the bench's SyclSplit command line under taskset with each CPU
#       count and prints proctree_rss.py's line and a digest of the images
#       (.bc/.prop/.sym; the table names the output directory, so it is left out).
# Where LLVM 15 is not installed (the device machine), the splitter's one
# question to llvm-as, `--version` (opaque pointers or not), is answered
# by a two-line script saying 15.0.6; every image is assembled by imagec_as.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in
pack)
  bench="$2" dir="$3"
  root="$(cd "$here/../../.." && pwd)"
  exec_root="$bench/ob/execroot/rules_sycl"
  [[ -d "$exec_root" ]] || { echo "split_cpus.sh: $bench: no tests/bench/pipeline/run.sh work directory (no ob/execroot/rules_sycl)" >&2; exit 1; }
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$exec_root"/bazel-out/host/bin/tools/splitter/splitter_/splitter \
    "$exec_root"/bazel-out/host/bin/external/local_config_sycl/imagec_as \
    "$exec_root"/bazel-out/k8-fastbuild/bin/tests/bench/pipeline/_sycl/bench/bench.device.ll \
    "$root/tests/bench/proctree_rss.py" "$here/split_cpus.sh" "$dir/"
  echo "packed $(du -sh "$dir" | cut -f1) into $dir"
  ;;
run)
  shift
  cd "$here"
  export LC_ALL=C
  as=llvm-as-15
  if ! command -v "$as" >/dev/null; then
    printf '#!/bin/sh\necho "LLVM version 15.0.6"\n' >llvm-as-version
    chmod +x llvm-as-version
    as=./llvm-as-version
  fi
  cpus=("$@")
  ((${#cpus[@]})) || cpus=(1 2 4 8 16)
  echo "input: bench.device.ll, $(stat -c %s bench.device.ll) bytes; $(nproc) CPUs here"
  for n in "${cpus[@]}"; do
    ((n <= $(nproc))) || continue
    rm -rf out && mkdir out
    line="$(taskset -c "0-$((n - 1))" python3 proctree_rss.py ./splitter -split=kernel -symbols -properties \
      -spec-const=native -device-globals -emit-only-kernels-as-entry-points -emit-param-info \
      -emit-exported-symbols -split-esimd -lower-esimd -split-by-device-requirements \
      -llvm-as="$as" -imagec=./imagec_as -out-dir out -o out/bench.table bench.device.ll)"
    sum="$(cd out && find . -type f ! -name bench.table | sort | xargs sha256sum | sha256sum | cut -c1-16)"
    echo "cpus=$n $line images=$sum"
  done
  rm -rf out
  ;;
*)
  echo "usage: split_cpus.sh pack BENCH_DIR DIR | run [CPUS...]" >&2
  exit 2
  ;;
esac
