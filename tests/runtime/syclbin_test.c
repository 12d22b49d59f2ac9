/*
 * Test of the SYCLBIN reader (srt_load_syclbin, sycl_rt_syclbin.c).
 *
 *   syclbin_test FILE.syclbin KERNELS.spv [GO_WRITTEN.syclbin...]
 *
 * FILE.syclbin is produced at build time from runtime_test_kernels.cl: two
 * abstract modules, the first naming srt_test_iota and srt_test_axpy in
 * [SYCL/kernel names] with one SPIR-V IR module, the second without that
 * set (names come from the SPIR-V entry points) holding a SPIR-V IR module
 * and a native image for another device. The test
 *   1. loads it, checks what was registered and runs all three kernels from
 *      it on the OpenCL device (srt_test_reverse_local is only reachable
 *      through the SPIR-V entry-point fallback);
 *      each GO_WRITTEN.syclbin, the same kernels written by tools/bundler
 *      (the Go writer; bare, or wrapped in an OffloadBinary), is loaded and
 *      run the same way: two implementations of the format checking each
 *      other;
 *   2. feeds the reader corrupt variants: every truncation, hostile counts,
 *      sizes and offsets (including ones that overflow 64-bit sums), broken
 *      module ranges, bad property text / base64 / bit counts, bad SPIR-V,
 *      and a few thousand random byte flips of the header area. Each must
 *      fail with SRT_ERR_INVALID_FILE and a one-line message naming the
 *      file (or, for flips that leave a valid file, load and unload);
 *   3. reads the file wrapped in an LLVM OffloadBinary (and rejects broken
 *      wrappers);
 *   4. builds variants with syclbin_write.h in memory: bundle state 0 with
 *      an abstract module without metadata, a native-only file (registered,
 *      reported as not runnable here), and invalid ones (no or mistyped
 *      global state, bad property lines, non-uint32 kernel names, targets
 *      that are not strings).
 * Exit status 0 only if every check passed.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sycl_rt.h"
#include "test_check.h"
#include "syclbin_write.h"



static void put32(unsigned char *p, uint32_t v) { sbw_put32(p, v); }
static void put64(unsigned char *p, uint64_t v) { sbw_put64(p, v); }
static uint64_t get64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i)
    v = v << 8 | p[i];
  return v;
}

/* Expects the load of (data, n) to fail as an invalid file with a one-line
 * message naming `name` and containing `needle` (NULL: any). */
static void expect_bad(int line, const unsigned char *data, size_t n,
                       const char *name, const char *needle) {
  srt_syclbin *b = (srt_syclbin *)&g_checks; /* must be reset to NULL */
  int rc = srt_load_syclbin_memory(data, n, name, &b);
  const char *msg = srt_last_error();
  ++g_checks;
  if (rc != SRT_ERR_INVALID_FILE || b != NULL || !strstr(msg, name) ||
      strchr(msg, '\n') || (needle && !strstr(msg, needle))) {
    ++g_failures;
    fprintf(stderr,
            "FAIL syclbin_test.c:%d: %s: got %d (%s) \"%s\", want invalid "
            "file mentioning \"%s\"\n",
            line, name, rc, srt_status_name(rc), msg, needle ? needle : "");
    if (rc == SRT_OK && b)
      srt_unload_syclbin(b);
  }
}
#define EXPECT_BAD(d, n, name, needle) expect_bad(__LINE__, d, n, name, needle)

/* ---- 1: load and run ------------------------------------------------------- */

static const char k_iota[] = "srt_test_iota";
static const char k_axpy[] = "srt_test_axpy";
static const char k_rev[] = "srt_test_reverse_local";

