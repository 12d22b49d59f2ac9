/*
 * sycl_rt: a strict reader of SYCLBIN v1 files ("SYBI") that registers their
 * IR modules and native images as device images (see sycl_rt.h).
 *
 * Written from the format reference (/work/shared/reference/sycl-formats.md
 * §7.1 for the container, §3.1/§3.2 for the property-set text and its
 * little-endian base64), independently of the Go reader in
 * tools/internal/syclbin: the two are meant to check each other.
 *
 * Every size and offset read from the file is checked against the file size
 * before use, in 64-bit arithmetic that cannot overflow, and every
 * allocation is bounded by a small multiple of the file size, so a hostile
 * file gets a one-line error, never a crash or a huge allocation.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sycl_rt.h"
#include "sycl_rt_internal.h"

enum {
  kFileHeaderSize = 56,
  kModuleHeaderSize = 32, /* abstract module, IR module and native headers */
  kMagic = 0x53594249,    /* "SYBI" as a LE u32: bytes 49 42 59 53 */
  kOffloadBinaryMagic = 0xAD10FF10, /* bytes 10 FF 10 AD */
  kSpirvMagic = 0x07230203,
};

static const char kGlobalSet[] = "SYCLBIN/global metadata";
static const char kIRSet[] = "SYCLBIN/ir module metadata";
static const char kNativeSet[] = "SYCLBIN/native device code image metadata";
static const char kKernelNamesSet[] = "SYCL/kernel names";

/* ---- Ownership ------------------------------------------------------------ */

struct srt_syclbin {
  char *name;
  unsigned char *file;
  size_t size;
  struct sycl_device_binaries_struct desc;
  unsigned state;
  size_t n_am, n_ir, n_native;
  const char **kernels;
  size_t n_kernels;
  size_t names_prop, names_spirv;
  int registered;
  /* Everything else the load allocated, freed together. */
  void **owned;
  size_t n_owned, cap_owned;
};

/* calloc that the bin owns. count*size is checked for overflow. */
static void *own(srt_syclbin *b, size_t count, size_t size) {
  if (count && size > SIZE_MAX / count)
    return NULL;
  if (b->n_owned == b->cap_owned) {
    size_t cap = b->cap_owned ? b->cap_owned * 2 : 32;
    void **g = realloc(b->owned, cap * sizeof *g);
    if (!g)
      return NULL;
    b->owned = g;
    b->cap_owned = cap;
  }
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (p)
    b->owned[b->n_owned++] = p;
  return p;
}

static void free_bin(srt_syclbin *b) {
  if (!b)
    return;
  for (size_t i = 0; i < b->n_owned; ++i)
    free(b->owned[i]);
  free(b->owned);
  free(b->file);
  free(b->name);
  free(b);
}

/* ---- Errors ------------------------------------------------------------- */

#define BAD(b, ...) bad_file((b)->name, __VA_ARGS__)

static int bad_file(const char *name, const char *fmt, ...)
    SRT_INTERNAL_PRINTF(2, 3);

static int bad_file(const char *name, const char *fmt, ...) {
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return srt_internal_fail(SRT_ERR_INVALID_FILE, "%s: invalid SYCLBIN: %s",
                           name, msg);
}

