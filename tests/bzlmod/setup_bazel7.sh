#!/usr/bin/env bash
# Prepares the Bazel 7.7.1 environment that tests/bzlmod/bazel7 runs (called by
# ./setup.sh; run as root). Idempotent: once .offline/bazel7/.complete matches
# this script and the lock, a run only checks and needs no network.
#
#   .offline/sid-debs/      the pinned sid packages (tests/bzlmod/sid-packages.lock,
#                           sha256-checked), a local apt repository; kept
#   .offline/bazel7-gomod/  a Go module cache, served to go_deps as a file://
#                           GOPROXY; kept
#   .offline/bazel7-cache/  Bazel 7 output bases, repository and disk caches; kept
#   .offline/bazel7/        rebuilt whole when its stamp is missing or stale:
#     root/                 the sid chroot (mmdebstrap from sid-debs only)
#     modules/              rules_go v0.61.1 and Gazelle v0.51.3 (Go module
#                           proxy), rules_cc 0.2.22 and bazel_features 1.50.0
#                           (../shared/third_party/bazel-modules), rules_shell
#                           0.4.0 (sid's bazel-rules-shell .deb), a stand-in
#                           for package_metadata, stub modules for what
#                           @bazel_tools names but no build here uses
#     go/                   Go 1.25.0 (rules_go 0.61.1's default SDK), the
#                           golang.org/toolchain module zip
#     registry/             an empty registry: every module is overridden
#     bazelrc               the flags tests/bzlmod/bazel7 passes (bazelrc.checkout
#                           in the checkout root: also no bazel-* symlinks)
#     .complete             written last
#
#   setup_bazel7.sh --relock   (maintainers) re-resolves the packages against
#                              the live mirror and rewrites the lock.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
OFF="$ROOT/.offline"
ENV="$OFF/bazel7"
DEBS="$OFF/sid-debs"
GOMOD="$OFF/bazel7-gomod"
CACHE="$OFF/bazel7-cache"
LOCK="$ROOT/tests/bzlmod/sid-packages.lock"
SID_DEBS="$ROOT/tests/bzlmod/sid_debs.py"

# rules_go 0.61.1: the first release that loads CcInfo and the cc rules from
# rules_cc (bazel-contrib/rules_go #4579), so it loads on Bazel 9.
RULES_GO_VERSION=v0.61.1
# The Gazelle rules_go 0.61.1 asks for (0.43.0, the last one without
# package_metadata, calls a GoContext field rules_go 0.61 no longer has).
GAZELLE_VERSION=v0.51.3
# rules_go 0.61.1's go_default_sdk (go_sdk.from_file of its go.mod:
# toolchain go1.25.0); the Go module proxy serves it as a zip (with the
# executables' modes), which go_sdk.download unpacks.
GO_SDK_VERSION=1.25.0
GO_SDK_MODULE=golang.org/toolchain@v0.0.1-go1.25.0.linux-amd64
GO_SDK_ZIP_SHA256=891083c63e4d7a5020bdaa1911a9c5a1a966b993d9d3c1137d1727be04435e02
# Modules no registry here serves, with their Bazel 9 Starlark (rules_cc's
# CcInfo, cc_common and cc rules; the bazel_features rules_cc needs):
# unchanged source archives, pinned by sha256 (their README).
THIRD_PARTY_MODULES="$(dirname "$ROOT")/shared/third_party/bazel-modules"
RULES_CC_ARCHIVE=rules_cc-0.2.22.tar.gz
RULES_CC_SHA256=1bf8564aaa653c91841a8da6ea9982594b281482bd792522a87b16bf0935c0fd
BAZEL_FEATURES_ARCHIVE=bazel_features-1.50.0.tar.gz
BAZEL_FEATURES_SHA256=cc21d5263e87e40b53b9fb8ef0e458d5911620ed85a6838ce8122bb29d6a72d9
# rules_shell (sh_test, sh_binary: Bazel 9 has no native ones), from sid's
# package: not part of the chroot, only its files.
RULES_SHELL_DEB=pool/main/b/bazel-rules-shell/bazel-rules-shell_0.4.0-1_all.deb
RULES_SHELL_SHA256=d79b9edce68fb1f32caafa7942405d9c5ac17e4ef2cc82cecd4a3f15fa7731de
# Gazelle's go_deps.module for golang.org/x/tools.
GAZELLE_EXTRA_MODULES=(golang.org/x/tools@v0.18.0)
# Modules @bazel_tools (or rules_go, Gazelle) depend on that neither sid's
# /etc/bazel/bazelrc nor anything here overrides; no build here loads them.
STUB_MODULES=(protobuf zlib buildozer apple_support)

