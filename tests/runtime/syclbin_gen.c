/*
 * syclbin_gen: writes a SYCLBIN v1 file for tests (see syclbin_write.h).
 *
 *   syclbin_gen -o OUT [-state N] (-am NAMES (-ir SPV | -native ARCH FILE)...)...
 *
 * Each -am starts an abstract module; NAMES is a comma-separated kernel list
 * written as its [SYCL/kernel names] set, or "-" for a module without that
 * set (readers then need another source of names). -ir adds a SPIR-V IR
 * module (type 0, target spir64), -native a native image for ARCH, both to
 * the current abstract module. -state is the bundle state (default 2,
 * executable). Errors: one line naming the file, exit status 1.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syclbin_write.h"

static void die(const char *what, const char *name) {
  fprintf(stderr, "syclbin_gen: %s: %s\n", name, what);
  exit(1);
}

static sbw_blob slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die("cannot open", path);
  size_t cap = 1 << 16, n = 0;
  unsigned char *p = malloc(cap);
  while (p) {
    n += fread(p + n, 1, cap - n, f);
    if (n < cap)
      break;
    unsigned char *g = realloc(p, cap *= 2);
    if (!g)
      free(p);
    p = g;
  }
  if (!p || ferror(f))
    die("cannot read", path);
  fclose(f);
  if (n == 0)
    die("empty input", path);
  sbw_blob b = {p, n};
  return b;
}

/* Appends to a growing malloc'd string. */
static char *cat(char *s, const char *t) {
  size_t a = s ? strlen(s) : 0, b = strlen(t);
  char *r = realloc(s, a + b + 1);
  if (!r)
    die("out of memory", "syclbin_gen");
  memcpy(r + a, t, b + 1);
  return r;
}

int main(int argc, char **argv) {
  const char *out = NULL;
  unsigned state = 2;
  size_t cap = (size_t)argc;
  sbw_module *ams = calloc(cap, sizeof *ams);
  sbw_image *ir = calloc(cap, sizeof *ir), *nat = calloc(cap, sizeof *nat);
  size_t nam = 0, nir = 0, nnat = 0;
  if (!ams || !ir || !nat)
    die("out of memory", "syclbin_gen");
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int more = argc - i - 1;
    if (strcmp(a, "-o") == 0 && more >= 1) {
      out = argv[++i];
    } else if (strcmp(a, "-state") == 0 && more >= 1) {
      state = (unsigned)strtoul(argv[++i], NULL, 10);
    } else if (strcmp(a, "-am") == 0 && more >= 1) {
      const char *names = argv[++i];
      char *meta = NULL;
      if (strcmp(names, "-") != 0) {
        meta = cat(NULL, "[SYCL/kernel names]\n");
        char *list = strdup(names);
        for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
          meta = cat(meta, tok);
          meta = cat(meta, "=1|1\n");
        }
        free(list);
      }
      /* Every split module's .prop has device requirements. */
      meta = cat(meta, "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n");
      ams[nam].metadata = meta;
      ams[nam].first_ir = nir;
      ams[nam].first_native = nnat;
      ++nam;
    } else if (strcmp(a, "-ir") == 0 && more >= 1 && nam) {
      char *target = sbw_string_value("spir64");
      char *meta = cat(NULL, "[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=");
      meta = cat(meta, target);
      meta = cat(meta, "\n");
      free(target);
      ir[nir].metadata = meta;
      ir[nir].bytes = slurp(argv[++i]);
      ++nir;
      ams[nam - 1].num_ir++;
    } else if (strcmp(a, "-native") == 0 && more >= 2 && nam) {
      char *arch = sbw_string_value(argv[++i]);
      char *meta =
          cat(NULL, "[SYCLBIN/native device code image metadata]\narch=");
      meta = cat(meta, arch);
      meta = cat(meta, "\n");
      free(arch);
      nat[nnat].metadata = meta;
      nat[nnat].bytes = slurp(argv[++i]);
      ++nnat;
      ams[nam - 1].num_native++;
    } else {
      fprintf(stderr,
              "syclbin_gen: bad argument '%s' (usage: -o OUT [-state N] "
              "(-am NAMES|- (-ir SPV | -native ARCH FILE)...)...)\n",
              a);
      return 1;
    }
  }
  if (!out)
    die("no -o OUT given", "syclbin_gen");
  char global[64];
  snprintf(global, sizeof global, "[SYCLBIN/global metadata]\nstate=1|%u\n",
           state);
  sbw_file f = {global, ams, nam, ir, nir, nat, nnat};
  size_t n = 0;
  unsigned char *p = sbw_write(&f, &n);
  if (!p)
    die("out of memory", out);
  FILE *o = fopen(out, "wb");
  if (!o)
    die("cannot create", out);
  if (fwrite(p, 1, n, o) != n || fclose(o) != 0)
    die("cannot write", out);
  free(p);
  return 0;
}
