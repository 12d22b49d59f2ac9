// The C view of libsycl-jit's compileSYCL (DPC++ 2026.2, intel/llvm
// bcc2115097af). The library's interface is internal and unversioned:
// these layouts were read from its disassembly and checked by behaviour
// (see the package comment); static_asserts pin their sizes.
#ifndef RULES_SYCL_SYCLJIT_RTC_H_
#define RULES_SYCL_SYCLJIT_RTC_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct { const char *Path; const char *Contents; } rtc_file;
typedef struct { const void *Ptr; size_t Size; } rtc_view;
typedef struct { void *Values; size_t Size; } rtc_array;

typedef struct {
  uint32_t Format;
  uint64_t AddressBits;
  const uint8_t *BinaryStart;
  uint64_t BinarySize;
} rtc_binary;

typedef struct {
  char *Name;
  bool IsUIntValue;
  uint32_t UIntValue;
  rtc_array Bytes;
} rtc_property;

typedef struct {
  char *Name;
  rtc_array Values; // rtc_property
} rtc_property_set;

typedef struct {
  rtc_binary Binary;
  rtc_array SymbolTable; // char *
  rtc_array Properties;  // rtc_property_set
} rtc_image;

typedef struct {
  int32_t ErrorCode;
  rtc_array Images; // rtc_image
  char *CompileOptions;
  rtc_array DeviceCodeIR;
  char *BuildLog;
} rtc_result;

_Static_assert(sizeof(rtc_image) == 64, "RTCDevImgInfo is 64 bytes");
_Static_assert(sizeof(rtc_result) == 56, "RTCResult is 56 bytes");
_Static_assert(sizeof(rtc_property) == 32, "FrozenPropertyValue is 32 bytes");
_Static_assert(sizeof(rtc_property_set) == 24, "FrozenPropertySet is 24 bytes");

typedef rtc_result (*rtc_compile_fn)(rtc_file Source, rtc_view IncludeFiles,
                                     rtc_view UserArgs, rtc_view CachedIR,
                                     bool SaveIR, uint32_t Format);

// Calls through the pointer dlsym returned; the result comes back through
// out so that Go never passes a struct by value across the boundary.
// format: the library's BinaryFormat (SPIR-V 2, PTX 3).
// save_ir: the result's DeviceCodeIR holds the front end's LLVM bitcode
// (before the device libraries are linked). cached (cached_size bytes, or
// none): bitcode the library compiles instead of running the front end.
static inline void rtc_call_compile(void *fn, rtc_file src, const char **args,
                                    size_t nargs, const char *cached,
                                    size_t cached_size, bool save_ir,
                                    uint32_t format, rtc_result *out) {
  rtc_view none = {0, 0};
  rtc_view argv = {args, nargs};
  rtc_view ir = {cached, cached_size};
  *out = ((rtc_compile_fn)fn)(src, none, argv, ir, save_ir, format);
}

#endif