log() { printf 'setup_bazel7.sh: %s\n' "$*" >&2; }
die() { printf 'setup_bazel7.sh: error: %s\n' "$*" >&2; exit 1; }

# The Debian mirror: RULES_SYCL_SID_MIRROR, else the host's apt source for
# Debian (bookworm's mirror also carries sid), else deb.debian.org.
mirror() {
  if [ -n "${RULES_SYCL_SID_MIRROR:-}" ]; then echo "$RULES_SYCL_SID_MIRROR"; return; fi
  local m
  m="$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -oE 'https?://[^ ]*/debian/?( |$)' | grep -v security | head -1 | tr -d ' ')" || true
  echo "${m:-http://deb.debian.org/debian}"
}

include_list() { sed -n 's/^# include: //p' "$LOCK" | tr ' ' ','; }

# What the environment is built from: a change rebuilds it.
inputs_key() {
  cat "$LOCK" "${BASH_SOURCE[0]}" "$SID_DEBS" "$ROOT/setup_go_modules.sh" | sha256sum | cut -d' ' -f1
}

# No mount may be left inside DIR before it is deleted (an interrupted
# mmdebstrap runs in its own mount namespace, so there should be none).
assert_unmounted() {
  if awk '{print $2}' /proc/self/mounts | grep -q "^$1/"; then
    die "$1 has mounts inside (umount them first): $(awk '{print $2}' /proc/self/mounts | grep "^$1/" | head -3 | tr '\n' ' ')"
  fi
}