static void run_kernels(void) {
  enum { N = 4096, WG = 64 };
  static int host[N], x[N];
  srt_buffer *y = srt_buffer_create(sizeof host);
  srt_buffer *xb = srt_buffer_create(sizeof x);
  CHECK(y && xb, "buffers");
  if (!y || !xb)
    return;
  size_t global[1] = {N}, local[1] = {WG};
  int base = 17, a = -5;
  srt_arg iota_args[2] = {srt_arg_buffer(y), srt_arg_value(&base, sizeof base)};
  CHECK(srt_launch(k_iota, 1, global, NULL, 2, iota_args) == SRT_OK, "%s", k_iota);
  for (int i = 0; i < N; ++i)
    x[i] = (i * 53) % 97 - 48;
  CHECK(srt_buffer_write(xb, 0, x, sizeof x) == SRT_OK, "write");
  srt_arg axpy_args[3] = {srt_arg_buffer(y), srt_arg_buffer(xb),
                          srt_arg_value(&a, sizeof a)};
  CHECK(srt_launch(k_axpy, 1, global, NULL, 3, axpy_args) == SRT_OK, "%s", k_axpy);
  CHECK(srt_buffer_read(y, 0, host, sizeof host) == SRT_OK, "read");
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += host[i] != a * x[i] + base + 3 * i;
  CHECK(bad == 0, "iota+axpy: %d of %d elements wrong", bad, N);
  srt_arg rev_args[2] = {srt_arg_buffer(xb), srt_arg_local(WG * sizeof(int))};
  CHECK(srt_launch(k_rev, 1, global, local, 2, rev_args) == SRT_OK, "%s", k_rev);
  CHECK(srt_buffer_read(xb, 0, host, sizeof host) == SRT_OK, "read");
  bad = 0;
  for (int i = 0; i < N; ++i)
    bad += host[i] != x[(i / WG) * WG + (WG - 1 - i % WG)];
  CHECK(bad == 0, "%s: %d of %d elements wrong", k_rev, bad, N);
  srt_buffer_release(y);
  srt_buffer_release(xb);
  if (!g_failures)
    printf("  ran %s, %s, %s from the SYCLBIN on %d elements: OK\n", k_iota,
           k_axpy, k_rev, N);
}

/* What a loaded file must look like. */
typedef struct expect {
  size_t am, ir, native, named_by_prop, named_by_spirv, kernels;
  const char *const *names;
} expect;

/* runtime_test_kernels.syclbin (syclbin_gen, this package). */
static const char *const gen_names[] = {k_iota, k_axpy, k_iota, k_axpy, k_rev};
static const expect gen_expect = {2, 2, 1, 1, 1, 5, gen_names};
/* The same kernels written by the Go bundler (one abstract module per
 * image: the native image is its own module, named by its .prop). */
static const char *const go_names[] = {k_iota, k_axpy, k_iota,
                                       k_axpy, k_rev,  k_rev};
static const expect go_expect = {3, 2, 1, 2, 1, 6, go_names};

static void test_load_and_run(const char *path, const expect *want_layout) {
  size_t before = srt_num_images();
  srt_syclbin *b = NULL;
  int rc = srt_load_syclbin(path, &b);
  CHECK(rc == SRT_OK && b, "load %s", path);
  if (rc != SRT_OK)
    return;
  srt_syclbin_info in;
  CHECK(srt_syclbin_get_info(b, &in) == SRT_OK, "info");
  printf("%s: state %u, %zu abstract modules, %zu IR modules, %zu native "
         "images, %zu kernel names (%zu modules named by [SYCL/kernel names], "
         "%zu by SPIR-V entry points)\n",
         path, in.state, in.num_abstract_modules, in.num_ir_modules,
         in.num_native_images, in.num_kernels, in.names_from_property,
         in.names_from_spirv);
  const expect *w = want_layout;
  CHECK(in.state == 2 && in.num_abstract_modules == w->am &&
            in.num_ir_modules == w->ir && in.num_native_images == w->native,
        "layout");
  CHECK(in.names_from_property == w->named_by_prop &&
            in.names_from_spirv == w->named_by_spirv,
        "name sources");
  CHECK(in.num_kernels == w->kernels, "kernels: got %zu", in.num_kernels);
  CHECK(srt_num_images() == before + w->ir + w->native, "images registered");
  for (size_t i = 0; i < w->kernels && i < in.num_kernels; ++i) {
    const char *k = srt_syclbin_kernel_name(b, i);
    CHECK(k && strcmp(k, w->names[i]) == 0, "kernel %zu: %s", i,
          k ? k : "(null)");
  }
  CHECK(srt_syclbin_kernel_name(b, in.num_kernels) == NULL, "out of range");

  srt_image_info ii;
  CHECK(srt_lookup_kernel(k_rev, &ii) == SRT_OK && ii.format == 2 &&
            strcmp(ii.target, "spir64") == 0 && ii.version == 3 &&
            ii.new_entry_layout == 1 && ii.descriptor == in.descriptor,
        "lookup %s", k_rev);
  const unsigned char *d = NULL;
  size_t n = 0;
  uint64_t bits = 0;
  CHECK(srt_kernel_property_bytes(k_iota, "SYCLBIN/ir module metadata",
                                  "target", &d, &n, &bits) == SRT_OK &&
            n == 6 && bits == 48 && memcmp(d, "spir64", 6) == 0,
        "ir module target property");
  uint32_t v = 99;
  CHECK(srt_kernel_property_u32(k_iota, "SYCL/kernel names", k_iota, &v) ==
                SRT_OK && v == 1,
        "kernel names property");
  CHECK(srt_kernel_property_bytes(k_axpy, "SYCL/device requirements",
                                  "aspects", &d, &n, &bits) == SRT_OK &&
            n == 0 && bits == 0,
        "aspects");

  if (srt_init() == SRT_OK) {
    printf("device: %s\n", srt_device_name());
    run_kernels();
  } else {
    CHECK(0, "srt_init");
  }

  CHECK(srt_unload_syclbin(b) == SRT_OK, "unload");
  CHECK(srt_num_images() == before, "images dropped");
  CHECK(srt_lookup_kernel(k_rev, NULL) == SRT_ERR_KERNEL_NOT_FOUND,
        "kernel gone after unload");
}

