# Sourced by setup.sh and tests/bzlmod/setup_bazel7.sh (which define die):
# Go modules from the Go module proxy, as trees to lay out offline.

# mod_field FIELD MODULE@VERSION -> that field of `go mod download -json`
# (Dir: the module's directory in the module cache; Zip: its zip).
mod_field() {
  local v
  v="$(GOFLAGS=-mod=mod go mod download -json "$2" | sed -n 's/^[[:space:]]*"'"$1"'": "\(.*\)",$/\1/p')"
  [ -n "$v" ] && [ -e "$v" ] || die "go mod download $2 failed (is the Go module proxy reachable?)"
  printf '%s\n' "$v"
}

mod_dir() { mod_field Dir "$1"; }
mod_zip() { mod_field Zip "$1"; }

# fresh_copy SRC DST: a writable copy (the module cache is read-only).
fresh_copy() {
  rm -rf "$2"
  mkdir -p "$(dirname "$2")"
  cp -r "$1" "$2"
  chmod -R u+w "$2"
}