# Stops the Bazel 7 servers of the old environment's output bases (they
# run in its chroot, which is about to be replaced).
stop_servers() {
  [ -x "$ENV/root/usr/bin/bazel" ] && [ -f "$ENV/.complete" ] || return 0
  local pidfile base
  for pidfile in "$CACHE"/user_root/*/server/server.pid.txt; do
    [ -f "$pidfile" ] || continue
    kill -0 "$(cat "$pidfile")" 2>/dev/null || continue
    base="$(dirname "$(dirname "$pidfile")")"
    log "shutting down the Bazel 7 server of $base"
    (cd "$ROOT" && timeout 120 "$ROOT/tests/bzlmod/bazel7" --output_base="$base" shutdown) || true
  done
}

# mod_dir, mod_zip, fresh_copy.
# shellcheck source=../../setup_go_modules.sh
. "$ROOT/setup_go_modules.sh"

# A flat apt repository of exactly the pinned packages.
local_repository() {
  python3 "$SID_DEBS" fetch "$LOCK" "$DEBS" "$(mirror)" || exit 1
  (cd "$DEBS" && dpkg-scanpackages --multiversion . /dev/null 2>/dev/null >Packages.tmp && mv Packages.tmp Packages)
  local sum size
  sum="$(sha256sum "$DEBS/Packages" | cut -d' ' -f1)"
  size="$(stat -c %s "$DEBS/Packages")"
  printf 'Origin: rules_sycl\nLabel: pinned sid packages\nSuite: sid\nCodename: sid\nArchitectures: amd64 all\nComponents: main\nSHA256:\n %s %s Packages\n' \
    "$sum" "$size" >"$DEBS/Release"
}

build_chroot() {
  log "building the sid chroot from $DEBS (a few minutes)"
  # Its own mount namespace: mmdebstrap's mounts cannot outlive it.
  unshare --mount --propagation private -- \
    mmdebstrap --mode=root --variant=apt --quiet \
    --include="$(include_list)" \
    --customize-hook='rm -f "$1"/etc/apt/sources.list "$1"/etc/apt/sources.list.d/*' \
    sid "$ENV/root" "deb [trusted=yes] copy://$DEBS ./" ||
    die "mmdebstrap failed (see above)"
  python3 "$SID_DEBS" check "$LOCK" "$ENV/root" || exit 1
}

prepare_modules() {
  local m="$ENV/modules"
  fresh_copy "$(mod_dir "github.com/bazelbuild/rules_go@$RULES_GO_VERSION")" "$m/rules_go"
  # Module zips keep no file modes; rules_go runs some of its scripts
  # directly (go/private/rules/binary_wrapper.sh).
  find "$m/rules_go" -name '*.sh' -exec chmod +x {} +
  # rules_go's default SDK (the one every go_sdk user falls back to, and
  # what Gazelle builds its tools with) comes from go.dev; here from the
  # local copy of the same release, pinned by sha256.
  python3 - "$m/rules_go/MODULE.bazel" "$ENV/go" "$GO_SDK_VERSION" "$GO_SDK_MODULE" "$GO_SDK_ZIP_SHA256" <<'EOF'
import sys
path, godir, version, module, sha = sys.argv[1:]
old = 'go_sdk.from_file(\n    name = "go_default_sdk",\n    go_mod = "//:go.mod",\n)\n'
s = open(path).read()
if old not in s or ("\ntoolchain go%s\n" % version) not in open(path.replace("MODULE.bazel", "go.mod")).read():
    sys.exit("setup_bazel7.sh: error: %s: no go_default_sdk from go.mod (go%s) to point at the local SDK" % (path, version))
zipname = module.split("@", 1)[1] + ".zip"
new = ('go_sdk.download(\n    name = "go_default_sdk",\n    version = "%s",\n'
       '    # setup_bazel7.sh: the same release from the Go module proxy, local.\n'
       '    sdks = {"linux_amd64": ["%s", "%s"]},\n    strip_prefix = "%s",\n'
       '    urls = ["file://%s/{}"],\n)\n') % (version, zipname, sha, module, godir)
open(path, "w").write(s.replace(old, new))
EOF
  mkdir -p "$ENV/go"
  local zip
  zip="$(mod_zip "$GO_SDK_MODULE")"
  [ "$(sha256sum "$zip" | cut -d' ' -f1)" = "$GO_SDK_ZIP_SHA256" ] ||
    die "$zip: sha256 is not the pinned $GO_SDK_ZIP_SHA256"
  cp "$zip" "$ENV/go/"

  fresh_copy "$(mod_dir "github.com/bazelbuild/bazel-gazelle@$GAZELLE_VERSION")" "$m/gazelle"
  third_party_module "$RULES_CC_ARCHIVE" "$RULES_CC_SHA256" "$m/rules_cc"
  third_party_module "$BAZEL_FEATURES_ARCHIVE" "$BAZEL_FEATURES_SHA256" "$m/bazel_features"
  # Debian's build of Bazel has no embedded version: native.bazel_version
  # is "", which bazel_features takes for a development build newer than
  # any release (so rules_cc would pick its Bazel 9 implementation and
  # bazel_features expect Bazel 9 globals such as `macro`). Its version is
  # the package's, from the lock.
  local bazel_version f
  bazel_version="$(sed -n 's/^bazel-bootstrap \([0-9][0-9.]*\)+.*/\1/p' "$LOCK")"
  [ -n "$bazel_version" ] || die "$LOCK: no bazel-bootstrap version"
  for f in "$m/bazel_features/private/version_repo.bzl" "$m/bazel_features/private/globals_repo.bzl"; do
    grep -q 'native\.bazel_version' "$f" || die "$f: no native.bazel_version to pin"
    sed -i "s/native\.bazel_version/(native.bazel_version or \"$bazel_version\")/g" "$f"
  done
  rules_shell_module "$m/rules_shell"
  # Gazelle's repository holds a second Go module, v2/ (its go.work uses
  # both; go_repository_tools builds from both), which the module zip of the
  # first leaves out: the v2 module at the version go.mod requires.
  local v2
  v2="$(sed -n 's|^[[:space:]]*github.com/bazel-contrib/bazel-gazelle/v2 \(v[^ ]*\)$|\1|p' "$m/gazelle/go.mod")"
  [ -n "$v2" ] || die "$m/gazelle/go.mod requires no github.com/bazel-contrib/bazel-gazelle/v2"
  fresh_copy "$(mod_dir "github.com/bazel-contrib/bazel-gazelle/v2@$v2")" "$m/gazelle/v2"
  find "$m/gazelle" -name '*.sh' -exec chmod +x {} +
  # go_repository_tools builds Gazelle's tools with the vendored modules;
  # the zip has none. -e: packages of its tests import example.com modules
  # that exist nowhere (nothing here builds those tests).
  (cd "$m/gazelle" && GOWORK=off GOFLAGS=-mod=mod go mod vendor -e) ||
    die "go mod vendor in $m/gazelle failed"

  local s
  for s in "${STUB_MODULES[@]}"; do
    mkdir -p "$m/stubs/$s"
    printf '# setup_bazel7.sh: a stand-in; nothing built here uses %s.\nmodule(name = "%s")\n' "$s" "$s" >"$m/stubs/$s/MODULE.bazel"
    : >"$m/stubs/$s/BUILD.bazel"
  done
  package_metadata_module "$m/package_metadata"
  # @bazel_tools's MODULE.bazel uses buildozer's extension (for `bazel mod
  # tidy`, not available here): its repository holds a buildozer that says so.
  cat >"$m/stubs/buildozer/buildozer_binary.bzl" <<'EOF'
"""setup_bazel7.sh: buildozer is not available offline (bazel mod tidy fails with this message)."""

def _repo_impl(rctx):
    rctx.file("buildozer.exe", "#!/bin/sh\necho 'buildozer is not available in the offline Bazel 7 environment' >&2\nexit 1\n", executable = True)
    rctx.file("BUILD.bazel", 'exports_files(["buildozer.exe"])\n')

_buildozer_binary_repo = repository_rule(implementation = _repo_impl)

def _impl(_mctx):
    _buildozer_binary_repo(name = "buildozer_binary")

buildozer_binary = module_extension(implementation = _impl)
EOF
  mkdir -p "$ENV/registry"
}

