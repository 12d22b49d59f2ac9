/*
 * A minimal SYCLBIN v1 writer for tests (header-only, static functions):
 * syclbin_gen uses it to produce test inputs at build time, syclbin_test to
 * build variants in memory. Written from the format reference §7.1 and the
 * property-set text rules of §3.1/§3.2, independently of the Go writer in
 * tools/internal/syclbin.
 *
 * Layout written: FileHeader | abstract-module headers | IR-module headers
 * | native-image headers | metadata table (global, then each abstract
 * module's, IR module's, native image's metadata, packed; the table padded
 * with zeros to 8) | binary table (IR bytes, then native bytes, packed).
 */
#ifndef RULES_SYCL_TESTS_RUNTIME_SYCLBIN_WRITE_H_
#define RULES_SYCL_TESTS_RUNTIME_SYCLBIN_WRITE_H_

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct sbw_blob {
  const unsigned char *data;
  size_t size;
} sbw_blob;

typedef struct sbw_image {
  const char *metadata; /* property-set text */
  sbw_blob bytes;
} sbw_image;

typedef struct sbw_module {
  const char *metadata; /* property-set text ("" for none) */
  size_t first_ir, num_ir, first_native, num_native;
} sbw_module;

typedef struct sbw_file {
  const char *global_metadata;
  const sbw_module *modules;
  size_t num_modules;
  const sbw_image *ir;
  size_t num_ir;
  const sbw_image *native;
  size_t num_native;
} sbw_file;

static inline void sbw_put32(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 4; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

static inline void sbw_put64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; ++i)
    p[i] = (unsigned char)(v >> (8 * i));
}

/* Encodes bytes in the property-set base64 (little-endian bit packing, no
 * padding) into out, which needs (n*4+2)/3 + 1 bytes. */
static inline void sbw_base64(const unsigned char *d, size_t n, char *out) {
  static const char t[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    out[o++] = t[d[i] & 63];
    out[o++] = t[((d[i + 1] << 2) | (d[i] >> 6)) & 63];
    out[o++] = t[((d[i + 2] << 4) | (d[i + 1] >> 4)) & 63];
    out[o++] = t[(d[i + 2] >> 2) & 63];
  }
  if (n - i == 1) {
    out[o++] = t[d[i] & 63];
    out[o++] = t[(d[i] >> 6) & 63];
  } else if (n - i == 2) {
    out[o++] = t[d[i] & 63];
    out[o++] = t[((d[i + 1] << 2) | (d[i] >> 6)) & 63];
    out[o++] = t[(d[i + 1] >> 4) & 63];
  }
  out[o] = 0;
}

/* "2|<base64 of u64 bit count + bytes>" for a string value; malloc'd. */
static inline char *sbw_string_value(const char *s) {
  size_t n = strlen(s);
  unsigned char *raw = malloc(8 + n);
  char *out = malloc(3 + (8 + n) * 4 / 3 + 4);
  if (!raw || !out) {
    free(raw);
    free(out);
    return NULL;
  }
  sbw_put64(raw, 8 * (uint64_t)n);
  memcpy(raw + 8, s, n);
  out[0] = '2';
  out[1] = '|';
  sbw_base64(raw, 8 + n, out + 2);
  free(raw);
  return out;
}

/* The whole file in one malloc'd buffer; NULL on out of memory. */
static inline unsigned char *sbw_write(const sbw_file *f, size_t *size_out) {
  size_t nh = f->num_modules + f->num_ir + f->num_native;
  size_t hb = 56 + 32 * nh;
  size_t meta = strlen(f->global_metadata);
  for (size_t i = 0; i < f->num_modules; ++i)
    meta += strlen(f->modules[i].metadata);
  size_t bin = 0;
  for (size_t i = 0; i < f->num_ir; ++i) {
    meta += strlen(f->ir[i].metadata);
    bin += f->ir[i].bytes.size;
  }
  for (size_t i = 0; i < f->num_native; ++i) {
    meta += strlen(f->native[i].metadata);
    bin += f->native[i].bytes.size;
  }
  size_t meta_padded = (meta + 7) & ~(size_t)7;
  size_t total = hb + meta_padded + bin;
  unsigned char *p = calloc(1, total);
  if (!p)
    return NULL;
  unsigned char *m = p + hb, *b = p + hb + meta_padded;
  size_t mo = 0, bo = 0;
  sbw_put32(p, 0x53594249u);
  sbw_put32(p + 4, 1);
  sbw_put32(p + 8, f->num_modules);
  sbw_put32(p + 12, f->num_ir);
  sbw_put32(p + 16, f->num_native);
  sbw_put64(p + 24, meta);
  sbw_put64(p + 32, bin);
  size_t gl = strlen(f->global_metadata);
  sbw_put64(p + 40, mo);
  sbw_put64(p + 48, gl);
  memcpy(m + mo, f->global_metadata, gl);
  mo += gl;
  unsigned char *h = p + 56;
  for (size_t i = 0; i < f->num_modules; ++i, h += 32) {
    const sbw_module *am = &f->modules[i];
    size_t l = strlen(am->metadata);
    sbw_put64(h, mo);
    sbw_put64(h + 8, l);
    sbw_put32(h + 16, am->num_ir);
    sbw_put32(h + 20, am->first_ir);
    sbw_put32(h + 24, am->num_native);
    sbw_put32(h + 28, am->first_native);
    memcpy(m + mo, am->metadata, l);
    mo += l;
  }
  for (int pass = 0; pass < 2; ++pass) {
    const sbw_image *imgs = pass ? f->native : f->ir;
    size_t n = pass ? f->num_native : f->num_ir;
    for (size_t i = 0; i < n; ++i, h += 32) {
      size_t l = strlen(imgs[i].metadata);
      sbw_put64(h, mo);
      sbw_put64(h + 8, l);
      sbw_put64(h + 16, bo);
      sbw_put64(h + 24, imgs[i].bytes.size);
      memcpy(m + mo, imgs[i].metadata, l);
      mo += l;
      memcpy(b + bo, imgs[i].bytes.data, imgs[i].bytes.size);
      bo += imgs[i].bytes.size;
    }
  }
  *size_out = total;
  return p;
}

/* img wrapped as the single entry of an LLVM OffloadBinary, header version
 * 2 (reference §8.1): header (32) | entry (40) | image | zero pad to 8. No
 * string entries. ImageKind is left 0 (IMG_SYCLBIN's value is unknown),
 * OffloadKind is OFK_SYCL (8). */
static inline unsigned char *sbw_wrap_offload_binary(const unsigned char *img,
                                              size_t n, size_t *size_out) {
  size_t total = (72 + n + 7) & ~(size_t)7;
  unsigned char *p = calloc(1, total);
  if (!p)
    return NULL;
  p[0] = 0x10, p[1] = 0xFF, p[2] = 0x10, p[3] = 0xAD;
  sbw_put32(p + 4, 2);
  sbw_put64(p + 8, total);
  sbw_put64(p + 16, 32); /* entries offset */
  sbw_put64(p + 24, 1);  /* entries count */
  unsigned char *e = p + 32;
  e[2] = 8;              /* OffloadKind OFK_SYCL */
  sbw_put64(e + 8, 72);  /* string entries (none) */
  sbw_put64(e + 24, 72); /* image offset */
  sbw_put64(e + 32, n);
  memcpy(p + 72, img, n);
  *size_out = total;
  return p;
}

#endif /* RULES_SYCL_TESTS_RUNTIME_SYCLBIN_WRITE_H_ */
