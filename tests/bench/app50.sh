# Sourced by the benchmarks of the generated 50-TU program
# (tests/bench/syclcpp/run.sh, tests/bench/rdc/run.sh,
# tests/bench/intel_gpu/run.sh), after measure.sh and
# with root, work, ob and flags set: the program, B (bazel in the bench's
# output base), the one-TU edit of tu7.cc (edit_tu7; restore_tu7), the
# cleanup on exit (the edit undone, the server stopped, the cgroups and the
# work directory removed) and the first build (app50_setup: rules_sycl's
# tools and external repositories; sets execroot).
# With W > 0 (environment), the heavier app50x<W> (tests/hermetic/gen.sh 50
# W: W unrolled helpers and W/2 more kernels per TU), generated here and
# removed at exit.
app=app50
if (("${W:-0}" > 0)); then
  app="app50x$W"
  "$root/tests/hermetic/gen.sh" 50 "$W" >/dev/null
fi
target="//tests/hermetic/$app:$app"
pkg="tests/hermetic/$app"
edited="$pkg/tu7.cc"
B() { bazel --output_base="$ob" "$@"; }
cp "$root/$edited" "$work/tu7.cc.orig"
restore_tu7() { cp "$work/tu7.cc.orig" "$root/$edited"; }
app50_cleanup() {
  restore_tu7
  [ "$app" = app50 ] || rm -rf "${root:?}/$pkg"
  (cd "$root" && B shutdown >/dev/null 2>&1) || true
  cgroups_cleanup
  chmod -R u+w "$work" 2>/dev/null
  rm -rf "$work"
}
trap app50_cleanup EXIT

# A kernel constant of tu7.cc changes: its device and host compiles rerun.
edit_tu7() {
  sed -i -E '0,/return x \* ([0-9]+) \+ ([0-9]+);/s//return x * \1 + \2 + 1;/' "$root/$edited"
  cmp -s "$root/$edited" "$work/tu7.cc.orig" && { echo "the edit changed nothing" >&2; exit 1; }
  return 0
}

app50_setup() { # [FLAGS...] of the first build besides $flags
  echo "== setup: rules_sycl's tools, external repositories and a first build"
  echo "$(date -u), $(nproc) CPUs, load $(load); CPU accounting: ${cgroot:-none (machine busy time only)}"
  B build "${flags[@]}" "$@" "$target" >"$work/first.log" 2>&1 || { tail -20 "$work/first.log"; exit 1; }
  execroot="$(B info execution_root 2>/dev/null)"
}