# third_party_module ARCHIVE SHA256 DIR: an archive of
# ../shared/third_party/bazel-modules, checked, unpacked into DIR.
third_party_module() {
  local archive="$THIRD_PARTY_MODULES/$1"
  [ -f "$archive" ] || die "$archive is missing (../shared/third_party/bazel-modules beside the checkout)"
  [ "$(sha256sum "$archive" | cut -d' ' -f1)" = "$2" ] || die "$archive: sha256 is not the pinned $2"
  rm -rf "$3" && mkdir -p "$3"
  tar -xzf "$archive" -C "$3" --strip-components=1
}

# package_metadata_module DIR: Gazelle (0.44.0 and later) declares a
# package_metadata target in every go_repository it creates, with the rule of
# the package_metadata module (bazel-contrib/supply-chain), which no registry
# or proxy here serves. This one has that rule and its provider, with the
# same attributes: it records them, as the real one does; nothing here reads
# them.
package_metadata_module() {
  rm -rf "$1" && mkdir -p "$1/rules"
  printf '# setup_bazel7.sh: package_metadata for Gazelle'"'"'s go_repository targets.\nmodule(name = "package_metadata", version = "0.0.5")\n' >"$1/MODULE.bazel"
  : >"$1/BUILD.bazel"
  : >"$1/rules/BUILD.bazel"
  cat >"$1/rules/package_metadata.bzl" <<'EOF2'
"""setup_bazel7.sh: package_metadata's rule (bazel-contrib/supply-chain's API)."""

PackageMetadataInfo = provider(
    doc = "A package's metadata: its Package URL and attribute files.",
    fields = ["purl", "attributes"],
)

def _package_metadata_impl(ctx):
    return [PackageMetadataInfo(purl = ctx.attr.purl, attributes = ctx.files.attributes)]

_package_metadata = rule(
    implementation = _package_metadata_impl,
    attrs = {
        "attributes": attr.label_list(allow_files = True),
        "purl": attr.string(mandatory = True),
    },
)

def package_metadata(name, purl, attributes = [], **kwargs):
    # Not its own metadata: a repository's default_package_metadata names
    # this target, which would otherwise depend on itself (as rules_license's
    # package_info does it).
    _package_metadata(name = name, purl = purl, attributes = attributes, applicable_licenses = [], **kwargs)
EOF2
}

