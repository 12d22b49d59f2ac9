#!/usr/bin/env bash
# Prepares this checkout for offline Bazel builds on Debian 12 (run as root, or
# with sudo available). Idempotent: a second run only checks and exits.
#
# What it does:
#   1. installs the Debian packages rules_sycl builds and tests with;
#   2. fetches, through the Go module proxy, rules_go, Gazelle, the Go SDK that
#      rules_go can use (1.19.13) and buildifier, and lays them out under
#      .offline/ (git-ignored) as Bazel repositories;
#   3. downloads, with pip, the pinned wheels of Intel's oneAPI SYCL runtime
#      (rules/private/repositories/oneapi_runtime.bzl) and NVIDIA's CUDA tools (ptxas,
#      fatbinary, cuobjdump, libdevice, cuda.h and nvml.h:
#      rules/private/repositories/cuda_tools.bzl), each checked
#      against its sha256, into .offline/wheels, so Bazel fetches them
#      without network;
#   3b. downloads the pinned Debian sid packages of Intel's ocloc (Intel GPU
#      ahead-of-time images: rules/private/repositories/intel_gpu_compiler.bzl)
#      into .offline/debs, checked against their sha256;
#   4. writes .bazelrc.offline (git-ignored, try-imported by .bazelrc), which
#      points Bazel at those copies with --override_repository and at the
#      wheels with --repo_env=RULES_SYCL_WHEELHOUSE, and, where /dev/shm is
#      a tmpfs with room to spare, puts Bazel's sandboxes there
#      (--sandbox_base=/dev/shm: see sandbox_base below).
#   5. builds Buildbarn (bb_storage, bb_scheduler, bb_worker, bb_runner) for
#      the remote-execution check (tests/remote/run.sh, part of ./test.sh)
#      into .offline/buildbarn/bin with tests/remote/buildbarn/build.sh: the
#      modules pinned by its go.mod and go.sum, from the Go module proxy, with
#      Buildbarn's patches, by a pinned Go toolchain; a second run only checks
#      a stamp. A developer can skip this with RULES_SYCL_NO_REMOTE=1 (CI
#      must not).
#   6. prepares Bazel 7.7.1 (tests/bzlmod/setup_bazel7.sh): a Debian sid
#      chroot built with mmdebstrap from pinned .debs (tests/bzlmod/
#      sid-packages.lock, sha256-checked, cached in .offline/sid-debs),
#      rules_go v0.50.1, Gazelle v0.39.1 and Go 1.21.8 from the Go module
#      proxy, and the flags tests/bzlmod/bazel7 runs it with. About 1 GB
#      downloaded once, 2.8 GB on disk. A developer can skip this with
#      RULES_SYCL_NO_BAZEL7=1 (CI must not).
# WORKSPACE itself names the upstream archives, so a machine with internet
# access does not need any of this.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OFF="$ROOT/.offline"
STAMP="$OFF/.setup-v1"

RULES_GO_VERSION=v0.34.0
GAZELLE_VERSION=v0.26.0
GO_SDK_MODULE=golang.org/toolchain@v0.0.1-go1.19.13.linux-amd64
# Host tools (buildifier) need a newer Go than Debian 12's 1.19.
HOST_GO_MODULE=golang.org/toolchain@v0.0.1-go1.22.12.linux-amd64
BUILDIFIER_VERSION=v0.0.0-20260904073137-eaa4d125b423

DEBIAN_PACKAGES=(
  bazel-bootstrap bazel-skylib bazel-platforms bazel-rules-cc bazel-rules-java
  clang-15 llvm-15 llvm-15-tools llvm-spirv-15 spirv-tools
  llvm-15-dev libllvmspirvlib-15-dev
  clang-19 llvm-19 llvm-19-dev libclc-19 bc time
  # llvm-22 (bookworm-security, 22.1.8): llvm-dis/llvm-as that read and
  # write libsycl-jit's LLVM 23 bitcode (nvptx64 specialization constants).
  llvm-22
  pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo
  libzstd-dev zstd git ca-certificates python3 python3-pip build-essential
  patch
)
# tests/bzlmod (unless RULES_SYCL_NO_BAZEL7=1): the sid chroot of Bazel 7.
BAZEL7_PACKAGES=(mmdebstrap dpkg-dev curl xz-utils)

