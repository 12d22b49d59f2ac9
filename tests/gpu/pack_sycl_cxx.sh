#!/usr/bin/env bash
# Packs SYCL C++ programs built for nvptx64 with what they load at run time,
# for a GPU machine without Bazel: each program (NAME.bin), and in lib/ the
# libraries of its launcher's LD_LIBRARY_PATH that it and the wheel's
# loader need (ldd's closure; the NVIDIA driver's libcuda.so.1 and
# libnvidia-ml.so.1 stay the machine's) with the CUDA adapter beside the
# loader; the programs share lib/. About 57 MB, 9.8 MB as .tar.xz for one
# program; each more adds its .bin.
#   tests/gpu/pack_sycl_cxx.sh OUT.tar.xz [TARGET...]   (default //examples/vector_add:vector_add_nvptx64)
# There: tar xJf OUT.tar.xz && LD_LIBRARY_PATH=$PWD/pack/lib ONEAPI_DEVICE_SELECTOR=cuda:gpu pack/<name>.bin
set -euo pipefail
out=$1
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(//examples/vector_add:vector_add_nvptx64)
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/pack/lib"
bazel build --jobs="${JOBS:-2}" "${targets[@]}"
for target in "${targets[@]}"; do
  # The launcher is the output "bazel build" lists that is not the .bin.
  launcher=$(bazel build --jobs="${JOBS:-2}" "$target" 2>&1 | sed -n 's/^  \(bazel-out\/.*\)$/\1/p' | grep -v '\.bin$' | head -1)
  [ -n "$launcher" ] || { echo "pack_sycl_cxx: no launcher for $target" >&2; exit 1; }
  runfiles=$launcher.runfiles
  name=$(basename "$launcher")
  libdirs=$(sed -n 's/^LD_LIBRARY_PATH="\(.*\)\${LD_LIBRARY_PATH.*/\1/p' "$launcher" | sed "s|\\\$r|$runfiles|g")
  cp -L "$runfiles"/*/"$(sed -n 's|^exec "\$r/\(.*\)" "\$@"$|\1|p' "$launcher" | cut -d/ -f2-)" "$tmp/pack/$name.bin"
  want="$tmp/pack/$name.bin $(find -L ${libdirs//:/ } -maxdepth 1 -name 'libur_loader.so.0' -o -maxdepth 1 -name 'libur_adapter_cuda.so.0')"
  for f in $(LD_LIBRARY_PATH=$libdirs ldd $want 2>/dev/null | awk '$3 ~ /runfiles/ {print $3}' | sort -u) $want; do
    [ "$f" = "$tmp/pack/$name.bin" ] || cp -fL "$f" "$tmp/pack/lib/"
  done
done
tar -C "$tmp" -cf - pack | xz -T2 -6 >"$out"
ls -la "$out"