/* ---- 2: corrupt files ------------------------------------------------------ */

/* Offset of the first occurrence of needle in hay, or SIZE_MAX. */
static size_t find(const unsigned char *hay, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; ++i)
    if (memcmp(hay + i, needle, k) == 0)
      return i;
  return SIZE_MAX;
}

static void test_corrupt(const unsigned char *good, size_t n) {
  unsigned char *m = malloc(n + 64);
  CHECK(m != NULL, "malloc");
  if (!m)
    return;
  char name[64];

  /* Every proper prefix is rejected (the binary table ends the file). */
  for (size_t len = 0; len < n; ++len) {
    snprintf(name, sizeof name, "truncated-%zu.syclbin", len);
    EXPECT_BAD(good, len, name, NULL);
  }

#define RESET() memcpy(m, good, n)
  RESET();
  m[0] ^= 1;
  EXPECT_BAD(m, n, "magic.syclbin", "magic 0x");
  RESET();
  put32(m, 0xAD10FF10u); /* OffloadBinary magic bytes 10 FF 10 AD */
  EXPECT_BAD(m, n, "offload.syclbin", "OffloadBinary");
  RESET();
  put32(m + 4, 2);
  EXPECT_BAD(m, n, "v2.syclbin", "version 2");

  /* Hostile counts: header block far past the end (and 3 x 2^32 x 32 must
   * not wrap). */
  RESET();
  put32(m + 8, 0xFFFFFFFFu);
  put32(m + 12, 0xFFFFFFFFu);
  put32(m + 16, 0xFFFFFFFFu);
  EXPECT_BAD(m, n, "counts.syclbin", "header bytes");
  RESET();
  put32(m + 12, 1000);
  EXPECT_BAD(m, n, "ircount.syclbin", NULL);

  /* Table sizes at and around 2^64: align8(meta) and the binary table end
   * must not wrap into the file. */
  uint64_t hostile[] = {UINT64_MAX, UINT64_MAX - 6, UINT64_MAX - 7,
                        (uint64_t)1 << 63, n};
  for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; ++i) {
    RESET();
    put64(m + 24, hostile[i]);
    snprintf(name, sizeof name, "metasize-%zu.syclbin", i);
    EXPECT_BAD(m, n, name, "table");
    RESET();
    put64(m + 32, hostile[i]);
    snprintf(name, sizeof name, "binsize-%zu.syclbin", i);
    EXPECT_BAD(m, n, name, "binary table");
    RESET();
    put64(m + 40, hostile[i]);
    snprintf(name, sizeof name, "gmoff-%zu.syclbin", i);
    EXPECT_BAD(m, n, name, "global metadata");
    RESET();
    put64(m + 48, hostile[i]);
    snprintf(name, sizeof name, "gmsize-%zu.syclbin", i);
    EXPECT_BAD(m, n, name, "global metadata");
  }
  RESET();
  put64(m + 40, 8);
  put64(m + 48, UINT64_MAX - 7); /* off + size wraps to 0 */
  EXPECT_BAD(m, n, "gmwrap.syclbin", "global metadata");

  /* Abstract module 0 header at 56, IR module 0 at 56 + 2*32 = 120, native
   * image 0 at 56 + 4*32 = 184 (2 AMs, 2 IR modules, 1 native image). */
  const size_t am0 = 56, am1 = 88, ir0 = 120, nat0 = 184;
  RESET();
  put64(m + am0, UINT64_MAX);
  EXPECT_BAD(m, n, "ammeta.syclbin", "abstract module 0: metadata");
  RESET();
  put64(m + am0 + 8, UINT64_MAX);
  EXPECT_BAD(m, n, "ammetasize.syclbin", "abstract module 0: metadata");
  RESET();
  put32(m + am0 + 20, 0xFFFFFFFFu); /* IR offset + count wraps in 32 bits */
  EXPECT_BAD(m, n, "amir.syclbin", "abstract module 0: IR modules");
  RESET();
  put32(m + am1 + 28, 1); /* native images [1, +1) of 1 */
  EXPECT_BAD(m, n, "amnat.syclbin", "native images");
  RESET();
  put32(m + am1 + 20, 0); /* both modules claim IR module 0 */
  EXPECT_BAD(m, n, "overlap.syclbin", "claimed by abstract modules 0 and 1");
  RESET();
  put32(m + am0 + 16, 0); /* IR module 0 claimed by nobody */
  EXPECT_BAD(m, n, "orphan.syclbin", "IR module 0 belongs to no abstract module");
  RESET();
  put64(m + ir0 + 16, UINT64_MAX - 3);
  EXPECT_BAD(m, n, "iroff.syclbin", "IR module 0: bytes");
  RESET();
  put64(m + ir0 + 24, get64(good + 32) + 1);
  EXPECT_BAD(m, n, "irsize.syclbin", "outside the");
  RESET();
  put64(m + ir0 + 24, 0);
  EXPECT_BAD(m, n, "irempty.syclbin", "IR module 0 is empty");
  RESET();
  put64(m + nat0 + 8, UINT64_MAX);
  EXPECT_BAD(m, n, "natmeta.syclbin", "native image 0: metadata");
  RESET();
  put64(m + ir0 + 24, 21); /* SPIR-V that is not whole words */
  EXPECT_BAD(m, n, "irwords.syclbin", "whole 32-bit words");
  RESET();
  uint64_t bin_start = 56 + 5 * 32 + ((get64(good + 24) + 7) & ~(uint64_t)7);
  m[bin_start + get64(good + ir0 + 16)] ^= 0xFF;
  EXPECT_BAD(m, n, "irmagic.syclbin", "no SPIR-V magic");

  /* Trailing bytes: up to 7 zero bytes of padding are fine, garbage is not. */
  memcpy(m, good, n);
  memset(m + n, 0, 8);
  srt_syclbin *b = NULL;
  CHECK(srt_load_syclbin_memory(m, n + 7, "padded.syclbin", &b) == SRT_OK,
        "7 bytes of zero padding");
  if (b)
    srt_unload_syclbin(b);
  EXPECT_BAD(m, n + 8, "padded8.syclbin", "after the binary table");
  m[n] = 1;
  EXPECT_BAD(m, n + 1, "trailing.syclbin", "after the binary table");

  /* Metadata text, found by content so the layout the writer chose does
   * not matter. */
  struct {
    const char *find, *replace, *needle;
  } text[] = {
      {"state=1|2", "state=1|x", "not decimal"},
      {"state=1|2", "state=3|2", "type '3'"},
      {"state=1|2", "state=0|2", "type '0'"},
      {"state=1|2", "state=1x2", "expected NAME=TYPE|VALUE"},
      {"state=1|2", "state=1|3", "bundle state 3"},
      {"[SYCLBIN/global metadata]", "[SYCLBIN/global metadatX]", "lacks uint32 'state'"},
      {"[SYCLBIN/global metadata]\n", "[SYCLBIN/global metadata]x", "text after"},
      {"type=1|0", "type=1|7", "type 7"},
      {"type=1|0", "typo=1|0", "no uint32 'type'"},
      {"aspects=2|AAAAAAAAAAA", "aspects=2|AAAAAAAAAA*", "bad base64"},
      {"aspects=2|AAAAAAAAAAA", "aspects=2|AAAAAAAAA\n\n", "bad base64"},
      {"aspects=2|AAAAAAAAAAA", "aspects=2|BAAAAAAAAAA", "bit count 1 needs 1 bytes, 0"},
      {"aspects=2|AAAAAAAAAAA", "aspects=2|AAAAAAAAAA\001", "bad base64"},
      {"aspects=2|AAAAAAAAAAA", "aspects=2|AAAAAAA\0AAA", "NUL"},
      {"[SYCL/kernel names]", "[SYCL/kernel names ", "set header"},
      {"srt_test_iota=1|1\n", "srt_test_iot=2|11\n", "shorter than its 8-byte"},
      {"arch=2|", "arch=1|", "not decimal"},
      {"[SYCLBIN/native device code image metadata]",
       "[SYCLBIN/native device code image metadatX]", "no 'arch'"},
  };
  for (size_t i = 0; i < sizeof text / sizeof text[0]; ++i) {
    RESET();
    size_t at = find(good, n, text[i].find);
    CHECK(at != SIZE_MAX, "fixture lacks \"%s\"", text[i].find);
    if (at == SIZE_MAX)
      continue;
    memcpy(m + at, text[i].replace, strlen(text[i].find));
    snprintf(name, sizeof name, "text-%zu.syclbin", i);
    EXPECT_BAD(m, n, name, text[i].needle);
  }
  /* Random byte flips over the headers and metadata: any outcome but a
   * crash, a multi-line message or a message without the name. */
  uint64_t s = 0x9E3779B97F4A7C15ull;
  size_t limit = n < 1024 ? n : 1024, ok = 0, rejected = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    RESET();
    int flips = 1 + iter % 4;
    for (int k = 0; k < flips; ++k) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      m[s % limit] ^= (unsigned char)(1u << ((s >> 32) % 8));
    }
    snprintf(name, sizeof name, "flip-%d.syclbin", iter);
    b = NULL;
    int rc = srt_load_syclbin_memory(m, n, name, &b);
    if (rc == SRT_OK) {
      ++ok;
      CHECK(srt_unload_syclbin(b) == SRT_OK, "unload flipped");
    } else {
      ++rejected;
      const char *msg = srt_last_error();
      CHECK(rc == SRT_ERR_INVALID_FILE && strstr(msg, name) &&
                !strchr(msg, '\n'),
            "flip %d: %d %s", iter, rc, msg);
    }
  }
  printf("  random flips: %zu loaded, %zu rejected cleanly\n", ok, rejected);
  free(m);