# rules_shell_module DIR: rules_shell's files from sid's bazel-rules-shell
# .deb (kept in .offline/sid-debs-extra: the chroot does not install it).
rules_shell_module() {
  local deb="$OFF/sid-debs-extra/$(basename "$RULES_SHELL_DEB")" tmp
  mkdir -p "$OFF/sid-debs-extra"
  if [ ! -f "$deb" ] || [ "$(sha256sum "$deb" | cut -d' ' -f1)" != "$RULES_SHELL_SHA256" ]; then
    curl -sSf -o "$deb.tmp" "$(mirror)/$RULES_SHELL_DEB" || die "downloading $RULES_SHELL_DEB failed"
    mv "$deb.tmp" "$deb"
  fi
  [ "$(sha256sum "$deb" | cut -d' ' -f1)" = "$RULES_SHELL_SHA256" ] || die "$deb: sha256 is not the pinned $RULES_SHELL_SHA256"
  tmp="$(mktemp -d)"
  dpkg-deb -x "$deb" "$tmp"
  rm -rf "$1" && mkdir -p "$(dirname "$1")"
  mv "$tmp/usr/share/bazel/rules/shell" "$1"
  rm -rf "$tmp"
}

# Every Go module go_deps may fetch (rules_sycl's, rules_go's and Gazelle's
# module graphs), in a module cache whose download/ tree is a GOPROXY.
prepare_go_modules() {
  local d tmp
  # rules_sycl's go.mod from a copy: `download all` would add go.sum lines.
  tmp="$(mktemp -d)"
  cp "$ROOT/go.mod" "$ROOT/go.sum" "$tmp/"
  for d in "$tmp" "$ENV/modules/rules_go" "$ENV/modules/gazelle"; do
    (cd "$d" && GOMODCACHE="$GOMOD" GOFLAGS=-mod=mod go mod download all) ||
      die "go mod download all in $d failed (is the Go module proxy reachable?)"
  done
  rm -rf "$tmp"
  GOMODCACHE="$GOMOD" GOFLAGS=-mod=mod go mod download "${GAZELLE_EXTRA_MODULES[@]}" ||
    die "go mod download ${GAZELLE_EXTRA_MODULES[*]} failed"
  sha256sum <"$ROOT/go.sum" >"$GOMOD/.go.sum"
}

