#!/usr/bin/env bash
# Fails when a public rule attribute or build setting of rules_sycl is missing
# from docs/reference.md.
#   docs_test.sh REFERENCE.md PUBLIC_ATTRS.txt sycl/BUILD.bazel
set -euo pipefail
doc="$1" attrs="$2" settings_build="$3"
# The build settings: every *_flag(...) target of //sycl (buildifier keeps
# `name = "..."` on the line after the rule's opening).
settings="$(awk '/^[a-z_]*_flag\(/ {f=1; next} f && /name = "/ {sub(/.*name = "/, ""); sub(/".*/, ""); print "//sycl:" $0; f=0}' "$settings_build")"
missing=0
current=""
# Each rule has a "## <rule>" section whose table rows start with | `attr` |.
while read -r kind name; do
  [ -n "$kind" ] || continue
  section="$(awk -v h="## $kind" '$0 == h {on=1; next} /^## / {on=0} on' "$doc")"
  if [ -z "$section" ]; then
    [ "$kind" = "$current" ] || echo "docs: no section '## $kind' in $doc" >&2
    current="$kind"
    missing=1
    continue
  fi
  if ! grep -qF "| \`$name\` |" <<<"$section"; then
    echo "docs: $kind attribute '$name' is not documented in $doc" >&2
    missing=1
  fi
done <"$attrs"
n_settings=0
while read -r label; do
  [ -n "$label" ] || continue
  n_settings=$((n_settings + 1))
  flag="--@rules_sycl${label%%:*}:${label##*:}"
  if ! grep -qF -- "$flag" "$doc"; then
    echo "docs: build setting $flag is not documented in $doc" >&2
    missing=1
  fi
done <<<"$settings"
[ "$n_settings" -gt 0 ] || { echo "docs: no build settings listed (genquery broken?)" >&2; exit 1; }
[ "$missing" -eq 0 ] || exit 1
echo "docs: $(grep -c . "$attrs") attributes and $n_settings build settings documented"
