/* LD_PRELOAD shim for tools/imagecheck: keeps every image libsycl dumps.
 *
 * libsycl.so.9 (oneAPI 2026.2) writes SYCL_DUMP_IMAGES files with
 * std::ofstream. Images it dumps at registration get distinct names
 * (spir64.spv, spir64_1.spv, ...), but compressed images are dumped when they
 * are decompressed, each to "<target>.spv", so every one overwrites the
 * previous. This shim renames a write-open of an existing file under
 * $SYCL_DUMP_IMAGES_PREFIX to "<stem>~N<ext>" (first free N). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef FILE *(*fopen_fn)(const char *, const char *);

static const char *unique_name(const char *path, const char *mode, char *buf, size_t size) {
  const char *prefix = getenv("SYCL_DUMP_IMAGES_PREFIX");
  if (!prefix || !*prefix || strncmp(path, prefix, strlen(prefix)) != 0) return path;
  if (!strchr(mode, 'w') || access(path, F_OK) != 0) return path;
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  size_t stem = (dot && (!slash || dot > slash)) ? (size_t)(dot - path) : strlen(path);
  const char *ext = path + stem;
  for (int n = 1; n < 100000; n++) {
    if ((size_t)snprintf(buf, size, "%.*s~%d%s", (int)stem, path, n, ext) >= size) return path;
    if (access(buf, F_OK) != 0) return buf;
  }
  return path;
}

static FILE *call(const char *name, const char *path, const char *mode) {
  fopen_fn real = (fopen_fn)dlsym(RTLD_NEXT, name);
  char buf[4096];
  return real(unique_name(path, mode, buf, sizeof buf), mode);
}

FILE *fopen(const char *path, const char *mode) { return call("fopen", path, mode); }
FILE *fopen64(const char *path, const char *mode) { return call("fopen64", path, mode); }