write_bazelrc() {
  local s
  {
    echo "# Written by tests/bzlmod/setup_bazel7.sh; passed by tests/bzlmod/bazel7."
    echo "# Every module is overridden: an empty registry makes a miss fail at once."
    echo "common --registry=file://$ENV/registry"
    echo "common --override_module=rules_go=$ENV/modules/rules_go"
    echo "common --override_module=gazelle=$ENV/modules/gazelle"
    echo "# After sid's /etc/bazel/bazelrc, whose rules_cc 0.0.11 and"
    echo "# bazel_features 1.11.0 they replace (the last override of a module wins)."
    echo "common --override_module=rules_cc=$ENV/modules/rules_cc"
    echo "common --override_module=bazel_features=$ENV/modules/bazel_features"
    echo "common --override_module=rules_shell=$ENV/modules/rules_shell"
    echo "common --override_module=package_metadata=$ENV/modules/package_metadata"
    for s in "${STUB_MODULES[@]}"; do
      echo "common --override_module=$s=$ENV/modules/stubs/$s"
    done
    echo "# bzlmod only: the WORKSPACE suffix would download rules_cc."
    echo "common --noenable_workspace"
    echo "# No MODULE.bazel.lock in the workspace: its paths are this machine's."
    echo "common --lockfile_mode=off"
    echo "common --repository_cache=$CACHE/repos"
    echo "# Shared by every workspace: the consumer module reuses rules_go's"
    echo "# stdlib and builder actions of rules_sycl's own build."
    echo "build --disk_cache=$CACHE/disk"
    echo "build --experimental_disk_cache_gc_max_size=8G"
    echo "common --repo_env=RULES_SYCL_WHEELHOUSE=$OFF/wheels"
    echo "common --repo_env=RULES_SYCL_DEBS=$OFF/debs"
    echo "common --repo_env=GOPROXY=file://$GOMOD/cache/download"
    echo "common --repo_env=GOSUMDB=off"
    echo "# sid's /etc/bazel/bazelrc turns it on."
    echo "build --nosandbox_debug"
    echo "# Bazel 9 as far as 7.7.1 can show it, for every command."
    echo "import $ROOT/tests/bzlmod/bazel9.bazelrc"
  } >"$ENV/bazelrc"
  # For rules_sycl's own workspace (the checkout root): no convenience
  # symlinks. Its bazel-* belong to Bazel 4.2.3, and a Bazel 7 bazel-<dir>
  # (named after the checkout directory, so not in .bazelignore) would lead
  # Bazel 4.2.3's //... into Bazel 7's execroot.
  {
    echo "# Written by tests/bzlmod/setup_bazel7.sh: bazel7 in the rules_sycl checkout root."
    echo "import $ENV/bazelrc"
    echo "build --experimental_convenience_symlinks=ignore"
  } >"$ENV/bazelrc.checkout"
}

relock() {
  local tmp
  tmp="$(mktemp -d "$OFF/relock.XXXXXX")"
  log "resolving $(include_list) against $(mirror) in $tmp"
  mkdir -p "$tmp/debs"
  unshare --mount --propagation private -- \
    mmdebstrap --mode=root --variant=apt --quiet \
    --aptopt='Acquire::Check-Valid-Until "false"' --skip=download/empty \
    --include="$(include_list)" \
    --customize-hook="sync-out /var/cache/apt/archives $tmp/debs" \
    --customize-hook="chroot \"\$1\" dpkg-query -W -f='\${Package} \${Version} \${Architecture}\n' >$tmp/installed.txt" \
    sid "$tmp/root" "$(mirror)"
  curl -sSf "$(mirror)/dists/sid/main/binary-amd64/Packages.xz" | xz -dc >"$tmp/Packages"
  python3 "$SID_DEBS" lock "$(include_list)" "$tmp/installed.txt" "$tmp/Packages" "$tmp/debs" >"$LOCK.new"
  mv "$LOCK.new" "$LOCK"
  mkdir -p "$DEBS" && mv "$tmp"/debs/*.deb "$DEBS"/ 2>/dev/null || true
  assert_unmounted "$tmp"
  rm -rf "$tmp"
  log "wrote $LOCK"
}

main() {
  [ "$(id -u)" -eq 0 ] || die "run as root (mmdebstrap --mode=root, chroot)"
  if [ "${1:-}" = "--relock" ]; then relock; return; fi
  local key
  key="$(inputs_key)"
  if [ "$(cat "$ENV/.complete" 2>/dev/null)" = "$key" ] && [ -x "$ENV/root/usr/bin/bazel" ]; then
    # go.mod gained a module since the chroot was built: fetch it too.
    if [ "$(cat "$GOMOD/.go.sum" 2>/dev/null)" != "$(sha256sum <"$ROOT/go.sum")" ]; then
      prepare_go_modules
    fi
    return 0
  fi
  if [ -e "$ENV" ]; then
    log "rebuilding $ENV (missing or stale stamp: an interrupted or older setup)"
    stop_servers
    assert_unmounted "$ENV"
    rm -rf "$ENV"
  fi
  mkdir -p "$ENV" "$CACHE"
  local_repository
  build_chroot
  prepare_modules
  prepare_go_modules
  write_bazelrc
  echo "$key" >"$ENV/.complete"
  log "done: tests/bzlmod/bazel7 is ready"
}

main "$@"
