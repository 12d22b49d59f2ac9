// The libspirv directory work-around of the PTX compile (see ptx.go): the
// pinned build's SYCLToolchain singleton holds the directory it re-opens
// libspirv from as "/lib/clang/23/lib/", without the in-memory toolchain's
// prefix. These functions read and rewrite that one libc++ std::string in
// the loaded library; the caller gives the offsets it has for the library's
// sha256 and the strings it expects there.
#ifndef RULES_SYCL_SYCLJIT_PTX_H_
#define RULES_SYCL_SYCLJIT_PTX_H_

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The singleton's fields this reads, by offset from its start: the
// toolchain prefix (a StringRef: pointer, length) and the resource library
// directory (a libc++ std::string: short when bit 0 of its first byte is
// clear, with the length in that byte's other bits and the characters from
// byte 1; long otherwise, with the capacity | 1, the length and the
// pointer).
enum { rtc_prefix_field = 0x10, rtc_libdir_field = 0x38 };

typedef struct {
  const char *prefix;
  size_t prefix_len;
  const char *libdir;
  size_t libdir_len;
} rtc_toolchain_dirs;

// The library's load address, from an address inside it; NULL if unknown.
static inline uint8_t *rtc_library_base(void *symbol) {
  Dl_info info;
  if (!dladdr(symbol, &info)) return NULL;
  return (uint8_t *)info.dli_fbase;
}

// Whether the singleton at base + guard_off's guard says it is constructed.
static inline int rtc_singleton_ready(uint8_t *base, uintptr_t guard_off) {
  return *(volatile uint8_t *)(base + guard_off) != 0;
}

static inline rtc_toolchain_dirs rtc_read_dirs(uint8_t *base,
                                               uintptr_t instance_off) {
  uint8_t *inst = base + instance_off;
  rtc_toolchain_dirs d;
  memcpy(&d.prefix, inst + rtc_prefix_field, sizeof d.prefix);
  memcpy(&d.prefix_len, inst + rtc_prefix_field + 8, sizeof d.prefix_len);
  uint8_t *s = inst + rtc_libdir_field;
  if (s[0] & 1) {
    memcpy(&d.libdir_len, s + 8, sizeof d.libdir_len);
    memcpy(&d.libdir, s + 16, sizeof d.libdir);
  } else {
    d.libdir_len = s[0] >> 1;
    d.libdir = (const char *)s + 1;
  }
  return d;
}

// Makes the directory string dir (a long string; dir is copied into memory
// that the library's own operator delete, free, can release).
static inline int rtc_write_libdir(uint8_t *base, uintptr_t instance_off,
                                   const char *dir, size_t len) {
  char *buf = (char *)malloc(len + 1);
  if (!buf) return 0;
  memcpy(buf, dir, len);
  buf[len] = 0;
  uint8_t *s = base + instance_off + rtc_libdir_field;
  size_t cap = (len + 1 + 15) & ~(size_t)15;
  size_t word = cap | 1;
  memcpy(s + 8, &len, sizeof len);
  memcpy(s + 16, &buf, sizeof buf);
  memcpy(s, &word, sizeof word);
  return 1;
}

#endif