static int oom(const srt_syclbin *b) {
  return srt_internal_fail(SRT_ERR_SYSTEM, "%s: out of memory reading SYCLBIN",
                           b->name);
}

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p) {
  return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* ---- String-keyed index (sets by name, properties by set+name) ------------ *
 * Open addressing sized from the number of lines, so merging a hostile
 * blob with many sets or duplicate keys stays linear. */

typedef struct index_map {
  size_t *slots; /* value+1, 0 = empty */
  uint64_t *tags; /* 0: a set name; s + 1: a property of set s */
  size_t mask;
} index_map;

static uint64_t hash_key(uint64_t tag, const char *s) {
  uint64_t h = 1469598103934665603ull ^ (tag * 0x9E3779B97F4A7C15ull);
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

/* ---- Property sets (text form, §3.1) ------------------------------------- */

typedef struct prop {
  const char *name;
  uint32_t type;
  uint64_t u32_or_size; /* UINT32 value, or byte-array size incl. prefix */
  unsigned char *bytes; /* byte array incl. 8-byte bit-count prefix */
} prop;

typedef struct pset {
  const char *name;
  struct sycl_device_binary_property *props; /* final, contiguous */
  size_t n;
} pset;

typedef struct psets {
  pset *sets;
  size_t n;
} psets;

static int b64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/* The LLVM property-set base64: standard alphabet, no padding, bits packed
 * little-endian within each group (reference §3.2). */
static int decode_b64(const char *s, size_t n, unsigned char *out,
                      size_t *out_len) {
  if (n % 4 == 1)
    return -1;
  size_t o = 0;
  for (size_t i = 0; i < n; i += 4) {
    int c[4] = {0, 0, 0, 0};
    size_t k = n - i < 4 ? n - i : 4;
    for (size_t j = 0; j < k; ++j)
      if ((c[j] = b64_value((unsigned char)s[i + j])) < 0)
        return -1;
    out[o++] = (unsigned char)(c[0] | c[1] << 6);
    if (k > 2)
      out[o++] = (unsigned char)(c[1] >> 2 | c[2] << 4);
    if (k > 3)
      out[o++] = (unsigned char)(c[2] >> 4 | c[3] << 2);
  }
  *out_len = o;
  return 0;
}

/* Parses one metadata blob into sets. `what` names the blob in errors
 * ("global metadata", "abstract module 2 metadata", ...). */
static int parse_props(srt_syclbin *b, const char *what,
                       const unsigned char *blob, size_t n, psets *out) {
  out->sets = NULL;
  out->n = 0;
  if (n == 0)
    return SRT_OK;
  if (memchr(blob, 0, n))
    return BAD(b, "%s holds a NUL byte (property-set text expected)", what);
  char *text = own(b, n + 1, 1);
  if (!text)
    return oom(b);
  memcpy(text, blob, n);
  size_t lines = 1;
  for (size_t i = 0; i < n; ++i)
    lines += text[i] == '\n';

  /* Every line is at most one set or one property: size everything by it. */
  pset *sets = own(b, lines, sizeof *sets);
  prop *props = own(b, lines, sizeof *props);
  size_t *prop_set = own(b, lines, sizeof *prop_set);
  size_t cap = 16;
  while (cap < 2 * lines)
    cap *= 2;
  index_map map = {own(b, cap, sizeof(size_t)), own(b, cap, sizeof(uint64_t)),
                   cap - 1};
  if (!sets || !props || !prop_set || !map.slots || !map.tags)
    return oom(b);
  size_t nsets = 0, nprops = 0, cur = SIZE_MAX, lineno = 0;
  char *line = text;
  while (line) {
    char *nl = strchr(line, '\n');
    if (nl)
      *nl = 0;
    ++lineno;
    if (*line == 0) {
      line = nl ? nl + 1 : NULL;
      continue;
    }
    if (*line == '[') {
      char *close = strrchr(line, ']');
      if (!close || close == line + 1)
        return BAD(b, "%s line %zu: set header without a name or ']'", what,
                   lineno);
      if (close[1])
        return BAD(b, "%s line %zu: text after the set header's ']'", what,
                   lineno);
      *close = 0;
      const char *name = line + 1;
      /* Set keys are tagged 0; property keys tag set index + 1. */
      uint64_t h = hash_key(0, name);
      size_t i = h & map.mask, found = SIZE_MAX;
      while (map.slots[i]) {
        size_t v = map.slots[i] - 1;
        if (map.tags[i] == 0 && strcmp(sets[v].name, name) == 0) {
          found = v;
          break;
        }
        i = (i + 1) & map.mask;
      }
      if (found == SIZE_MAX) {
        found = nsets++;
        sets[found].name = name;
        map.slots[i] = found + 1;
        map.tags[i] = 0;
      }
      cur = found;
      line = nl ? nl + 1 : NULL;
      continue;
    }
    if (cur == SIZE_MAX)
      return BAD(b, "%s line %zu: property before any [set] header", what,
                 lineno);
    char *eq = strchr(line, '=');
    char *bar = eq ? strchr(eq + 1, '|') : NULL;
    if (!eq || !bar || eq == line || bar == eq + 1 || !bar[1])
      return BAD(b, "%s line %zu: expected NAME=TYPE|VALUE", what, lineno);
    *eq = 0;
    *bar = 0;
    const char *type_s = eq + 1, *val = bar + 1;
    prop p = {line, 0, 0, NULL};
    if (strcmp(type_s, "1") == 0) {
      /* Arbitrary-width decimal truncated to 32 bits, as LLVM reads it. */
      uint32_t v = 0;
      for (const char *c = val; *c; ++c) {
        if (*c < '0' || *c > '9')
          return BAD(b, "%s line %zu: property '%s': uint32 value '%.40s' is "
                     "not decimal", what, lineno, line, val);
        v = v * 10u + (uint32_t)(*c - '0');
      }
      p.type = SYCL_PROPERTY_TYPE_UINT32;
      p.u32_or_size = v;
    } else if (strcmp(type_s, "2") == 0) {
      size_t len = strlen(val);
      unsigned char *data = own(b, len / 4 * 3 + 3, 1);
      size_t dn = 0;
      if (!data)
        return oom(b);
      if (decode_b64(val, len, data, &dn) != 0)
        return BAD(b, "%s line %zu: property '%s': bad base64 byte array", what,
                   lineno, line);
      if (dn < 8)
        return BAD(b, "%s line %zu: property '%s': byte array of %zu bytes, "
                   "shorter than its 8-byte bit-count prefix", what, lineno,
                   line, dn);
      uint64_t bits = le64(data);
      uint64_t need = bits / 8 + (bits % 8 != 0);
      if (need != dn - 8)
        return BAD(b, "%s line %zu: property '%s': bit count %" PRIu64
                   " needs %" PRIu64 " bytes, %zu present", what, lineno, line,
                   bits, need, dn - 8);
      p.type = SYCL_PROPERTY_TYPE_BYTE_ARRAY;
      p.u32_or_size = dn;
      p.bytes = data;
    } else {
      return BAD(b, "%s line %zu: property '%s' has type '%.20s' (expected 1 "
                 "uint32 or 2 byte array)", what, lineno, line, type_s);
    }
    /* A later duplicate key overwrites the value in its first position. */
    uint64_t h = hash_key(cur + 1, line);
    size_t i = h & map.mask;
    size_t found = SIZE_MAX;
    while (map.slots[i]) {
      size_t v = map.slots[i] - 1;
      if (map.tags[i] == cur + 1 && strcmp(props[v].name, line) == 0) {
        found = v;
        break;
      }
      i = (i + 1) & map.mask;
    }
    if (found == SIZE_MAX) {
      found = nprops++;
      map.slots[i] = found + 1;
      map.tags[i] = cur + 1;
      prop_set[found] = cur;
    }
    props[found] = p;
    line = nl ? nl + 1 : NULL;
  }
  /* Lay the properties out contiguously per set, in insertion order. */
  struct sycl_device_binary_property *flat = own(b, nprops, sizeof *flat);
  size_t *fill = own(b, nsets ? nsets : 1, sizeof *fill);
  if (!flat || !fill)
    return oom(b);
  for (size_t i = 0; i < nprops; ++i)
    sets[prop_set[i]].n++;
  size_t at = 0;
  for (size_t s = 0; s < nsets; ++s) {
    sets[s].props = flat + at;
    at += sets[s].n;
  }
  for (size_t i = 0; i < nprops; ++i) {
    size_t s = prop_set[i];
    struct sycl_device_binary_property *d = &sets[s].props[fill[s]++];
    d->Name = (char *)(uintptr_t)props[i].name;
    d->Type = props[i].type;
    d->ValAddr = props[i].bytes;
    d->ValSize = props[i].u32_or_size;
  }
  out->sets = sets;
  out->n = nsets;
  return SRT_OK;
}

static const pset *find_set(const psets *s, const char *name) {
  for (size_t i = 0; i < s->n; ++i)
    if (strcmp(s->sets[i].name, name) == 0)
      return &s->sets[i];
  return NULL;
}

static const struct sycl_device_binary_property *
find_prop(const pset *s, const char *name) {
  for (size_t i = 0; s && i < s->n; ++i)
    if (strcmp(s->props[i].Name, name) == 0)
      return &s->props[i];
  return NULL;
}

/* A byte-array property holding a string (no NUL inside): NUL-terminated
 * copy, or NULL (error set) if it is not one. */
static const char *string_prop(srt_syclbin *b, const char *what,
                               const struct sycl_device_binary_property *p) {
  if (p->Type != SYCL_PROPERTY_TYPE_BYTE_ARRAY) {
    BAD(b, "%s: property '%s' must be a byte-array string", what, p->Name);
    return NULL;
  }
  const unsigned char *d = (const unsigned char *)p->ValAddr + 8;
  size_t n = (size_t)(p->ValSize - 8);
  if (le64(p->ValAddr) != 8 * (uint64_t)n || memchr(d, 0, n)) {
    BAD(b, "%s: property '%s' is not a string (bit count not 8 per byte, or "
        "a NUL inside)", what, p->Name);
    return NULL;
  }
  char *s = own(b, n + 1, 1);
  if (!s) {
    oom(b);
    return NULL;
  }
  memcpy(s, d, n);
  return s;
}

/* ---- SPIR-V entry points ---------------------------------------------------- */

/* Names of OpEntryPoint instructions with execution model Kernel, appended
 * to names[*count] (capacity cap). Not deduplicated: valid SPIR-V has no
 * duplicate entry points, and a duplicate entry is harmless to lookup. */
static int spirv_kernels(srt_syclbin *b, size_t ir, const unsigned char *p,
                         size_t n, const char **names, size_t *count,
                         size_t cap) {
  size_t words = n / 4;
  for (size_t w = 5; w < words;) {
    uint32_t first = le32(p + 4 * w);
    uint32_t wc = first >> 16, op = first & 0xFFFF;
    if (wc == 0 || wc > words - w)
      return BAD(b, "IR module %zu: SPIR-V instruction at word %zu has word "
                 "count %" PRIu32 " (outside the module)", ir, w, wc);
    if (op == 15 /* OpEntryPoint */ && wc >= 4 &&
        le32(p + 4 * (w + 1)) == 6 /* Kernel */) {
      const char *s = (const char *)(p + 4 * (w + 3));
      size_t max = 4 * (size_t)(wc - 3);
      if (!memchr(s, 0, max))
        return BAD(b, "IR module %zu: OpEntryPoint name at word %zu is not "
                   "NUL-terminated", ir, w);
      if (*s) {
        if (*count == cap)
          return BAD(b, "IR module %zu: too many entry points", ir);
        names[(*count)++] = s;
      }
    }
    w += wc;
  }
  return SRT_OK;
}

/* ---- The file ---------------------------------------------------------------- */

typedef struct range {
  uint64_t off, size;
} range;

/* [off, off+size) inside a table of `table` bytes (no overflow). */
static int in_table(uint64_t off, uint64_t size, uint64_t table) {
  return off <= table && size <= table - off;
}

/* A SYCLBIN v1 may come wrapped as the image of the single entry of an
 * LLVM OffloadBinary (reference §7.1, §8.1): finds that image. The entry's
 * ImageKind (IMG_SYCLBIN, value unknown) is not checked; the SYBI magic at
 * the start of the image is what identifies it. */
static int unwrap_offload_binary(srt_syclbin *b, uint64_t *off, uint64_t *len) {
  const unsigned char *f = b->file;
  const uint64_t size = b->size;
  if (size < 32)
    return BAD(b, "OffloadBinary of %" PRIu64 " bytes, shorter than its "
               "header", size);
  uint32_t version = le32(f + 4);
  uint64_t total = le64(f + 8), entries = le64(f + 16), count = le64(f + 24);
  if (version < 1 || version > 3)
    return BAD(b, "OffloadBinary version %" PRIu32 " (expected 1..3)", version);
  if (version == 3 && (size < 40 || le64(f + 32) != 0))
    return BAD(b, "compressed (or truncated) OffloadBinary v3: not supported");
  if (total > size || total < 32)
    return BAD(b, "OffloadBinary size %" PRIu64 " but the file has %" PRIu64
               " bytes", total, size);
  /* v1 stores the single entry's byte size where v2+ store a count. */
  if (version == 1 ? count < 40 : count != 1)
    return BAD(b, "OffloadBinary with %s %" PRIu64 ": a wrapped SYCLBIN v1 "
               "has exactly one entry (SYCLBIN v2 is not supported)",
               version == 1 ? "entry size" : "entry count", count);
  if (!in_table(entries, 40, total))
    return BAD(b, "OffloadBinary entry at %" PRIu64 " outside its %" PRIu64
               " bytes", entries, total);
  const unsigned char *e = f + entries;
  uint64_t io = le64(e + 24), is = le64(e + 32);
  if (!in_table(io, is, total))
    return BAD(b, "OffloadBinary image [%" PRIu64 ", +%" PRIu64 ") outside "
               "its %" PRIu64 " bytes", io, is, total);
  if (is < 4 || le32(f + io) != kMagic)
    return BAD(b, "OffloadBinary whose image is not a SYCLBIN v1 (no SYBI "
               "magic)");
  *off = io;
  *len = is;
  return SRT_OK;
}

static int parse(srt_syclbin *b) {
  const unsigned char *f = b->file;
  uint64_t size = b->size;
  if (size < 4)
    return BAD(b, "%" PRIu64 " bytes, too short for any header", size);
  if (le32(f) == kOffloadBinaryMagic) {
    uint64_t off = 0, len = 0;
    int rc = unwrap_offload_binary(b, &off, &len);
    if (rc != SRT_OK)
      return rc;
    f += off;
    size = len;
  }
  if (le32(f) != kMagic)
    return BAD(b, "magic 0x%08" PRIx32 ", expected 0x%08x (\"SYBI\")", le32(f),
               (unsigned)kMagic);
  if (size < kFileHeaderSize)
    return BAD(b, "%" PRIu64 " bytes, shorter than the 56-byte file header",
               size);
  uint32_t version = le32(f + 4);
  if (version != 1)
    return BAD(b, "version %" PRIu32 ", only version 1 is supported", version);
  uint64_t n_am = le32(f + 8), n_ir = le32(f + 12), n_nat = le32(f + 16);
  uint64_t meta_size = le64(f + 24), bin_size = le64(f + 32);
  uint64_t gm_off = le64(f + 40), gm_size = le64(f + 48);
  /* Counts are u32, so this sum cannot overflow 64 bits. */
  uint64_t hb = kFileHeaderSize + kModuleHeaderSize * (n_am + n_ir + n_nat);
  if (hb > size)
    return BAD(b, "%" PRIu64 " abstract modules, %" PRIu64 " IR modules and %"
               PRIu64 " native images need %" PRIu64 " header bytes, the file "
               "has %" PRIu64, n_am, n_ir, n_nat, hb, size);
  if (meta_size > size - hb)
    return BAD(b, "metadata table of %" PRIu64 " bytes at offset %" PRIu64
               " runs past the end (%" PRIu64 " bytes)", meta_size, hb, size);
  uint64_t bin_start = hb + ((meta_size + 7) & ~(uint64_t)7);
  if (bin_start > size || bin_size > size - bin_start)
    return BAD(b, "binary table of %" PRIu64 " bytes at offset %" PRIu64
               " runs past the end (%" PRIu64 " bytes)", bin_size, bin_start,
               size);
  uint64_t tail = size - bin_start - bin_size;
  for (uint64_t i = 0; i < tail; ++i)
    if (tail >= 8 || f[bin_start + bin_size + i] != 0)
      return BAD(b, "%" PRIu64 " bytes after the binary table (at most 7 "
                 "bytes of zero padding allowed)", tail);
  if (n_ir + n_nat > 65535)
    return BAD(b, "%" PRIu64 " device images, more than one descriptor holds "
               "(65535)", n_ir + n_nat);
  const unsigned char *meta = f + hb, *bin = f + bin_start;
  b->n_am = (size_t)n_am;
  b->n_ir = (size_t)n_ir;
  b->n_native = (size_t)n_nat;

  /* Global metadata: the bundle state. */
  if (!in_table(gm_off, gm_size, meta_size))
    return BAD(b, "global metadata [%" PRIu64 ", +%" PRIu64 ") outside the %"
               PRIu64 "-byte metadata table", gm_off, gm_size, meta_size);
  psets gm;
  int rc = parse_props(b, "global metadata", meta + gm_off, (size_t)gm_size, &gm);
  if (rc != SRT_OK)
    return rc;
  const struct sycl_device_binary_property *st =
      find_prop(find_set(&gm, kGlobalSet), "state");
  if (!st || st->Type != SYCL_PROPERTY_TYPE_UINT32)
    return BAD(b, "global metadata lacks uint32 '%s' in [%s]", "state",
               kGlobalSet);
  if (st->ValSize > 2)
    return BAD(b, "bundle state %" PRIu64 " (expected 0 input, 1 object, 2 "
               "executable)", st->ValSize);
  b->state = (unsigned)st->ValSize;

  /* Module headers. Every IR module and native image must belong to exactly
   * one abstract module: one unclaimed or claimed twice means the index
   * ranges are corrupt. */
  const unsigned char *amh = f + kFileHeaderSize;
  const unsigned char *irh = amh + kModuleHeaderSize * n_am;
  const unsigned char *nh = irh + kModuleHeaderSize * n_ir;
  size_t *ir_owner = own(b, (size_t)n_ir, sizeof(size_t));
  size_t *nat_owner = own(b, (size_t)n_nat, sizeof(size_t));
  psets *am_sets = own(b, (size_t)n_am, sizeof(psets));
  if (!ir_owner || !nat_owner || !am_sets)
    return oom(b);
  for (uint64_t a = 0; a < n_am; ++a) {
    const unsigned char *h = amh + kModuleHeaderSize * a;
    uint64_t mo = le64(h), ms = le64(h + 8);
    uint64_t irc = le32(h + 16), iro = le32(h + 20);
    uint64_t nc = le32(h + 24), no = le32(h + 28);
    if (!in_table(mo, ms, meta_size))
      return BAD(b, "abstract module %" PRIu64 ": metadata [%" PRIu64 ", +%"
                 PRIu64 ") outside the %" PRIu64 "-byte metadata table", a, mo,
                 ms, meta_size);
    if (iro + irc > n_ir)
      return BAD(b, "abstract module %" PRIu64 ": IR modules [%" PRIu64 ", +%"
                 PRIu64 ") but the file has %" PRIu64, a, iro, irc, n_ir);
    if (no + nc > n_nat)
      return BAD(b, "abstract module %" PRIu64 ": native images [%" PRIu64
                 ", +%" PRIu64 ") but the file has %" PRIu64, a, no, nc, n_nat);
    for (uint64_t i = iro; i < iro + irc; ++i) {
      if (ir_owner[i])
        return BAD(b, "IR module %" PRIu64 " claimed by abstract modules %zu "
                   "and %" PRIu64, i, ir_owner[i] - 1, a);
      ir_owner[i] = (size_t)a + 1;
    }
    for (uint64_t i = no; i < no + nc; ++i) {
      if (nat_owner[i])
        return BAD(b, "native image %" PRIu64 " claimed by abstract modules "
                   "%zu and %" PRIu64, i, nat_owner[i] - 1, a);
      nat_owner[i] = (size_t)a + 1;
    }
    char what[64];
    snprintf(what, sizeof what, "abstract module %" PRIu64 " metadata", a);
    rc = parse_props(b, what, meta + mo, (size_t)ms, &am_sets[a]);
    if (rc != SRT_OK)
      return rc;
  }
  for (uint64_t i = 0; i < n_ir; ++i)
    if (!ir_owner[i])
      return BAD(b, "IR module %" PRIu64 " belongs to no abstract module", i);
  for (uint64_t i = 0; i < n_nat; ++i)
    if (!nat_owner[i])
      return BAD(b, "native image %" PRIu64 " belongs to no abstract module",
                 i);

  /* Images: IR modules first, then native images, in header order. */
  size_t n_img = (size_t)(n_ir + n_nat);
  struct sycl_device_binary_v3 *imgs = own(b, n_img, sizeof *imgs);
  psets *img_sets = own(b, n_img, sizeof(psets));
  size_t *img_am = own(b, n_img, sizeof(size_t));
  if (!imgs || !img_sets || !img_am)
    return oom(b);
  for (size_t k = 0; k < n_img; ++k) {
    int is_ir = k < n_ir;
    size_t idx = is_ir ? k : k - (size_t)n_ir;
    const unsigned char *h = (is_ir ? irh : nh) + kModuleHeaderSize * idx;
    const char *kind = is_ir ? "IR module" : "native image";
    uint64_t mo = le64(h), ms = le64(h + 8), bo = le64(h + 16),
             bs = le64(h + 24);
    if (!in_table(mo, ms, meta_size))
      return BAD(b, "%s %zu: metadata [%" PRIu64 ", +%" PRIu64 ") outside the "
                 "%" PRIu64 "-byte metadata table", kind, idx, mo, ms,
                 meta_size);
    if (!in_table(bo, bs, bin_size))
      return BAD(b, "%s %zu: bytes [%" PRIu64 ", +%" PRIu64 ") outside the %"
                 PRIu64 "-byte binary table", kind, idx, bo, bs, bin_size);
    if (bs == 0)
      return BAD(b, "%s %zu is empty", kind, idx);
    char what[64];
    snprintf(what, sizeof what, "%s %zu metadata", kind, idx);
    rc = parse_props(b, what, meta + mo, (size_t)ms, &img_sets[k]);
    if (rc != SRT_OK)
      return rc;
    struct sycl_device_binary_v3 *img = &imgs[k];
    img->Version = SYCL_DEVICE_BINARY_VERSION_NO_MANIFEST;
    img->Kind = SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL;
    img->CompileOptions = "";
    img->LinkOptions = "";
    img->BinaryStart = bin + bo;
    img->BinaryEnd = bin + bo + bs;
    img_am[k] = (is_ir ? ir_owner[idx] : nat_owner[idx]) - 1;
    if (is_ir) {
      const pset *s = find_set(&img_sets[k], kIRSet);
      const struct sycl_device_binary_property *t = find_prop(s, "type");
      if (!t || t->Type != SYCL_PROPERTY_TYPE_UINT32)
        return BAD(b, "%s: no uint32 'type' in [%s]", what, kIRSet);
      const struct sycl_device_binary_property *tg = find_prop(s, "target");
      if (tg && !string_prop(b, what, tg))
        return SRT_ERR_INVALID_FILE;
      switch (t->ValSize) {
      case 0:
        /* SPIR-V: check the magic now so a broken module is reported with
         * the file's name rather than at the first launch. */
        if (bs < 20 || bs % 4 != 0 || le32(bin + bo) != kSpirvMagic)
          return BAD(b, "IR module %zu has type 0 (SPIR-V) but its %" PRIu64
                     " bytes are not little-endian SPIR-V (%s)", idx, bs,
                     bs >= 4 && le32(bin + bo) != kSpirvMagic
                         ? "no SPIR-V magic"
                         : "SPIR-V is whole 32-bit words and a 20-byte header "
                           "at least");
        img->Format = SYCL_DEVICE_BINARY_TYPE_SPIRV;
        img->DeviceTargetSpec = "spir64";
        break;
      case 1:
        img->Format = SYCL_DEVICE_BINARY_TYPE_NONE;
        img->DeviceTargetSpec = "nvptx64";
        break;
      case 2:
        img->Format = SYCL_DEVICE_BINARY_TYPE_NONE;
        img->DeviceTargetSpec = "amdgcn";
        break;
      default:
        return BAD(b, "IR module %zu has type %" PRIu64 " (expected 0 SPIR-V, "
                   "1 PTX, 2 AMDGCN)", idx, t->ValSize);
      }
    } else {
      const struct sycl_device_binary_property *arch =
          find_prop(find_set(&img_sets[k], kNativeSet), "arch");
      if (!arch)
        return BAD(b, "%s: no 'arch' in [%s]", what, kNativeSet);
      const char *a = string_prop(b, what, arch);
      if (!a)
        return SRT_ERR_INVALID_FILE;
      if (!*a)
        return BAD(b, "%s: empty 'arch'", what);
      img->Format = SYCL_DEVICE_BINARY_TYPE_NATIVE;
      img->DeviceTargetSpec = a;
    }
  }

  /* Kernel names per abstract module. */
  size_t total = 0;
  const char ***am_names = own(b, (size_t)n_am, sizeof(const char **));
  size_t *am_count = own(b, (size_t)n_am, sizeof(size_t));
  if (!am_names || !am_count)
    return oom(b);
  for (size_t a = 0; a < n_am; ++a) {
    const pset *kn = find_set(&am_sets[a], kKernelNamesSet);
    if (kn) {
      am_names[a] = own(b, kn->n, sizeof(const char *));
      if (!am_names[a])
        return oom(b);
      for (size_t i = 0; i < kn->n; ++i) {
        if (kn->props[i].Type != SYCL_PROPERTY_TYPE_UINT32)
          return BAD(b, "abstract module %zu: [%s] entry '%s' is not uint32",
                     a, kKernelNamesSet, kn->props[i].Name);
        am_names[a][i] = kn->props[i].Name;
      }
      am_count[a] = kn->n;
      b->names_prop++;
    } else {
      /* No name list: fall back to the SPIR-V modules' kernel entry points.
       * An entry point takes at least 4 words, which bounds the count. */
      size_t cap = 0;
      for (size_t k = 0; k < n_ir; ++k)
        if (img_am[k] == a && imgs[k].Format == SYCL_DEVICE_BINARY_TYPE_SPIRV)
          cap += (size_t)(imgs[k].BinaryEnd - imgs[k].BinaryStart) / 16;
      am_names[a] = own(b, cap, sizeof(const char *));
      if (!am_names[a])
        return oom(b);
      int any_spirv = 0;
      for (size_t k = 0; k < n_ir; ++k) {
        if (img_am[k] != a || imgs[k].Format != SYCL_DEVICE_BINARY_TYPE_SPIRV)
          continue;
        any_spirv = 1;
        rc = spirv_kernels(b, k, imgs[k].BinaryStart,
                           (size_t)(imgs[k].BinaryEnd - imgs[k].BinaryStart),
                           am_names[a], &am_count[a], cap);
        if (rc != SRT_OK)
          return rc;
      }
      b->names_spirv += any_spirv;
    }
    total += am_count[a];
  }
  b->kernels = own(b, total, sizeof(const char *));
  if (!b->kernels)
    return oom(b);
  for (size_t a = 0; a < n_am; ++a)
    for (size_t i = 0; i < am_count[a]; ++i)
      b->kernels[b->n_kernels++] = am_names[a][i];

  /* Offload entries (56-byte layout) and property sets per image: the
   * abstract module's sets, then the image's own. */
  for (size_t k = 0; k < n_img; ++k) {
    size_t a = img_am[k], ne = am_count[a];
    struct sycl_offload_entry_new *e = own(b, ne, sizeof *e);
    size_t ns = am_sets[a].n + img_sets[k].n;
    struct sycl_device_binary_property_set *sets = own(b, ns, sizeof *sets);
    if (!e || !sets)
      return oom(b);
    for (size_t i = 0; i < ne; ++i) {
      e[i].Version = 1;
      e[i].Kind = SYCL_OFFLOAD_ENTRY_KIND_SYCL;
      e[i].SymbolName = (char *)(uintptr_t)am_names[a][i];
    }
    if (ne) {
      imgs[k].EntriesBegin = e;
      imgs[k].EntriesEnd = e + ne;
    }
    size_t j = 0;
    const psets *srcs[2] = {&am_sets[a], &img_sets[k]};
    for (int s = 0; s < 2; ++s)
      for (size_t i = 0; i < srcs[s]->n; ++i, ++j) {
        const pset *p = &srcs[s]->sets[i];
        sets[j].Name = (char *)(uintptr_t)p->name;
        /* The registration check wants both ends NULL for an empty set. */
        sets[j].PropertiesBegin = p->n ? p->props : NULL;
        sets[j].PropertiesEnd = p->n ? p->props + p->n : NULL;
      }
    if (ns) {
      imgs[k].PropertySetsBegin = sets;
      imgs[k].PropertySetsEnd = sets + ns;
    }
  }
  b->desc.Version = SYCL_DEVICE_BINARIES_VERSION;
  b->desc.NumDeviceBinaries = (uint16_t)n_img;
  b->desc.DeviceBinaries = n_img ? imgs : NULL;
  return SRT_OK;
}

/* ---- API -------------------------------------------------------------------- */

static int load(srt_syclbin *b, srt_syclbin **out) {
  int rc = parse(b);
  if (rc == SRT_OK) {
    rc = srt_register(&b->desc);
    if (rc == SRT_OK) {
      b->registered = 1;
    } else {
      /* Name the file: the registration check only knows the descriptor. */
      char msg[1024];
      const char *e = srt_last_error();
      snprintf(msg, sizeof msg, "%s", strncmp(e, "sycl_rt: ", 9) ? e : e + 9);
      rc = srt_internal_fail(rc == SRT_ERR_INVALID_DESCRIPTOR
                                 ? SRT_ERR_INVALID_FILE
                                 : rc,
                             "%s: registering its images: %s", b->name, msg);
    }
  }
  if (rc != SRT_OK) {
    free_bin(b);
    return rc;
  }
  if (srt_internal_trace_level() > 0)
    srt_internal_trace("loaded SYCLBIN %s: state %u, %zu abstract modules, %zu "
                       "IR modules, %zu native images, %zu kernels (names from "
                       "[%s] in %zu modules, from SPIR-V entry points in %zu)",
                       b->name, b->state, b->n_am, b->n_ir, b->n_native,
                       b->n_kernels, kKernelNamesSet, b->names_prop,
                       b->names_spirv);
  if (out)
    *out = b;
  return SRT_OK;
}

static srt_syclbin *new_bin(const char *name) {
  srt_syclbin *b = calloc(1, sizeof *b);
  if (b && !(b->name = strdup(name))) {
    free(b);
    b = NULL;
  }
  return b;
}

int srt_load_syclbin_memory(const void *data, size_t size, const char *name,
                            srt_syclbin **out) {
  if (out)
    *out = NULL;
  if (!name)
    name = "(memory)";
  if (!data && size)
    return srt_internal_fail(SRT_ERR_INVALID_ARGUMENT,
                             "srt_load_syclbin_memory(%s): NULL data", name);
  srt_syclbin *b = new_bin(name);
  if (!b || !(b->file = malloc(size ? size : 1))) {
    free_bin(b);
    return srt_internal_fail(SRT_ERR_SYSTEM, "%s: out of memory", name);
  }
  if (size)
    memcpy(b->file, data, size);
  b->size = size;
  return load(b, out);
}

int srt_load_syclbin(const char *path, srt_syclbin **out) {
  if (out)
    *out = NULL;
  if (!path)
    return srt_internal_fail(SRT_ERR_INVALID_ARGUMENT,
                             "srt_load_syclbin: NULL path");
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return srt_internal_fail(SRT_ERR_SYSTEM, "cannot open %s: %s", path,
                             strerror(errno));
  struct stat sb;
  if (fstat(fd, &sb) != 0) {
    int err = errno;
    close(fd);
    return srt_internal_fail(SRT_ERR_SYSTEM, "cannot stat %s: %s", path,
                             strerror(err));
  }
  if (!S_ISREG(sb.st_mode)) {
    close(fd);
    return srt_internal_fail(SRT_ERR_SYSTEM, "%s: not a regular file", path);
  }
  if ((uint64_t)sb.st_size > SIZE_MAX) {
    close(fd);
    return srt_internal_fail(SRT_ERR_SYSTEM, "%s: too large", path);
  }
  srt_syclbin *b = new_bin(path);
  size_t n = (size_t)sb.st_size;
  if (!b || !(b->file = malloc(n ? n : 1))) {
    close(fd);
    free_bin(b);
    return srt_internal_fail(SRT_ERR_SYSTEM, "%s: out of memory (%zu bytes)",
                             path, n);
  }
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, b->file + got, n - got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      int err = r < 0 ? errno : 0;
      close(fd);
      free_bin(b);
      return srt_internal_fail(SRT_ERR_SYSTEM, "cannot read %s: %s", path,
                               err ? strerror(err) : "file shrank");
    }
    got += (size_t)r;
  }
  close(fd);
  b->size = n;
  return load(b, out);
}

int srt_syclbin_get_info(const srt_syclbin *b, srt_syclbin_info *info) {
  if (!b || !info)
    return srt_internal_fail(SRT_ERR_INVALID_ARGUMENT,
                             "srt_syclbin_get_info: NULL argument");
  info->state = b->state;
  info->num_abstract_modules = b->n_am;
  info->num_ir_modules = b->n_ir;
  info->num_native_images = b->n_native;
  info->num_kernels = b->n_kernels;
  info->names_from_property = b->names_prop;
  info->names_from_spirv = b->names_spirv;
  info->descriptor = &b->desc;
  return SRT_OK;
}

const char *srt_syclbin_kernel_name(const srt_syclbin *b, size_t i) {
  return b && i < b->n_kernels ? b->kernels[i] : NULL;
}

int srt_unload_syclbin(srt_syclbin *b) {
  if (!b)
    return srt_internal_fail(SRT_ERR_INVALID_ARGUMENT,
                             "srt_unload_syclbin: NULL handle");
  int rc = b->registered ? srt_unregister(&b->desc) : SRT_OK;
  free_bin(b);
  return rc;
}
