#!/usr/bin/env bash
# Builds Buildbarn's bb_storage, bb_scheduler, bb_worker and bb_runner (the
# release 20241215T094620Z-d03d5e3) for tests/remote/run.sh into
# .offline/buildbarn/bin (git-ignored), the way Buildbarn's own Bazel build
# does: the modules pinned by this directory's go.mod and go.sum, from the Go
# module proxy, with these patches applied to copies of three of them:
#   github.com/hanwen/go-fuse/v2                      bb-remote-execution patches/com_github_hanwen_go_fuse_v2/*.diff
#   google.golang.org/genproto/googleapis/bytestream  bb-storage patches/org_golang_google_genproto_googleapis_bytestream/*.diff
#   github.com/grpc-ecosystem/go-grpc-prometheus      bb-storage patches/com_github_grpc_ecosystem_go_grpc_prometheus/*.diff
# (the others Buildbarn's MODULE.bazel lists patch test-only code: gomock,
# golint, oauth2's clock). A copy of the module in .offline/buildbarn/mod gets
# `replace` lines pointing at the patched copies; every module, the patched
# ones' originals included, is checked against go.sum (-mod=readonly, and no
# GONOSUMDB: go.sum carries bb-remote-execution's lines, which the checksum
# database does not have). Go: the pinned toolchain below, from the proxy,
# checked against its h1 hash, whatever Go is on PATH (that one, any version,
# only downloads it). A second run with the same inputs only checks a stamp;
# once the modules are in the module cache, nothing needs the network.
#   tests/remote/buildbarn/build.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="$root/.offline/buildbarn"
GO_TOOLCHAIN=golang.org/toolchain@v0.0.1-go1.23.12.linux-amd64
GO_TOOLCHAIN_SUM=h1:CQZ55qhuGAYcgv4npnr3DsfZP3i8URMjkpv7TYHRIH4=
COMMANDS=(
  github.com/buildbarn/bb-storage/cmd/bb_storage
  github.com/buildbarn/bb-remote-execution/cmd/bb_scheduler
  github.com/buildbarn/bb-remote-execution/cmd/bb_worker
  github.com/buildbarn/bb-remote-execution/cmd/bb_runner
)
# module  patch directory (module:path)
PATCHED=(
  "github.com/hanwen/go-fuse/v2 github.com/buildbarn/bb-remote-execution:patches/com_github_hanwen_go_fuse_v2"
  "google.golang.org/genproto/googleapis/bytestream github.com/buildbarn/bb-storage:patches/org_golang_google_genproto_googleapis_bytestream"
  "github.com/grpc-ecosystem/go-grpc-prometheus github.com/buildbarn/bb-storage:patches/com_github_grpc_ecosystem_go_grpc_prometheus"
)

log() { printf 'buildbarn: %s\n' "$*" >&2; }
die() { printf 'buildbarn: error: %s\n' "$*" >&2; exit 1; }

stamp_want="$(cat "$here/go.mod" "$here/go.sum" "$here/tools.go" "$here/build.sh" | sha256sum | cut -d' ' -f1)"
all_built() {
  local c
  for c in "${COMMANDS[@]}"; do [ -x "$out/bin/$(basename "$c")" ] || return 1; done
}
if all_built && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp_want" ]; then
  exit 0
fi

# Only the pinned Go toolchain, this directory's go.sum and the module proxy
# decide what is built.
unset GOROOT GOPATH GOBIN GONOSUMDB GONOSUMCHECK GONOVERIFY GOPRIVATE GOINSECURE GOEXPERIMENT GOWORK
export GOTOOLCHAIN=local GOFLAGS="-mod=readonly -buildvcs=false" CGO_ENABLED=0

# field JSON_KEY < `go mod download -json` output
field() { sed -n "s/^[[:space:]]*\"$1\": \"\\(.*\\)\",\$/\\1/p"; }

log "Go toolchain $GO_TOOLCHAIN"
command -v go >/dev/null 2>&1 || die "no go on PATH to download $GO_TOOLCHAIN with (./setup.sh installs one)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/buildbarn.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# Outside any module, so that an older go on PATH does not read go.mod.
json="$(cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "$GO_TOOLCHAIN")" ||
  die "go mod download $GO_TOOLCHAIN failed (is the Go module proxy reachable?)"
sum="$(field Sum <<<"$json")"
[ "$sum" = "$GO_TOOLCHAIN_SUM" ] || die "$GO_TOOLCHAIN has hash ${sum:-none}, want $GO_TOOLCHAIN_SUM"
gosrc="$(field Dir <<<"$json")"
if [ "$(cat "$out/go/.sum" 2>/dev/null)" != "$sum" ]; then
  rm -rf "$out/go"
  mkdir -p "$out"
  cp -r "$gosrc" "$out/go"
  chmod -R u+w "$out/go"
  # Module zips keep no file modes.
  chmod +x "$out"/go/bin/* "$out"/go/pkg/tool/linux_amd64/*
  echo "$sum" >"$out/go/.sum"
fi
GO="$out/go/bin/go"

# A copy of the module: replace lines are added to it, not to go.mod.
rm -rf "$out/mod" "$out/src"
mkdir -p "$out/mod" "$out/src"
cp "$here/go.mod" "$here/go.sum" "$here/tools.go" "$out/mod/"
cd "$out/mod"

# download MODULE: `go mod download -json` of the module at go.mod's
# version, its zip and go.mod checked against go.sum.
download() {
  local v j
  v="$("$GO" list -m -f '{{.Version}}' "$1")" || die "$1 is not in go.mod's build list"
  j="$("$GO" mod download -json "$1@$v")" || die "go mod download $1@$v failed (above)"
  [ -d "$(field Dir <<<"$j")" ] || die "go mod download $1@$v gave no directory"
  printf '%s\n' "$j"
}

for p in "${PATCHED[@]}"; do
  read -r mod from <<<"$p"
  patches="$(download "${from%%:*}" | field Dir)/${from#*:}"
  j="$(download "$mod")"
  copy="$out/src/$(echo "$mod" | tr / _)"
  cp -r "$(field Dir <<<"$j")" "$copy"
  chmod -R u+w "$copy"
  # A directory replacement needs a go.mod; modules older than modules (such
  # as go-grpc-prometheus v1.2.0) get the one the proxy serves for them.
  [ -f "$copy/go.mod" ] || cp "$(field GoMod <<<"$j")" "$copy/go.mod"
  n=0
  for f in "$patches"/*.diff; do
    [ -f "$f" ] || die "no patches in $patches"
    patch -s -p0 -d "$copy" <"$f" || die "patch $f does not apply to $mod"
    n=$((n + 1))
  done
  log "patched $mod ($n patches from ${from%%:*})"
  "$GO" mod edit -replace="$mod=$copy"
done

log "building ${COMMANDS[*]##*/} with $("$GO" env GOVERSION)"
mkdir -p "$out/bin"
"$GO" build -trimpath -o "$out/bin/" "${COMMANDS[@]}" || die "go build failed (above)"
echo "$stamp_want" >"$out/.stamp"
log "built into $out/bin"