log() { printf 'setup.sh: %s\n' "$*" >&2; }
die() { printf 'setup.sh: error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_debian_packages() {
  local missing=()
  local wanted=("${DEBIAN_PACKAGES[@]}")
  [ -z "${RULES_SYCL_NO_BAZEL7:-}" ] && wanted+=("${BAZEL7_PACKAGES[@]}")
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # The host Go (any version >= 1.19) only downloads modules; Bazel builds
  # with the pinned 1.19.13 SDK, tests/remote/buildbarn/build.sh with its
  # pinned toolchain.
  command -v go >/dev/null 2>&1 || missing+=(golang-go)
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Picks the Go used to download modules and build host tools: the one on PATH
# if it is at least 1.21, else a 1.22 toolchain fetched through the proxy.
select_host_go() {
  local v
  v="$(go env GOVERSION 2>/dev/null || true)"
  case "$v" in
    go1.1[0-9]*|go1.20*|go1.[0-9]|go1.[0-9].*|"")
      local want="${HOST_GO_MODULE#*@v0.0.1-}"
      if [ "$("$OFF/host_go/bin/go" env GOVERSION 2>/dev/null)" != "${want%.linux-amd64}" ]; then
        log "host $v is older than 1.21; fetching $HOST_GO_MODULE"
        local dir
        dir="$(mod_dir "$HOST_GO_MODULE")"
        fresh_copy "$dir" "$OFF/host_go"
        chmod +x "$OFF"/host_go/bin/* "$OFF"/host_go/pkg/tool/linux_amd64/*
      fi
      export PATH="$OFF/host_go/bin:$PATH"
      ;;
  esac
}

# mod_dir, mod_zip, fresh_copy.
# shellcheck source=setup_go_modules.sh
. "$ROOT/setup_go_modules.sh"

prepare_go_sdk() {
  local src
  src="$(mod_dir "$GO_SDK_MODULE")"
  fresh_copy "$src" "$OFF/go_sdk"
  chmod +x "$OFF"/go_sdk/bin/* "$OFF"/go_sdk/pkg/tool/linux_amd64/*
  # Make the SDK a repository exactly like rules_go's go_download_sdk would.
  : >"$OFF/go_sdk/ROOT"
  echo 'workspace(name = "go_sdk")' >"$OFF/go_sdk/WORKSPACE"
  sed -e 's/{goos}/linux/g' -e 's/{goarch}/amd64/g' -e 's/{exe}//g' \
    -e 's/{rules_go_repo_name}/io_bazel_rules_go/g' \
    "$OFF/rules_go/go/private/BUILD.sdk.bazel" >"$OFF/go_sdk/BUILD.bazel"
}

prepare_rules_go() {
  fresh_copy "$(mod_dir "github.com/bazelbuild/rules_go@$RULES_GO_VERSION")" "$OFF/rules_go"
}

prepare_gazelle() {
  fresh_copy "$(mod_dir "github.com/bazelbuild/bazel-gazelle@$GAZELLE_VERSION")" "$OFF/gazelle"
  # go_repository builds Gazelle's fetch tools from this tree with -mod=vendor;
  # the module zip has no vendor/ folder.
  (cd "$OFF/gazelle" && GOFLAGS=-mod=mod go mod vendor)
  # gazelle_binary_test needs repositories that are not available offline.
  sed -i -e '/^load(":gazelle_binary_test.bzl"/d' -e '/^gazelle_binary_test_suite()/d' \
    "$OFF/gazelle/internal/BUILD.bazel"
}

prepare_rules_cc() {
  # Debian's rules_cc is newer than Bazel 4.2.3: use_cpp_toolchain() is missing.
  fresh_copy /usr/share/bazel/rules/cc "$OFF/rules_cc"
  local f
  for f in "$OFF"/rules_cc/cc/private/rules_impl/*.bzl; do
    sed -i -e 's/, "use_cpp_toolchain")/)/' \
      -e 's/use_cpp_toolchain(),/["@bazel_tools\/\/tools\/cpp:toolchain_type"],/' "$f"
  done
}

prepare_coverage_stub() {
  # Every *_test depends on @remote_coverage_tools, normally downloaded.
  # `bazel coverage` is not supported offline; plain `bazel test` is.
  mkdir -p "$OFF/remote_coverage_tools"
  echo 'workspace(name = "remote_coverage_tools")' >"$OFF/remote_coverage_tools/WORKSPACE"
  cat >"$OFF/remote_coverage_tools/BUILD" <<'EOF'
package(default_visibility = ["//visibility:public"])

filegroup(name = "coverage_report_generator")

filegroup(name = "lcov_merger")
EOF
}

install_buildifier() {
  if [ -x "$OFF/bin/buildifier" ]; then return 0; fi
  mkdir -p "$OFF/bin"
  GOBIN="$OFF/bin" GOFLAGS=-mod=mod go install "github.com/bazelbuild/buildtools/buildifier@$BUILDIFIER_VERSION"
}

# The pinned wheels (oneAPI runtime, about 480 MB; CUDA tools, libdevice and
# the CUDA headers, about 105 MB),
# by name with pip and checked against their sha256; a second run only
# re-checks them.
prefetch_wheels() {
  python3 "$ROOT/rules/private/repositories/wheels.py" prefetch "$OFF/wheels" ||
    die "downloading the pinned wheels failed (see above)"
}

# The pinned Debian sid packages of Intel's ocloc (rules/private/repositories/
# intel_gpu_compiler.bzl: ocloc, IGC and the C/C++ runtime they need, about
# 30 MB), from the Debian mirror by pool path, checked against their sha256;
# a second run only re-checks them.
prefetch_debs() {
  python3 "$ROOT/rules/private/repositories/debs.py" prefetch "$OFF/debs" ||
    die "downloading the pinned Debian packages of ocloc failed (see above)"
}

# Bazel 7.7.1 in a sid chroot (tests/bzlmod/bazel7); a second run only
# checks its stamp.
install_bazel7() {
  [ -z "${RULES_SYCL_NO_BAZEL7:-}" ] || return 0
  # It prints its own one-line error.
  "$ROOT/tests/bzlmod/setup_bazel7.sh" || exit 1
}

# Buildbarn for tests/remote/run.sh (tests/remote/buildbarn/build.sh says
# how; it needs the Go module proxy only the first time).
install_remote() {
  [ -z "${RULES_SYCL_NO_REMOTE:-}" ] || return 0
  "$ROOT/tests/remote/buildbarn/build.sh" || die "building Buildbarn failed (see above)"
}

# Bazel's sandbox on tmpfs, where /dev/shm is one with at least 4 GiB free
# (not, e.g., a container's 64 MB default). Each sandboxed action gets a
# fresh tree of symlinks to its inputs; every SYCL C++ host compile has the
# SYCL runtime's 488 headers among them. On the 2-core machine's ext4,
# creating and deleting that tree took 0.48 s per host compile on a quiet
# machine and 0.83 s at load 4 (app50's clean build: 25-42 s of its two job
# slots' time for 51 host compiles; tests/bench/syclcpp), on tmpfs 9 ms.
# The sandbox holds symlinks and the outputs of the actions running in it
# (moved out as each finishes). Bazel's own advice for actions with many
# inputs (`bazel help build --long`, --sandbox_base); no output changes.
sandbox_base() {
  local avail
  [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] || return 0
  avail="$(df -k --output=avail /dev/shm 2>/dev/null | tail -1 | tr -d ' ')"
  [ "${avail:-0}" -ge $((4 * 1024 * 1024)) ] 2>/dev/null || return 0
  echo "build --sandbox_base=/dev/shm"
}

write_bazelrc() {
  cat >"$ROOT/.bazelrc.offline" <<EOF
# Written by setup.sh: offline copies of the repositories WORKSPACE downloads,
# and this machine's sandbox base.
common --override_repository=io_bazel_rules_go=$OFF/rules_go
common --override_repository=bazel_gazelle=$OFF/gazelle
common --override_repository=go_sdk=$OFF/go_sdk
common --override_repository=rules_cc=$OFF/rules_cc
common --override_repository=rules_java=/usr/share/bazel/rules/java
common --override_repository=bazel_skylib=/usr/share/bazel/tools/skylib
common --override_repository=platforms=/usr/share/bazel/tools/platforms
common --override_repository=remote_coverage_tools=$OFF/remote_coverage_tools
common --repo_env=RULES_SYCL_WHEELHOUSE=$OFF/wheels
common --repo_env=RULES_SYCL_DEBS=$OFF/debs
$(sandbox_base)
EOF
}

main() {
  if [ -f "$STAMP" ] && [ -f "$ROOT/.bazelrc.offline" ] && [ -x "$OFF/bin/buildifier" ]; then
    install_debian_packages
    # Added after the first setup.sh: cheap, so also done on set-up machines.
    prefetch_wheels
    prefetch_debs
    # Generated, and its sandbox line depends on the machine: always rewritten.
    write_bazelrc
    install_remote
    mkdir -p "$OFF"
    select_host_go
    install_bazel7
    log "already set up (remove $OFF to start over)"
    return 0
  fi
  install_debian_packages
  mkdir -p "$OFF"
  select_host_go
  prepare_rules_go
  prepare_go_sdk
  prepare_gazelle
  prepare_rules_cc
  prepare_coverage_stub
  install_buildifier
  prefetch_wheels
  prefetch_debs
  write_bazelrc
  install_remote
  install_bazel7
  : >"$STAMP"
  log "done: offline repositories in .offline/, Bazel flags in .bazelrc.offline"
}

main "$@"
