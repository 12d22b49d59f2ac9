/*
 * In-memory layout of what an offload wrapper object hands to
 * __sycl_register_lib: the binary descriptor, its device images, their
 * offload entries and property sets (64-bit hosts).
 *
 * Written from /work/shared/reference/sycl-formats.md section 5.3/5.4; the
 * static asserts at the end pin every size and offset listed there, so a
 * mismatch with the reference fails the build instead of misreading memory.
 */
#ifndef RULES_SYCL_TESTS_RUNTIME_SYCL_RT_ABI_H_
#define RULES_SYCL_TESTS_RUNTIME_SYCL_RT_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Descriptor version this runtime understands. */
#define SYCL_DEVICE_BINARIES_VERSION 1

/* Device image struct versions: 1 and 2 share the 96-byte layout with the
 * (unused) manifest pointers, 3 drops them (80 bytes). */
#define SYCL_DEVICE_BINARY_VERSION_MANIFEST 2
#define SYCL_DEVICE_BINARY_VERSION_NO_MANIFEST 3

/* Image Kind. */
#define SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL 4

/* Image Format. */
#define SYCL_DEVICE_BINARY_TYPE_NONE 0 /* sniff the magic */
#define SYCL_DEVICE_BINARY_TYPE_NATIVE 1
#define SYCL_DEVICE_BINARY_TYPE_SPIRV 2
#define SYCL_DEVICE_BINARY_TYPE_LLVMIR_BITCODE 3
#define SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE 4 /* one zstd frame */

/* Property Type. */
#define SYCL_PROPERTY_TYPE_UNKNOWN 0
#define SYCL_PROPERTY_TYPE_UINT32 1
#define SYCL_PROPERTY_TYPE_BYTE_ARRAY 2
#define SYCL_PROPERTY_TYPE_STRING 3

/* Kind value that marks the 56-byte offload entry layout (OFK_SYCL). */
#define SYCL_OFFLOAD_ENTRY_KIND_SYCL 8

/* Offload entry, old 32-byte layout. Only Name is used by SYCL. */
struct sycl_offload_entry_old {
  void *Addr;
  char *Name;
  size_t Size;
  int32_t Flags;
  int32_t Reserved;
};

/* Offload entry, new 56-byte LLVM layout. */
struct sycl_offload_entry_new {
  uint64_t Reserved; /* 0 */
  uint16_t Version;  /* 1 */
  uint16_t Kind;     /* SYCL_OFFLOAD_ENTRY_KIND_SYCL */
  uint32_t Flags;    /* 0 */
  void *Address;
  char *SymbolName;
  uint64_t Size;
  uint64_t Data;
  void *AuxAddr;
};

struct sycl_device_binary_property {
  char *Name;
  /* BYTE_ARRAY: bytes starting with a u64 LE bit count (ValSize includes
   * those 8 bytes). UINT32: NULL, the value lives in ValSize. */
  void *ValAddr;
  uint32_t Type;
  uint64_t ValSize;
};

struct sycl_device_binary_property_set {
  char *Name;
  struct sycl_device_binary_property *PropertiesBegin;
  struct sycl_device_binary_property *PropertiesEnd;
};

/* Device image, versions 1 and 2 (96 bytes). Entries are typed void
 * because their layout (old or new) is only known by looking at them. */
struct sycl_device_binary_v2 {
  uint16_t Version;
  uint8_t Kind;
  uint8_t Format;
  const char *DeviceTargetSpec;
  const char *CompileOptions;
  const char *LinkOptions;
  const char *ManifestStart; /* deprecated, NULL */
  const char *ManifestEnd;
  const unsigned char *BinaryStart;
  const unsigned char *BinaryEnd;
  void *EntriesBegin;
  void *EntriesEnd;
  struct sycl_device_binary_property_set *PropertySetsBegin;
  struct sycl_device_binary_property_set *PropertySetsEnd;
};

/* Device image, version 3 (80 bytes, no manifest pointers). */
struct sycl_device_binary_v3 {
  uint16_t Version;
  uint8_t Kind;
  uint8_t Format;
  const char *DeviceTargetSpec;
  const char *CompileOptions;
  const char *LinkOptions;
  const unsigned char *BinaryStart;
  const unsigned char *BinaryEnd;
  void *EntriesBegin;
  void *EntriesEnd;
  struct sycl_device_binary_property_set *PropertySetsBegin;
  struct sycl_device_binary_property_set *PropertySetsEnd;
};

/* Binary descriptor. DeviceBinaries points at an array of
 * sycl_device_binary_v2 or sycl_device_binary_v3; the first image's Version
 * field says which. */
struct sycl_device_binaries_struct {
  uint16_t Version;
  uint16_t NumDeviceBinaries;
  void *DeviceBinaries;
  void *HostEntriesBegin; /* NULL for SYCL */
  void *HostEntriesEnd;
};

void __sycl_register_lib(struct sycl_device_binaries_struct *desc);
void __sycl_unregister_lib(struct sycl_device_binaries_struct *desc);

#if defined(__x86_64__) || defined(__aarch64__) || defined(_LP64)
#ifdef __cplusplus
#define SRT_ABI_ASSERT(c, m) static_assert(c, m)
#else
#define SRT_ABI_ASSERT(c, m) _Static_assert(c, m)
#endif
SRT_ABI_ASSERT(sizeof(struct sycl_device_binaries_struct) == 32, "descriptor");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binaries_struct, DeviceBinaries) == 8, "descriptor");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binaries_struct, HostEntriesEnd) == 24, "descriptor");
SRT_ABI_ASSERT(sizeof(struct sycl_device_binary_v2) == 96, "image v2");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v2, Format) == 3, "image v2");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v2, DeviceTargetSpec) == 8, "image v2");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v2, BinaryStart) == 48, "image v2");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v2, EntriesBegin) == 64, "image v2");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v2, PropertySetsEnd) == 88, "image v2");
SRT_ABI_ASSERT(sizeof(struct sycl_device_binary_v3) == 80, "image v3");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v3, BinaryStart) == 32, "image v3");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_v3, PropertySetsEnd) == 72, "image v3");
SRT_ABI_ASSERT(sizeof(struct sycl_device_binary_property_set) == 24, "property set");
SRT_ABI_ASSERT(sizeof(struct sycl_device_binary_property) == 32, "property");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_property, Type) == 16, "property");
SRT_ABI_ASSERT(offsetof(struct sycl_device_binary_property, ValSize) == 24, "property");
SRT_ABI_ASSERT(sizeof(struct sycl_offload_entry_old) == 32, "entry old");
SRT_ABI_ASSERT(offsetof(struct sycl_offload_entry_old, Name) == 8, "entry old");
SRT_ABI_ASSERT(sizeof(struct sycl_offload_entry_new) == 56, "entry new");
SRT_ABI_ASSERT(offsetof(struct sycl_offload_entry_new, Kind) == 10, "entry new");
SRT_ABI_ASSERT(offsetof(struct sycl_offload_entry_new, SymbolName) == 24, "entry new");
SRT_ABI_ASSERT(offsetof(struct sycl_offload_entry_new, AuxAddr) == 48, "entry new");
#undef SRT_ABI_ASSERT
#endif

#ifdef __cplusplus
}
#endif

#endif /* RULES_SYCL_TESTS_RUNTIME_SYCL_RT_ABI_H_ */