#undef RESET
}

/* SYCLBIN v1 wrapped in an OffloadBinary: read through the wrapper, and
 * the wrapper's own fields are bounds-checked. */
static void test_wrapped(const unsigned char *good, size_t n) {
  size_t wn = 0;
  unsigned char *w = sbw_wrap_offload_binary(good, n, &wn);
  CHECK(w != NULL, "wrap");
  if (!w)
    return;
  srt_syclbin *b = NULL;
  srt_syclbin_info in;
  CHECK(srt_load_syclbin_memory(w, wn, "wrapped.syclbin", &b) == SRT_OK,
        "wrapped v1");
  if (b) {
    CHECK(srt_syclbin_get_info(b, &in) == SRT_OK &&
              in.num_abstract_modules == 2 && in.num_kernels == 5,
          "wrapped v1 info");
    srt_image_info ii;
    CHECK(srt_lookup_kernel(k_rev, &ii) == SRT_OK && ii.format == 2 &&
              ii.size > 20 && ii.binary[0] == 0x03,
          "wrapped v1 image");
    srt_unload_syclbin(b);
  }
  unsigned char *m = malloc(wn);
  CHECK(m != NULL, "malloc");
  if (!m) {
    free(w);
    return;
  }
  struct {
    size_t at;
    uint64_t value;
    const char *name, *needle;
  } cases[] = {
      {4, 0, "ob-version0.syclbin", "OffloadBinary version 0"},
      {4, 4, "ob-version4.syclbin", "OffloadBinary version 4"},
      {8, (uint64_t)wn + 8, "ob-size.syclbin", "OffloadBinary size"},
      {8, UINT64_MAX, "ob-size-max.syclbin", "OffloadBinary size"},
      {24, 2, "ob-count.syclbin", "exactly one entry"},
      {16, UINT64_MAX - 8, "ob-entries.syclbin", "entry at"},
      {32 + 24, UINT64_MAX - 3, "ob-image-off.syclbin", "OffloadBinary image"},
      {32 + 32, (uint64_t)wn, "ob-image-size.syclbin", "OffloadBinary image"},
      {32 + 24, 0, "ob-not-sybi.syclbin", "no SYBI magic"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    memcpy(m, w, wn);
    if (cases[i].at == 4)
      put32(m + 4, (uint32_t)cases[i].value);
    else
      put64(m + cases[i].at, cases[i].value);
    EXPECT_BAD(m, wn, cases[i].name, cases[i].needle);
  }
  /* Header version 3 with a non-zero InflatedSize is compressed. */
  memcpy(m, w, wn);
  put32(m + 4, 3);
  put64(m + 32, 1);
  EXPECT_BAD(m, wn, "ob-v3.syclbin", "compressed");
  for (size_t len = 0; len < 80; ++len) {
    char name[64];
    snprintf(name, sizeof name, "ob-truncated-%zu.syclbin", len);
    EXPECT_BAD(w, len, name, NULL);
  }
  free(m);
  free(w);
}

/* Real files: the path is named in the message. */
static void test_files(const unsigned char *good, size_t n) {
  const char *tmp = getenv("TEST_TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  char path[4096];
  snprintf(path, sizeof path, "%s/truncated.syclbin", tmp);
  FILE *f = fopen(path, "wb");
  CHECK(f && fwrite(good, 1, n / 2, f) == n / 2 && fclose(f) == 0, "write %s", path);
  srt_syclbin *b = NULL;
  int rc = srt_load_syclbin(path, &b);
  CHECK(rc == SRT_ERR_INVALID_FILE && !b && strstr(srt_last_error(), path) &&
            !strchr(srt_last_error(), '\n'),
        "truncated file: %d", rc);
  snprintf(path, sizeof path, "%s/does-not-exist.syclbin", tmp);
  rc = srt_load_syclbin(path, &b);
  CHECK(rc == SRT_ERR_SYSTEM && strstr(srt_last_error(), path), "missing: %d", rc);
  rc = srt_load_syclbin(tmp, &b);
  CHECK(rc == SRT_ERR_SYSTEM && strstr(srt_last_error(), "not a regular file"),
        "directory: %d", rc);
  snprintf(path, sizeof path, "%s/empty.syclbin", tmp);
  f = fopen(path, "wb");
  CHECK(f && fclose(f) == 0, "write %s", path);
  rc = srt_load_syclbin(path, &b);
  CHECK(rc == SRT_ERR_INVALID_FILE && strstr(srt_last_error(), path) &&
            strstr(srt_last_error(), "too short"),
        "empty: %d", rc);
}

/* ---- 3: written variants -------------------------------------------------- */

static void test_variants(const unsigned char *spv, size_t spv_n) {
  sbw_blob spirv = {spv, spv_n};
  static const unsigned char native_bytes[] = "placeholder native image";
  sbw_blob native = {native_bytes, sizeof native_bytes};
  const char *ir_meta = "[SYCLBIN/ir module metadata]\ntype=1|0\n";
  sbw_image ir[2] = {{ir_meta, spirv}, {ir_meta, spirv}};
  sbw_module am[2] = {{"[SYCL/kernel names]\nsrt_test_iota=1|1\n", 0, 1, 0, 0},
                      {"", 1, 1, 0, 0}};
  sbw_file f = {"[SYCLBIN/global metadata]\nstate=1|0\n", am, 2, ir, 2, NULL, 0};
  size_t n = 0;
  unsigned char *p = sbw_write(&f, &n);
  srt_syclbin *b = NULL;
  srt_syclbin_info in;
  CHECK(p && srt_load_syclbin_memory(p, n, "input.syclbin", &b) == SRT_OK,
        "state 0 file");
  if (b) {
    CHECK(srt_syclbin_get_info(b, &in) == SRT_OK && in.state == 0 &&
              in.num_kernels == 4 && in.names_from_spirv == 1,
          "state 0, empty AM metadata -> SPIR-V names");
    srt_unload_syclbin(b);
  }
  free(p);

  /* A string property built by the writer's encoder round-trips. */
  char *arch = sbw_string_value("intel_gpu_pvc");
  char nat_text[256];
  snprintf(nat_text, sizeof nat_text,
           "[SYCLBIN/native device code image metadata]\narch=%s\n", arch);
  free(arch);
  sbw_image nat[1] = {{nat_text, native}};
  sbw_module am1[1] = {{"[SYCL/kernel names]\nnative_only=1|1\n", 0, 0, 0, 1}};
  sbw_file g = {"[SYCLBIN/global metadata]\nstate=1|2\n", am1, 1, NULL, 0, nat, 1};
  p = sbw_write(&g, &n);
  b = NULL;
  CHECK(p && srt_load_syclbin_memory(p, n, "native.syclbin", &b) == SRT_OK,
        "native-only file");
  srt_image_info ii;
  CHECK(srt_lookup_kernel("native_only", &ii) == SRT_OK && ii.format == 1 &&
            strcmp(ii.target, "intel_gpu_pvc") == 0,
        "native image target");
  size_t g1[1] = {1};
  CHECK(srt_launch("native_only", 1, g1, NULL, 0, NULL) ==
                SRT_ERR_UNSUPPORTED_IMAGE &&
            strstr(srt_last_error(), "intel_gpu_pvc"),
        "native image does not run here");
  if (b)
    srt_unload_syclbin(b);
  free(p);

  /* Byte arrays that are not strings: 3 bits in 1 byte; "a\0b". */
  static const unsigned char bits3[9] = {3, 0, 0, 0, 0, 0, 0, 0, 5};
  static const unsigned char nul3[11] = {24, 0, 0, 0, 0, 0, 0, 0, 'a', 0, 'b'};
  char bits_target[128], nul_target[128], enc[32];
  sbw_base64(bits3, sizeof bits3, enc);
  snprintf(bits_target, sizeof bits_target,
           "[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|%s\n", enc);
  sbw_base64(nul3, sizeof nul3, enc);
  snprintf(nul_target, sizeof nul_target,
           "[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=2|%s\n", enc);
  struct {
    const char *global, *am, *ir, *needle;
  } bad[] = {
      {"", "", NULL, "lacks uint32 'state'"},
      {"[SYCLBIN/global metadata]\n", "", NULL, "lacks uint32 'state'"},
      {"state=1|1\n", "", NULL, "before any [set] header"},
      {"[SYCLBIN/global metadata]\nstate=2|AAAAAAAAAAA\n", "", NULL, "lacks uint32"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "[]\n", NULL, "without a name"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "[a]\nk=1|\n", NULL, "NAME=TYPE|VALUE"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "[a]\n=1|1\n", NULL, "NAME=TYPE|VALUE"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "[SYCL/kernel names]\nk=2|AAAAAAAAAAA\n",
       NULL, "is not uint32"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "", "[x]\ntype=1|0\n", "no uint32 'type'"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "",
       "[SYCLBIN/ir module metadata]\ntype=1|0\ntarget=1|5\n",
       "must be a byte-array string"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "", bits_target,
       "bit count not 8 per byte"},
      {"[SYCLBIN/global metadata]\nstate=1|1\n", "", nul_target,
       "a NUL inside"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    sbw_image one[1] = {{bad[i].ir ? bad[i].ir : ir_meta, spirv}};
    sbw_module m1[1] = {{bad[i].am, 0, 1, 0, 0}};
    sbw_file h = {bad[i].global, m1, 1, one, 1, NULL, 0};
    p = sbw_write(&h, &n);
    char name[64];
    snprintf(name, sizeof name, "variant-%zu.syclbin", i);
    CHECK(p != NULL, "write");
    if (p)
      EXPECT_BAD(p, n, name, bad[i].needle);
    free(p);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: %s FILE.syclbin KERNELS.spv [GO_WRITTEN.syclbin...]\n",
            argv[0]);
    return 2;
  }
  size_t n = 0, spv_n = 0;
  unsigned char *good = slurp(argv[1], &n), *spv = slurp(argv[2], &spv_n);
  if (!good || !spv) {
    fprintf(stderr, "syclbin_test: cannot read %s or %s\n", argv[1], argv[2]);
    return 1;
  }
  test_load_and_run(argv[1], &gen_expect);
  for (int i = 3; i < argc; ++i) /* the Go writer's output, read here */
    test_load_and_run(argv[i], &go_expect);
  test_corrupt(good, n);
  test_files(good, n);
  test_wrapped(good, n);
  test_variants(spv, spv_n);
  srt_teardown();
  printf("%s: %d checks, %d failures\n", g_failures ? "FAILED" : "PASSED",
         g_checks, g_failures);
  free(good);
  free(spv);
  return g_failures ? 1 : 0;
}
