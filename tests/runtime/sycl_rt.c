/*
 * sycl_rt: registration of device images and kernel launches on PoCL.
 * See sycl_rt.h for the API and sycl_rt_abi.h for the descriptor layout.
 */
#define _POSIX_C_SOURCE 200809L
/* 2.0 for shared virtual memory (clSVMAlloc); clCreateCommandQueue, which
 * 2.0 deprecates, is kept because PoCL and every ICD still provide it. */
#define CL_TARGET_OPENCL_VERSION 200
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS

#include "sycl_rt.h"
#include "sycl_rt_internal.h"

#include <CL/cl.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

extern char **environ;

/* ---- State --------------------------------------------------------------- */

typedef struct srt_kernel_slot {
  char *name;
  cl_kernel kernel;
  cl_uint num_args;
} srt_kernel_slot;

/* One registered device image, normalized from the v2 or v3 struct. The
 * pointers point into the wrapper object's memory, which stays valid while
 * its descriptor is registered. */
typedef struct srt_image {
  const struct sycl_device_binaries_struct *desc;
  unsigned index;
  unsigned version, kind, format;
  const char *target, *compile_options, *link_options;
  const unsigned char *begin, *end;
  const char **entry_names;
  size_t num_entries;
  int new_entry_layout;
  const struct sycl_device_binary_property_set *sets_begin, *sets_end;
  /* Built lazily on first launch; reset by srt_teardown. */
  cl_program program;
  srt_kernel_slot *kernels;
  size_t num_kernels;
} srt_image;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static srt_image **g_images;
static size_t g_num_images, g_cap_images;
static char g_error[1024];

static cl_context g_context;
static cl_command_queue g_queue;
static cl_device_id g_device;
static char g_device_name[256];

struct srt_buffer {
  cl_mem mem;
  size_t size;
};

/* Host-shared allocations (srt_malloc_shared). */
typedef struct srt_shared {
  void *ptr;
  size_t size;
  cl_mem mem;  /* emulated mode: the device copy */
  int mapped;  /* coarse-grain mode: currently mapped for the host */
} srt_shared;

static int g_shared_mode; /* srt_shared_mode, 0 before srt_init */
static srt_shared *g_shared;
static size_t g_num_shared, g_cap_shared;

static const char kPrefix[] = "sycl_rt: ";

/* ---- Errors and tracing --------------------------------------------------- */

#if defined(__GNUC__)
#define SRT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SRT_PRINTF(f, a)
#endif

static int fail(int status, const char *fmt, ...) SRT_PRINTF(2, 3);
static int fail(int status, const char *fmt, ...) {
  va_list ap;
  size_t n = sizeof kPrefix - 1;
  memcpy(g_error, kPrefix, n);
  va_start(ap, fmt);
  vsnprintf(g_error + n, sizeof g_error - n, fmt, ap);
  va_end(ap);
  /* Messages are documented as one line; make sure tool output pasted into
   * them does not break that. */
  for (char *p = g_error; *p; ++p)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
  return status;
}

const char *srt_last_error(void) { return g_error; }

int srt_internal_fail(int status, const char *fmt, ...) {
  va_list ap;
  char msg[sizeof g_error];
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return fail(status, "%s", msg);
}

const char *srt_status_name(int status) {
  switch (status) {
  case SRT_OK: return "ok";
  case SRT_ERR_INVALID_ARGUMENT: return "invalid argument";
  case SRT_ERR_INVALID_DESCRIPTOR: return "invalid descriptor";
  case SRT_ERR_KERNEL_NOT_FOUND: return "kernel not found";
  case SRT_ERR_UNSUPPORTED_IMAGE: return "unsupported device image";
  case SRT_ERR_TOOL: return "tool failed";
  case SRT_ERR_OPENCL: return "OpenCL error";
  case SRT_ERR_NOT_INITIALIZED: return "not initialized";
  case SRT_ERR_SYSTEM: return "system error";
  case SRT_ERR_NOT_FOUND: return "not found";
  case SRT_ERR_INVALID_FILE: return "invalid SYCLBIN file";
  default: return "unknown status";
  }
}

static int trace_level(void) {
  const char *v = getenv("SYCL_RT_TRACE");
  if (!v || !*v)
    return 0;
  return atoi(v);
}

static void trace(const char *fmt, ...) SRT_PRINTF(1, 2);
static void trace(const char *fmt, ...) {
  va_list ap;
  fputs(kPrefix, stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

int srt_internal_trace_level(void) { return trace_level(); }

void srt_internal_trace(const char *fmt, ...) {
  va_list ap;
  fputs(kPrefix, stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static const char *cl_error_name(cl_int e) {
  switch (e) {
#define C(x) case x: return #x
    C(CL_SUCCESS); C(CL_DEVICE_NOT_FOUND); C(CL_DEVICE_NOT_AVAILABLE);
    C(CL_COMPILER_NOT_AVAILABLE); C(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    C(CL_OUT_OF_RESOURCES); C(CL_OUT_OF_HOST_MEMORY);
    C(CL_BUILD_PROGRAM_FAILURE); C(CL_INVALID_VALUE);
    C(CL_INVALID_PLATFORM); C(CL_INVALID_DEVICE); C(CL_INVALID_CONTEXT);
    C(CL_INVALID_COMMAND_QUEUE); C(CL_INVALID_MEM_OBJECT);
    C(CL_INVALID_BINARY); C(CL_INVALID_BUILD_OPTIONS);
    C(CL_INVALID_PROGRAM); C(CL_INVALID_PROGRAM_EXECUTABLE);
    C(CL_INVALID_KERNEL_NAME); C(CL_INVALID_KERNEL_DEFINITION);
    C(CL_INVALID_KERNEL); C(CL_INVALID_ARG_INDEX); C(CL_INVALID_ARG_VALUE);
    C(CL_INVALID_ARG_SIZE); C(CL_INVALID_KERNEL_ARGS);
    C(CL_INVALID_WORK_DIMENSION); C(CL_INVALID_WORK_GROUP_SIZE);
    C(CL_INVALID_WORK_ITEM_SIZE); C(CL_INVALID_GLOBAL_OFFSET);
    C(CL_INVALID_BUFFER_SIZE); C(CL_INVALID_GLOBAL_WORK_SIZE);
    C(CL_INVALID_OPERATION); C(CL_LINK_PROGRAM_FAILURE);
#undef C
  case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
  default: return "unknown OpenCL error";
  }
}

static int cl_fail(cl_int e, const char *what, const char *kernel) {
  if (kernel)
    return fail(SRT_ERR_OPENCL, "%s failed for kernel '%s': %s (%d)", what,
                kernel, cl_error_name(e), (int)e);
  return fail(SRT_ERR_OPENCL, "%s failed: %s (%d)", what, cl_error_name(e),
              (int)e);
}

/* ---- Formats ------------------------------------------------------------- */

static const char *format_name(unsigned f) {
  switch (f) {
  case SYCL_DEVICE_BINARY_TYPE_NONE: return "none";
  case SYCL_DEVICE_BINARY_TYPE_NATIVE: return "native";
  case SYCL_DEVICE_BINARY_TYPE_SPIRV: return "spirv";
  case SYCL_DEVICE_BINARY_TYPE_LLVMIR_BITCODE: return "llvmbc";
  case SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE: return "compressed";
  default: return "invalid";
  }
}

static uint32_t read_le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t read_le64(const unsigned char *p) {
  return (uint64_t)read_le32(p) | (uint64_t)read_le32(p + 4) << 32;
}

/* Format of raw image bytes by magic, as the runtime does for Format 0;
 * SYCL_DEVICE_BINARY_TYPE_NONE if unrecognized. */
static unsigned sniff_format(const unsigned char *p, size_t n) {
  if (n < 4)
    return SYCL_DEVICE_BINARY_TYPE_NONE;
  uint32_t magic = read_le32(p);
  if (magic == 0x07230203u)
    return SYCL_DEVICE_BINARY_TYPE_SPIRV;
  if (magic == 0xDEC04342u || magic == 0x43544E49u /* "INTC" */)
    return SYCL_DEVICE_BINARY_TYPE_LLVMIR_BITCODE;
  if (magic == 0x464C457Fu && n >= 18) {
    unsigned e_type = (unsigned)p[16] | (unsigned)p[17] << 8;
    if (e_type == 0xFF04 || e_type == 0xFF12)
      return SYCL_DEVICE_BINARY_TYPE_NATIVE;
  }
  return SYCL_DEVICE_BINARY_TYPE_NONE;
}

/* Targets whose SPIR-V / spir64 bitcode PoCL's CPU device can run. AOT
 * targets (spir64_gen, spir64_x86_64, ...) carry native code for others. */
static int target_runs_here(const char *t) {
  static const char *const ok[] = {"spir64", "spirv64",
                                   "spir64-unknown-unknown",
                                   "spirv64-unknown-unknown"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; ++i)
    if (strcmp(t, ok[i]) == 0)
      return 1;
  return 0;
}

/* ---- Registration and validation ------------------------------------------ */

/* Raw view of one image slot, whatever its struct version. */
typedef struct raw_image {
  unsigned version, kind, format;
  const char *target, *copts, *lopts;
  const unsigned char *begin, *end;
  const unsigned char *entries_begin, *entries_end;
  const struct sycl_device_binary_property_set *sets_begin, *sets_end;
} raw_image;

static size_t image_stride(unsigned version) {
  if (version == 1 || version == 2)
    return sizeof(struct sycl_device_binary_v2);
  if (version == 3)
    return sizeof(struct sycl_device_binary_v3);
  return 0;
}

static void read_raw_image(const unsigned char *slot, unsigned version,
                           raw_image *r) {
  memset(r, 0, sizeof *r);
  if (version == 3) {
    const struct sycl_device_binary_v3 *b = (const void *)slot;
    r->version = b->Version; r->kind = b->Kind; r->format = b->Format;
    r->target = b->DeviceTargetSpec; r->copts = b->CompileOptions;
    r->lopts = b->LinkOptions; r->begin = b->BinaryStart; r->end = b->BinaryEnd;
    r->entries_begin = b->EntriesBegin; r->entries_end = b->EntriesEnd;
    r->sets_begin = b->PropertySetsBegin; r->sets_end = b->PropertySetsEnd;
  } else {
    const struct sycl_device_binary_v2 *b = (const void *)slot;
    r->version = b->Version; r->kind = b->Kind; r->format = b->Format;
    r->target = b->DeviceTargetSpec; r->copts = b->CompileOptions;
    r->lopts = b->LinkOptions; r->begin = b->BinaryStart; r->end = b->BinaryEnd;
    r->entries_begin = b->EntriesBegin; r->entries_end = b->EntriesEnd;
    r->sets_begin = b->PropertySetsBegin; r->sets_end = b->PropertySetsEnd;
  }
}

/* The runtime's rule: an entry is in the 56-byte layout iff its first 16
 * bytes read as Reserved 0, Version 1, Kind OFK_SYCL, Flags 0. In the
 * 32-byte layout those bytes are Addr (NULL) and the name pointer, which is
 * never 0x80001. */
static int entry_looks_new(const unsigned char *e) {
  return read_le64(e) == 0 && (e[8] | e[9] << 8) == 1 &&
         (e[10] | e[11] << 8) == SYCL_OFFLOAD_ENTRY_KIND_SYCL &&
         read_le32(e + 12) == 0;
}

#define IMG_FMT "descriptor %p image %u"

static int check_entries(const void *desc, unsigned idx, const raw_image *r,
                         const char ***names_out, size_t *count_out,
                         int *new_layout_out) {
  *names_out = NULL;
  *count_out = 0;
  *new_layout_out = 0;
  if (!r->entries_begin && !r->entries_end)
    return SRT_OK;
  if (!r->entries_begin || !r->entries_end)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": offload entries begin %p / end %p, only one is NULL",
                desc, idx, (const void *)r->entries_begin,
                (const void *)r->entries_end);
  if (r->entries_end < r->entries_begin)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": offload entries end %p < begin %p", desc, idx,
                (const void *)r->entries_end, (const void *)r->entries_begin);
  size_t bytes = (size_t)(r->entries_end - r->entries_begin);
  if (bytes == 0)
    return SRT_OK;
  if (bytes < sizeof(struct sycl_offload_entry_old))
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": offload entries span %zu bytes, less than one entry",
                desc, idx, bytes);
  int is_new = entry_looks_new(r->entries_begin);
  size_t stride = is_new ? sizeof(struct sycl_offload_entry_new)
                         : sizeof(struct sycl_offload_entry_old);
  if (bytes % stride != 0)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": offload entries span %zu bytes, not a multiple of "
                "the %zu-byte %s entry layout",
                desc, idx, bytes, stride, is_new ? "new" : "old");
  size_t n = bytes / stride;
  const char **names = calloc(n, sizeof *names);
  if (!names)
    return fail(SRT_ERR_SYSTEM, "out of memory");
  for (size_t i = 0; i < n; ++i) {
    const unsigned char *e = r->entries_begin + i * stride;
    if (entry_looks_new(e) != is_new) {
      free(names);
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": offload entry %zu is in the %s layout but entry 0 "
                  "is in the %s layout (mixing is not supported)",
                  desc, idx, i, is_new ? "old" : "new", is_new ? "new" : "old");
    }
    const char *name =
        is_new ? ((const struct sycl_offload_entry_new *)(const void *)e)->SymbolName
               : ((const struct sycl_offload_entry_old *)(const void *)e)->Name;
    if (!name || !*name) {
      free(names);
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": offload entry %zu has a %s name", desc, idx, i,
                  name ? "empty" : "NULL");
    }
    names[i] = name;
  }
  *names_out = names;
  *count_out = n;
  *new_layout_out = is_new;
  return SRT_OK;
}

static int check_property(const void *desc, unsigned idx, const char *set,
                          size_t pi,
                          const struct sycl_device_binary_property *p) {
  if (!p->Name)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": property %zu of set '%s' has a NULL name", desc, idx,
                pi, set);
  switch (p->Type) {
  case SYCL_PROPERTY_TYPE_UINT32:
    if (p->ValAddr)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": uint32 property '%s' of set '%s' has ValAddr %p, "
                  "expected NULL (value lives in ValSize)",
                  desc, idx, p->Name, set, p->ValAddr);
    if (p->ValSize > UINT32_MAX)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": uint32 property '%s' of set '%s' has value %" PRIu64
                  " > UINT32_MAX",
                  desc, idx, p->Name, set, p->ValSize);
    return SRT_OK;
  case SYCL_PROPERTY_TYPE_BYTE_ARRAY: {
    if (p->ValSize < 8 || !p->ValAddr)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": byte-array property '%s' of set '%s' has ValAddr "
                  "%p ValSize %" PRIu64 ", expected the 8-byte bit-count "
                  "prefix at least",
                  desc, idx, p->Name, set, p->ValAddr, p->ValSize);
    uint64_t bits = read_le64(p->ValAddr);
    uint64_t want = bits / 8 + (bits % 8 != 0);
    if (want != p->ValSize - 8)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": byte-array property '%s' of set '%s': bit-count "
                  "prefix %" PRIu64 " needs %" PRIu64 " data bytes but ValSize "
                  "%" PRIu64 " leaves %" PRIu64,
                  desc, idx, p->Name, set, bits, want, p->ValSize,
                  p->ValSize - 8);
    return SRT_OK;
  }
  case SYCL_PROPERTY_TYPE_STRING:
    if (!p->ValAddr)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": string property '%s' of set '%s' has a NULL ValAddr",
                  desc, idx, p->Name, set);
    return SRT_OK;
  default:
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": property '%s' of set '%s' has type %u (expected 1 "
                "uint32, 2 byte array or 3 string)",
                desc, idx, p->Name, set, (unsigned)p->Type);
  }
}

/* Checks a [begin, end) pair of typed pointers: both NULL (empty) or both
 * set, end >= begin, and a whole number of elements apart. */
static int check_range(const void *desc, unsigned idx, const char *what,
                       const void *begin, const void *end, size_t elem) {
  if (!begin && !end)
    return SRT_OK;
  if (!begin || !end)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": %s begin %p / end %p, only one is NULL", desc, idx,
                what, begin, end);
  if ((const char *)end < (const char *)begin)
    return fail(SRT_ERR_INVALID_DESCRIPTOR, IMG_FMT ": %s end %p < begin %p",
                desc, idx, what, end, begin);
  size_t bytes = (size_t)((const char *)end - (const char *)begin);
  if (bytes % elem != 0)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": %s span %zu bytes, not a multiple of %zu", desc, idx,
                what, bytes, elem);
  return SRT_OK;
}

static int check_property_sets(const void *desc, unsigned idx,
                               const raw_image *r) {
  int rc = check_range(desc, idx, "property sets", r->sets_begin, r->sets_end,
                       sizeof(struct sycl_device_binary_property_set));
  if (rc != SRT_OK || !r->sets_begin)
    return rc;
  for (const struct sycl_device_binary_property_set *s = r->sets_begin;
       s != r->sets_end; ++s) {
    if (!s->Name)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  IMG_FMT ": property set %td has a NULL name", desc, idx,
                  s - r->sets_begin);
    char what[300];
    snprintf(what, sizeof what, "properties of set '%s'", s->Name);
    rc = check_range(desc, idx, what, s->PropertiesBegin, s->PropertiesEnd,
                     sizeof(struct sycl_device_binary_property));
    if (rc != SRT_OK)
      return rc;
    if (!s->PropertiesBegin)
      continue;
    for (const struct sycl_device_binary_property *p = s->PropertiesBegin;
         p != s->PropertiesEnd; ++p) {
      rc = check_property(desc, idx, s->Name, (size_t)(p - s->PropertiesBegin), p);
      if (rc != SRT_OK)
        return rc;
    }
  }
  return SRT_OK;
}

static int check_image(const void *desc, unsigned idx, const raw_image *r,
                       unsigned first_version) {
  if (image_stride(r->version) != image_stride(first_version))
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": version %u does not match image 0's version %u "
                "(one descriptor holds one image struct layout)",
                desc, idx, r->version, first_version);
  if (r->kind != SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": kind %u, expected %d (SYCL)", desc, idx, r->kind,
                SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL);
  if (r->format > SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": format %u, expected 0..4", desc, idx, r->format);
  if (!r->target)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": DeviceTargetSpec is NULL", desc, idx);
  if (!r->begin || !r->end)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": binary begin %p / end %p is NULL", desc, idx,
                (const void *)r->begin, (const void *)r->end);
  if (r->end < r->begin)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": binary end %p < begin %p", desc, idx,
                (const void *)r->end, (const void *)r->begin);
  if (r->end == r->begin)
    return fail(SRT_ERR_INVALID_DESCRIPTOR, IMG_FMT ": empty device image",
                desc, idx);
  return check_property_sets(desc, idx, r);
}

static void free_image(srt_image *img) {
  if (!img)
    return;
  for (size_t i = 0; i < img->num_kernels; ++i) {
    if (img->kernels[i].kernel)
      clReleaseKernel(img->kernels[i].kernel);
    free(img->kernels[i].name);
  }
  free(img->kernels);
  if (img->program)
    clReleaseProgram(img->program);
  free(img->entry_names);
  free(img);
}

static void dump_image(const srt_image *img);

static int register_locked(const struct sycl_device_binaries_struct *desc) {
  if (!desc)
    return fail(SRT_ERR_INVALID_DESCRIPTOR, "__sycl_register_lib: NULL descriptor");
  if (desc->Version != SYCL_DEVICE_BINARIES_VERSION)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                "descriptor %p: version %u, expected %d", (const void *)desc,
                (unsigned)desc->Version, SYCL_DEVICE_BINARIES_VERSION);
  if (desc->HostEntriesEnd && desc->HostEntriesBegin &&
      (const char *)desc->HostEntriesEnd < (const char *)desc->HostEntriesBegin)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                "descriptor %p: host entries end < begin", (const void *)desc);
  for (size_t i = 0; i < g_num_images; ++i)
    if (g_images[i]->desc == desc)
      return fail(SRT_ERR_INVALID_DESCRIPTOR,
                  "descriptor %p is already registered", (const void *)desc);
  unsigned n = desc->NumDeviceBinaries;
  if (n == 0)
    return SRT_OK;
  if (!desc->DeviceBinaries)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                "descriptor %p: %u device images but DeviceBinaries is NULL",
                (const void *)desc, n);
  const unsigned char *slots = desc->DeviceBinaries;
  unsigned first_version = (unsigned)slots[0] | (unsigned)slots[1] << 8;
  size_t stride = image_stride(first_version);
  if (!stride)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": version %u, expected 1, 2 (96-byte struct) or 3 "
                "(80-byte struct)",
                (const void *)desc, 0u, first_version);

  srt_image **fresh = calloc(n, sizeof *fresh);
  if (!fresh)
    return fail(SRT_ERR_SYSTEM, "out of memory");
  int rc = SRT_OK;
  for (unsigned i = 0; i < n && rc == SRT_OK; ++i) {
    const unsigned char *slot = slots + (size_t)i * stride;
    raw_image r;
    unsigned v = (unsigned)slot[0] | (unsigned)slot[1] << 8;
    if (!image_stride(v)) {
      rc = fail(SRT_ERR_INVALID_DESCRIPTOR,
                IMG_FMT ": version %u, expected 1, 2 or 3", (const void *)desc,
                i, v);
      break;
    }
    read_raw_image(slot, v, &r);
    rc = check_image(desc, i, &r, first_version);
    if (rc != SRT_OK)
      break;
    srt_image *img = calloc(1, sizeof *img);
    if (!img) {
      rc = fail(SRT_ERR_SYSTEM, "out of memory");
      break;
    }
    fresh[i] = img;
    img->desc = desc;
    img->index = i;
    img->version = r.version;
    img->kind = r.kind;
    img->format = r.format;
    img->target = r.target;
    img->compile_options = r.copts ? r.copts : "";
    img->link_options = r.lopts ? r.lopts : "";
    img->begin = r.begin;
    img->end = r.end;
    img->sets_begin = r.sets_begin;
    img->sets_end = r.sets_end;
    rc = check_entries(desc, i, &r, &img->entry_names, &img->num_entries,
                       &img->new_entry_layout);
  }
  if (rc == SRT_OK && g_num_images + n > g_cap_images) {
    size_t cap = g_cap_images ? g_cap_images * 2 : 16;
    while (cap < g_num_images + n)
      cap *= 2;
    srt_image **grown = realloc(g_images, cap * sizeof *grown);
    if (!grown)
      rc = fail(SRT_ERR_SYSTEM, "out of memory");
    else {
      g_images = grown;
      g_cap_images = cap;
    }
  }
  if (rc != SRT_OK) {
    for (unsigned i = 0; i < n; ++i)
      free_image(fresh[i]);
    free(fresh);
    return rc;
  }
  int tl = trace_level();
  if (tl > 0)
    trace("registered descriptor %p: version %u, %u device images",
          (const void *)desc, (unsigned)desc->Version, n);
  for (unsigned i = 0; i < n; ++i) {
    g_images[g_num_images++] = fresh[i];
    if (tl > 0)
      dump_image(fresh[i]);
  }
  free(fresh);
  return SRT_OK;
}

int srt_register(const struct sycl_device_binaries_struct *desc) {
  pthread_mutex_lock(&g_lock);
  int rc = register_locked(desc);
  pthread_mutex_unlock(&g_lock);
  return rc;
}

int srt_unregister(const struct sycl_device_binaries_struct *desc) {
  pthread_mutex_lock(&g_lock);
  size_t kept = 0, dropped = 0;
  for (size_t i = 0; i < g_num_images; ++i) {
    if (g_images[i]->desc == desc) {
      free_image(g_images[i]);
      ++dropped;
    } else {
      g_images[kept++] = g_images[i];
    }
  }
  g_num_images = kept;
  int rc = SRT_OK;
  /* A descriptor with zero images registers nothing, so it cannot be told
   * apart from an unknown one; only report NULL. */
  if (!desc)
    rc = fail(SRT_ERR_INVALID_ARGUMENT, "__sycl_unregister_lib: NULL descriptor");
  else if (dropped == 0 && desc->NumDeviceBinaries != 0)
    rc = fail(SRT_ERR_NOT_FOUND, "descriptor %p is not registered",
              (const void *)desc);
  else if (trace_level() > 0)
    trace("unregistered descriptor %p: %zu device images", (const void *)desc,
          dropped);
  pthread_mutex_unlock(&g_lock);
  return rc;
}

void __sycl_register_lib(struct sycl_device_binaries_struct *desc) {
  if (srt_register(desc) != SRT_OK) {
    /* Called from a static constructor: no caller to return an error to,
     * and running on with missing images would only fail later, unclearly. */
    fprintf(stderr, "%s\n", srt_last_error());
    fflush(stderr);
    _exit(1);
  }
}

void __sycl_unregister_lib(struct sycl_device_binaries_struct *desc) {
  if (srt_unregister(desc) != SRT_OK)
    fprintf(stderr, "%s\n", srt_last_error());
}

/* ---- Inspection ----------------------------------------------------------- */

static int image_has_entry(const srt_image *img, const char *name) {
  for (size_t i = 0; i < img->num_entries; ++i)
    if (strcmp(img->entry_names[i], name) == 0)
      return 1;
  return 0;
}

/* The image to run `name` from; NULL (error set) if no image holds it. */
static srt_image *find_image_locked(const char *name) {
  srt_image *fallback = NULL;
  if (!name) {
    fail(SRT_ERR_INVALID_ARGUMENT, "NULL kernel name");
    return NULL;
  }
  for (size_t i = 0; i < g_num_images; ++i) {
    srt_image *img = g_images[i];
    if (!image_has_entry(img, name))
      continue;
    if (target_runs_here(img->target))
      return img;
    if (!fallback)
      fallback = img;
  }
  if (!fallback)
    fail(SRT_ERR_KERNEL_NOT_FOUND,
         "kernel '%s' is not in any registered device image (%zu images "
         "registered)",
         name, g_num_images);
  return fallback;
}

static void fill_info(const srt_image *img, srt_image_info *info) {
  info->image_index = img->index;
  info->version = img->version;
  info->kind = img->kind;
  info->format = img->format;
  info->target = img->target;
  info->compile_options = img->compile_options;
  info->link_options = img->link_options;
  info->binary = img->begin;
  info->size = (size_t)(img->end - img->begin);
  info->num_entries = img->num_entries;
  info->new_entry_layout = img->new_entry_layout;
  info->num_property_sets =
      img->sets_begin ? (size_t)(img->sets_end - img->sets_begin) : 0;
  info->descriptor = img->desc;
}

size_t srt_num_images(void) {
  pthread_mutex_lock(&g_lock);
  size_t n = g_num_images;
  pthread_mutex_unlock(&g_lock);
  return n;
}

int srt_lookup_kernel(const char *kernel_name, srt_image_info *info) {
  pthread_mutex_lock(&g_lock);
  srt_image *img = find_image_locked(kernel_name);
  int rc = img ? SRT_OK : SRT_ERR_KERNEL_NOT_FOUND;
  if (img && info)
    fill_info(img, info);
  if (!kernel_name)
    rc = SRT_ERR_INVALID_ARGUMENT;
  pthread_mutex_unlock(&g_lock);
  return rc;
}

static int find_property_locked(const char *kernel, const char *set,
                                const char *prop,
                                const struct sycl_device_binary_property **out) {
  if (!set || !prop)
    return fail(SRT_ERR_INVALID_ARGUMENT, "NULL property set or property name");
  srt_image *img = find_image_locked(kernel);
  if (!img)
    return kernel ? SRT_ERR_KERNEL_NOT_FOUND : SRT_ERR_INVALID_ARGUMENT;
  if (img->sets_begin)
    for (const struct sycl_device_binary_property_set *s = img->sets_begin;
         s != img->sets_end; ++s) {
      if (strcmp(s->Name, set) != 0 || !s->PropertiesBegin)
        continue;
      for (const struct sycl_device_binary_property *p = s->PropertiesBegin;
           p != s->PropertiesEnd; ++p)
        if (strcmp(p->Name, prop) == 0) {
          *out = p;
          return SRT_OK;
        }
    }
  return fail(SRT_ERR_NOT_FOUND,
              "image %u holding kernel '%s' has no property '%s' in set '%s'",
              img->index, kernel, prop, set);
}

int srt_kernel_property_u32(const char *kernel_name, const char *set,
                            const char *prop, uint32_t *value) {
  const struct sycl_device_binary_property *p = NULL;
  pthread_mutex_lock(&g_lock);
  int rc = find_property_locked(kernel_name, set, prop, &p);
  if (rc == SRT_OK && p->Type != SYCL_PROPERTY_TYPE_UINT32)
    rc = fail(SRT_ERR_INVALID_ARGUMENT,
              "property '%s' of set '%s' has type %u, not uint32", prop, set,
              (unsigned)p->Type);
  if (rc == SRT_OK && value)
    *value = (uint32_t)p->ValSize;
  pthread_mutex_unlock(&g_lock);
  return rc;
}

int srt_kernel_property_bytes(const char *kernel_name, const char *set,
                              const char *prop, const unsigned char **data,
                              size_t *size, uint64_t *bits) {
  const struct sycl_device_binary_property *p = NULL;
  pthread_mutex_lock(&g_lock);
  int rc = find_property_locked(kernel_name, set, prop, &p);
  if (rc == SRT_OK && p->Type != SYCL_PROPERTY_TYPE_BYTE_ARRAY)
    rc = fail(SRT_ERR_INVALID_ARGUMENT,
              "property '%s' of set '%s' has type %u, not byte array", prop,
              set, (unsigned)p->Type);
  if (rc == SRT_OK) {
    const unsigned char *v = p->ValAddr;
    if (data)
      *data = v + 8; /* skip the bit-count prefix */
    if (size)
      *size = (size_t)(p->ValSize - 8);
    if (bits)
      *bits = read_le64(v);
  }
  pthread_mutex_unlock(&g_lock);
  return rc;
}

static void dump_bytes(const unsigned char *d, size_t n) {
  enum { kMax = 64 };
  size_t shown = n < kMax ? n : kMax;
  int printable = n > 0;
  for (size_t i = 0; i < n; ++i)
    if (d[i] < 0x20 || d[i] > 0x7e)
      printable = 0;
  if (printable) {
    fprintf(stderr, " \"%.*s\"%s", (int)shown, (const char *)d,
            n > shown ? "..." : "");
    return;
  }
  fputs(" [", stderr);
  for (size_t i = 0; i < shown; ++i)
    fprintf(stderr, "%s%02x", i ? " " : "", d[i]);
  fprintf(stderr, "%s]", n > shown ? " ..." : "");
  /* Most SYCL byte arrays are u32 or u64 vectors (aspects, work-group
   * sizes, spec-constant descriptors): show that reading too. */
  if (n % 4 == 0 && n > 0 && n <= kMax) {
    fputs(" u32:", stderr);
    for (size_t i = 0; i < n; i += 4)
      fprintf(stderr, " %" PRIu32, read_le32(d + i));
  }
}

static void dump_image(const srt_image *img) {
  size_t size = (size_t)(img->end - img->begin);
  unsigned sniffed = sniff_format(img->begin, size);
  char zinfo[64] = "";
  if (img->format == SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE) {
    /* The frame header tells the decompressed size without decompressing. */
    unsigned long long z = ZSTD_getFrameContentSize(img->begin, size);
    if (z == ZSTD_CONTENTSIZE_ERROR)
      snprintf(zinfo, sizeof zinfo, " (not a zstd frame)");
    else if (z == ZSTD_CONTENTSIZE_UNKNOWN)
      snprintf(zinfo, sizeof zinfo, " (zstd, content size unknown)");
    else
      snprintf(zinfo, sizeof zinfo, " (zstd, %llu bytes decompressed)", z);
  }
  fprintf(stderr,
          "%s  image %u (descriptor %p): version %u, kind %u, format %u (%s%s%s), "
          "target \"%s\", %zu bytes%s, compile options \"%s\", link options "
          "\"%s\"\n",
          kPrefix, img->index, (const void *)img->desc, img->version, img->kind,
          img->format, format_name(img->format),
          img->format == SYCL_DEVICE_BINARY_TYPE_NONE ? ", sniffed " : "",
          img->format == SYCL_DEVICE_BINARY_TYPE_NONE ? format_name(sniffed) : "",
          img->target, size, zinfo, img->compile_options, img->link_options);
  fprintf(stderr, "%s    offload entries (%s layout): %zu\n", kPrefix,
          img->new_entry_layout ? "56-byte" : "32-byte", img->num_entries);
  for (size_t i = 0; i < img->num_entries; ++i)
    fprintf(stderr, "%s      %s\n", kPrefix, img->entry_names[i]);
  size_t nsets = img->sets_begin ? (size_t)(img->sets_end - img->sets_begin) : 0;
  fprintf(stderr, "%s    property sets: %zu\n", kPrefix, nsets);
  for (size_t s = 0; s < nsets; ++s) {
    const struct sycl_device_binary_property_set *set = &img->sets_begin[s];
    size_t np = set->PropertiesBegin
                    ? (size_t)(set->PropertiesEnd - set->PropertiesBegin)
                    : 0;
    fprintf(stderr, "%s      [%s] %zu properties\n", kPrefix, set->Name, np);
    for (size_t i = 0; i < np; ++i) {
      const struct sycl_device_binary_property *p = &set->PropertiesBegin[i];
      fprintf(stderr, "%s        %s = ", kPrefix, p->Name);
      if (p->Type == SYCL_PROPERTY_TYPE_UINT32) {
        fprintf(stderr, "uint32 %" PRIu32 " (0x%" PRIx32 ")", (uint32_t)p->ValSize,
                (uint32_t)p->ValSize);
      } else if (p->Type == SYCL_PROPERTY_TYPE_BYTE_ARRAY) {
        const unsigned char *v = p->ValAddr;
        fprintf(stderr, "byte array, %" PRIu64 " bits, %" PRIu64 " bytes:",
                read_le64(v), p->ValSize - 8);
        dump_bytes(v + 8, (size_t)(p->ValSize - 8));
      } else {
        fprintf(stderr, "string \"%s\"", (const char *)p->ValAddr);
      }
      fputc('\n', stderr);
    }
  }
}

void srt_dump_images(void) {
  pthread_mutex_lock(&g_lock);
  fprintf(stderr, "%s%zu registered device images\n", kPrefix, g_num_images);
  for (size_t i = 0; i < g_num_images; ++i)
    dump_image(g_images[i]);
  pthread_mutex_unlock(&g_lock);
}

/* ---- OpenCL context ------------------------------------------------------- */

static int init_locked(void) {
  if (g_context)
    return SRT_OK;
  /* Under `bazel test` HOME may be read-only and PoCL's default cache lives
   * there: give it the test's private temp dir unless told otherwise. */
  const char *test_tmp = getenv("TEST_TMPDIR");
  if (!getenv("POCL_CACHE_DIR") && test_tmp && *test_tmp) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/pocl_cache", test_tmp);
    if (mkdir(dir, 0700) == 0 || errno == EEXIST)
      setenv("POCL_CACHE_DIR", dir, 0);
  }
  cl_uint np = 0;
  cl_int e = clGetPlatformIDs(0, NULL, &np);
  if (e != CL_SUCCESS || np == 0)
    return e != CL_SUCCESS ? cl_fail(e, "clGetPlatformIDs", NULL)
                           : fail(SRT_ERR_OPENCL, "no OpenCL platform found "
                                  "(is pocl-opencl-icd installed?)");
  cl_platform_id *plats = calloc(np, sizeof *plats);
  if (!plats)
    return fail(SRT_ERR_SYSTEM, "out of memory");
  e = clGetPlatformIDs(np, plats, NULL);
  cl_device_id dev = NULL;
  for (cl_uint i = 0; e == CL_SUCCESS && i < np && !dev; ++i) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS ||
        nd == 0)
      dev = NULL;
  }
  free(plats);
  if (e != CL_SUCCESS)
    return cl_fail(e, "clGetPlatformIDs", NULL);
  if (!dev)
    return fail(SRT_ERR_OPENCL, "no OpenCL device found on %u platforms",
                (unsigned)np);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  if (!ctx)
    return cl_fail(e, "clCreateContext", NULL);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
  if (!q) {
    clReleaseContext(ctx);
    return cl_fail(e, "clCreateCommandQueue", NULL);
  }
  /* Shared allocations: fine-grain SVM if the device offers it, else
   * coarse-grain SVM, else emulation by copies. SYCL_RT_SHARED picks one. */
  cl_device_svm_capabilities svm = 0;
  if (clGetDeviceInfo(dev, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm,
                      NULL) != CL_SUCCESS)
    svm = 0; /* OpenCL 1.x device: no SVM */
  int mode = (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) ? SRT_SHARED_FINE_GRAIN
             : (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)
                 ? SRT_SHARED_COARSE_GRAIN
                 : SRT_SHARED_EMULATED;
  const char *want = getenv("SYCL_RT_SHARED");
  if (want && *want) {
    int forced = strcmp(want, "fine") == 0     ? SRT_SHARED_FINE_GRAIN
                 : strcmp(want, "coarse") == 0 ? SRT_SHARED_COARSE_GRAIN
                 : strcmp(want, "emulated") == 0 ? SRT_SHARED_EMULATED
                                                 : 0;
    int have = forced == SRT_SHARED_FINE_GRAIN
                   ? (svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0
               : forced == SRT_SHARED_COARSE_GRAIN
                   ? (svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0
                   : forced != 0;
    if (!have) {
      clReleaseCommandQueue(q);
      clReleaseContext(ctx);
      return fail(SRT_ERR_INVALID_ARGUMENT,
                  "SYCL_RT_SHARED=%s: %s", want,
                  forced ? "the device does not offer this kind of SVM"
                         : "expected fine, coarse or emulated");
    }
    mode = forced;
  }
  g_shared_mode = mode;
  g_context = ctx;
  g_queue = q;
  g_device = dev;
  if (clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof g_device_name - 1,
                      g_device_name, NULL) != CL_SUCCESS)
    snprintf(g_device_name, sizeof g_device_name, "%s", "(unknown device)");
  if (trace_level() > 1)
    trace("using OpenCL device \"%s\"", g_device_name);
  if (trace_level() > 0)
    trace("shared allocations: %s", srt_shared_mode_name(g_shared_mode));
  return SRT_OK;
}

static void teardown_at_exit(void) { srt_teardown(); }

int srt_init(void) {
  static int exit_hook;
  pthread_mutex_lock(&g_lock);
  int rc = init_locked();
  /* Release OpenCL objects from an exit handler: those run before the
   * wrappers' priority-1 destructors (__sycl_unregister_lib) and before the
   * OpenCL libraries' own destructors, which must not see live programs. */
  if (rc == SRT_OK && !exit_hook && atexit(teardown_at_exit) == 0)
    exit_hook = 1;
  pthread_mutex_unlock(&g_lock);
  return rc;
}

void srt_teardown(void) {
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_num_images; ++i) {
    srt_image *img = g_images[i];
    for (size_t k = 0; k < img->num_kernels; ++k) {
      clReleaseKernel(img->kernels[k].kernel);
      free(img->kernels[k].name);
    }
    free(img->kernels);
    img->kernels = NULL;
    img->num_kernels = 0;
    if (img->program)
      clReleaseProgram(img->program);
    img->program = NULL;
  }
  if (g_queue)
    clFinish(g_queue);
  /* Shared allocations belong to the context: free them while it lives. */
  for (size_t i = 0; i < g_num_shared; ++i) {
    srt_shared *sh = &g_shared[i];
    if (g_shared_mode == SRT_SHARED_EMULATED) {
      clReleaseMemObject(sh->mem);
      free(sh->ptr);
    } else {
      clSVMFree(g_context, sh->ptr);
    }
  }
  free(g_shared);
  g_shared = NULL;
  g_num_shared = g_cap_shared = 0;
  g_shared_mode = 0;
  if (g_queue)
    clReleaseCommandQueue(g_queue);
  if (g_context)
    clReleaseContext(g_context);
  g_queue = NULL;
  g_context = NULL;
  g_device = NULL;
  g_device_name[0] = 0;
  pthread_mutex_unlock(&g_lock);
}

const char *srt_device_name(void) { return g_device_name; }

/* ---- Buffers -------------------------------------------------------------- */

srt_buffer *srt_buffer_create(size_t bytes) {
  pthread_mutex_lock(&g_lock);
  srt_buffer *b = NULL;
  cl_int e = CL_SUCCESS;
  if (!g_context)
    fail(SRT_ERR_NOT_INITIALIZED, "srt_buffer_create: call srt_init() first");
  else if (bytes == 0)
    fail(SRT_ERR_INVALID_ARGUMENT, "srt_buffer_create: zero-byte buffer");
  else if (!(b = calloc(1, sizeof *b)))
    fail(SRT_ERR_SYSTEM, "out of memory");
  else if (!(b->mem = clCreateBuffer(g_context, CL_MEM_READ_WRITE, bytes, NULL, &e))) {
    cl_fail(e, "clCreateBuffer", NULL);
    free(b);
    b = NULL;
  } else {
    b->size = bytes;
  }
  pthread_mutex_unlock(&g_lock);
  return b;
}

static int copy_buffer(srt_buffer *buf, size_t off, void *host, size_t bytes,
                       int write) {
  const char *fn = write ? "srt_buffer_write" : "srt_buffer_read";
  pthread_mutex_lock(&g_lock);
  int rc = SRT_OK;
  if (!g_queue)
    rc = fail(SRT_ERR_NOT_INITIALIZED, "%s: call srt_init() first", fn);
  else if (!buf || (!host && bytes))
    rc = fail(SRT_ERR_INVALID_ARGUMENT, "%s: NULL buffer or host pointer", fn);
  else if (off > buf->size || bytes > buf->size - off)
    rc = fail(SRT_ERR_INVALID_ARGUMENT,
              "%s: range [%zu, %zu+%zu) outside a %zu-byte buffer", fn, off,
              off, bytes, buf->size);
  else if (bytes) {
    cl_int e = write ? clEnqueueWriteBuffer(g_queue, buf->mem, CL_TRUE, off,
                                            bytes, host, 0, NULL, NULL)
                     : clEnqueueReadBuffer(g_queue, buf->mem, CL_TRUE, off,
                                           bytes, host, 0, NULL, NULL);
    if (e != CL_SUCCESS)
      rc = cl_fail(e, write ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer",
                   NULL);
  }
  pthread_mutex_unlock(&g_lock);
  return rc;
}

int srt_buffer_write(srt_buffer *buf, size_t offset, const void *src,
                     size_t bytes) {
  /* The write path never writes through host; the cast only shares code. */
  return copy_buffer(buf, offset, (void *)(uintptr_t)src, bytes, 1);
}

int srt_buffer_read(srt_buffer *buf, size_t offset, void *dst, size_t bytes) {
  return copy_buffer(buf, offset, dst, bytes, 0);
}

void srt_buffer_release(srt_buffer *buf) {
  if (!buf)
    return;
  clReleaseMemObject(buf->mem);
  free(buf);
}

size_t srt_buffer_size(const srt_buffer *buf) { return buf ? buf->size : 0; }

/* ---- Loading device images ------------------------------------------------ */

static int write_file(const char *path, const void *data, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return fail(SRT_ERR_SYSTEM, "cannot create %s: %s", path, strerror(errno));
  const unsigned char *p = data;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      int err = errno;
      close(fd);
      return fail(SRT_ERR_SYSTEM, "cannot write %s: %s", path, strerror(err));
    }
    p += w;
    n -= (size_t)w;
  }
  if (close(fd) != 0)
    return fail(SRT_ERR_SYSTEM, "cannot write %s: %s", path, strerror(errno));
  return SRT_OK;
}

static int read_file(const char *path, unsigned char **data, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(SRT_ERR_SYSTEM, "cannot open %s: %s", path, strerror(errno));
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc(cap);
  while (buf) {
    len += fread(buf + len, 1, cap - len, f);
    if (len < cap)
      break;
    unsigned char *g = realloc(buf, cap * 2);
    if (!g) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = g;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (!buf)
    return fail(SRT_ERR_SYSTEM, "out of memory reading %s", path);
  if (bad) {
    free(buf);
    return fail(SRT_ERR_SYSTEM, "cannot read %s", path);
  }
  *data = buf;
  *n = len;
  return SRT_OK;
}

/* SPIR-V -> LLVM bitcode with `llvm-spirv -r`, through a private temp dir
 * (the translator only reads and writes files). */
static int spirv_to_bitcode(const srt_image *img, const unsigned char *spv,
                            size_t n, const char *spec_arg, unsigned char **bc,
                            size_t *bc_len) {
  const char *tool = getenv("SYCL_RT_LLVM_SPIRV");
  if (!tool || !*tool)
    tool = "llvm-spirv-15";
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp)
    tmp = getenv("TEST_TMPDIR");
  if (!tmp || !*tmp)
    tmp = "/tmp";
  char dir[4096], in[4200], out[4200], log[4200];
  snprintf(dir, sizeof dir, "%s/sycl_rt.XXXXXX", tmp);
  if (!mkdtemp(dir))
    return fail(SRT_ERR_SYSTEM, "cannot create a temp dir under %s: %s", tmp,
                strerror(errno));
  snprintf(in, sizeof in, "%s/image%u.spv", dir, img->index);
  snprintf(out, sizeof out, "%s/image%u.bc", dir, img->index);
  snprintf(log, sizeof log, "%s/image%u.log", dir, img->index);
  int rc = write_file(in, spv, n);
  if (rc == SRT_OK) {
    char *argv[] = {(char *)(uintptr_t)tool, "-r", "-o", out, in, NULL, NULL};
    if (spec_arg)
      argv[5] = (char *)(uintptr_t)spec_arg;
    pid_t pid;
    /* The translator's diagnostics go to a file so the first line can be
     * quoted in our one-line error instead of interleaving with stderr. */
    posix_spawn_file_actions_t fa;
    int err = posix_spawn_file_actions_init(&fa);
    if (err == 0)
      err = posix_spawn_file_actions_addopen(&fa, 2, log,
                                             O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (err == 0)
      err = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    if (err == 0)
      err = posix_spawnp(&pid, tool, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (err != 0) {
      rc = fail(SRT_ERR_TOOL,
                "cannot run '%s' for image %u (target %s): %s (set "
                "SYCL_RT_LLVM_SPIRV to the SPIR-V translator)",
                tool, img->index, img->target, strerror(err));
    } else {
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char first[512] = "";
        FILE *lf = fopen(log, "r");
        if (lf) {
          if (!fgets(first, sizeof first, lf))
            first[0] = 0;
          fclose(lf);
        }
        first[strcspn(first, "\r\n")] = 0;
        rc = fail(SRT_ERR_TOOL,
                  "'%s -r' failed (%s %d) turning image %u (target %s, %zu "
                  "bytes of SPIR-V) into LLVM bitcode: %s",
                  tool, WIFEXITED(status) ? "exit status" : "signal",
                  WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                  img->index, img->target, n,
                  first[0] ? first : "(no diagnostics)");
      } else {
        rc = read_file(out, bc, bc_len);
      }
    }
  }
  if (getenv("SYCL_RT_KEEP_TEMPS")) {
    trace("kept temporary files in %s", dir);
  } else {
    unlink(in);
    unlink(out);
    unlink(log);
    rmdir(dir);
  }
  return rc;
}

static int decompress_image(const srt_image *img, unsigned char **out,
                            size_t *out_len) {
  size_t n = (size_t)(img->end - img->begin);
  unsigned long long size = ZSTD_getFrameContentSize(img->begin, n);
  if (size == ZSTD_CONTENTSIZE_ERROR)
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "image %u (target %s): format 4 but not a zstd frame",
                img->index, img->target);
  if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == 0 || size > SIZE_MAX)
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "image %u (target %s): zstd frame does not record a usable "
                "content size",
                img->index, img->target);
  /* The declared size sizes the buffer; a hard cap keeps a hostile header
   * from asking for more memory than any real device image needs. */
  unsigned long long max = 4ull << 30;
  const char *env = getenv("SYCL_RT_MAX_IMAGE_BYTES");
  if (env && *env) {
    char *end = NULL;
    unsigned long long v = strtoull(env, &end, 10);
    if (end && *end == '\0' && v > 0) max = v;
  }
  if (size > max)
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "image %u (target %s): zstd frame declares %llu bytes, over the "
                "%llu-byte limit (SYCL_RT_MAX_IMAGE_BYTES)",
                img->index, img->target, size, max);
  unsigned char *buf = malloc((size_t)size);
  if (!buf)
    return fail(SRT_ERR_SYSTEM, "out of memory decompressing image %u",
                img->index);
  size_t got = ZSTD_decompress(buf, (size_t)size, img->begin, n);
  if (ZSTD_isError(got) || got != size) {
    free(buf);
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "image %u (target %s): zstd decompression failed: %s",
                img->index, img->target,
                ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short output");
  }
  *out = buf;
  *out_len = (size_t)size;
  return SRT_OK;
}

/* ---- Specialization constants ------------------------------------------ */

#define SRT_SET_SPEC_CONSTS "SYCL/specialization constants"
#define SRT_SET_SPEC_DEFAULTS "SYCL/specialization constants default values"
#define SRT_SPEC_PADDING 0xFFFFFFFFu

typedef struct srt_spec_value {
  char *sym;
  unsigned char *bytes;
  size_t size;
} srt_spec_value;

static srt_spec_value *g_spec;
static size_t g_num_spec;

static const struct sycl_device_binary_property_set *
find_set(const srt_image *img, const char *name) {
  if (img->sets_begin)
    for (const struct sycl_device_binary_property_set *s = img->sets_begin;
         s != img->sets_end; ++s)
      if (strcmp(s->Name, name) == 0 && s->PropertiesBegin)
        return s;
  return NULL;
}

/* Records of one constant (byte-array payload after the 8-byte prefix). */
static int spec_records(const srt_image *img,
                        const struct sycl_device_binary_property *p,
                        const unsigned char **recs, size_t *count,
                        size_t *total) {
  if (p->Type != SYCL_PROPERTY_TYPE_BYTE_ARRAY || p->ValSize < 8 ||
      (p->ValSize - 8) % 12 != 0)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                "image %u: spec constant '%s' is not an array of {ID, Offset, "
                "Size} records",
                img->index, p->Name);
  *recs = (const unsigned char *)p->ValAddr + 8;
  *count = (size_t)(p->ValSize - 8) / 12;
  *total = 0;
  for (size_t i = 0; i < *count; ++i)
    *total += read_le32(*recs + 12 * i + 8);
  return SRT_OK;
}

/* The image's blob: defaults overlaid with the values set. *n = 0 (and
 * *out NULL) when the image has no spec constants. */
static int spec_blob_locked(const srt_image *img, unsigned char **out,
                            size_t *n) {
  *out = NULL;
  *n = 0;
  const struct sycl_device_binary_property_set *set =
      find_set(img, SRT_SET_SPEC_CONSTS);
  if (!set)
    return SRT_OK;
  const struct sycl_device_binary_property_set *defs =
      find_set(img, SRT_SET_SPEC_DEFAULTS);
  const struct sycl_device_binary_property *all = NULL;
  if (defs)
    for (const struct sycl_device_binary_property *p = defs->PropertiesBegin;
         p != defs->PropertiesEnd; ++p)
      if (strcmp(p->Name, "all") == 0)
        all = p;
  size_t size = 0;
  for (const struct sycl_device_binary_property *p = set->PropertiesBegin;
       p != set->PropertiesEnd; ++p) {
    const unsigned char *recs;
    size_t count, total;
    int rc = spec_records(img, p, &recs, &count, &total);
    if (rc != SRT_OK)
      return rc;
    size += total;
  }
  if (!all || all->Type != SYCL_PROPERTY_TYPE_BYTE_ARRAY ||
      all->ValSize != size + 8)
    return fail(SRT_ERR_INVALID_DESCRIPTOR,
                "image %u: spec-constant defaults ('%s'/all) missing or not "
                "%zu bytes",
                img->index, SRT_SET_SPEC_DEFAULTS, size);
  unsigned char *blob = malloc(size ? size : 1);
  if (!blob)
    return fail(SRT_ERR_SYSTEM, "out of memory");
  memcpy(blob, (const unsigned char *)all->ValAddr + 8, size);
  size_t base = 0;
  for (const struct sycl_device_binary_property *p = set->PropertiesBegin;
       p != set->PropertiesEnd; ++p) {
    const unsigned char *recs;
    size_t count, total;
    spec_records(img, p, &recs, &count, &total);
    for (size_t i = 0; i < g_num_spec; ++i)
      if (strcmp(g_spec[i].sym, p->Name) == 0)
        memcpy(blob + base, g_spec[i].bytes,
               g_spec[i].size < total ? g_spec[i].size : total);
    base += total;
  }
  *out = blob;
  *n = size;
  return SRT_OK;
}

/* Whether a SPIR-V module decorates anything with SpecId (native images). */
static int spirv_has_spec_ids(const unsigned char *spv, size_t n) {
  size_t words = n / 4;
  for (size_t i = 5; i < words;) {
    uint32_t w = read_le32(spv + 4 * i);
    uint32_t wc = w >> 16;
    if (wc == 0)
      return 0;
    /* OpDecorate (71) <target> SpecId (1) <id> */
    if ((w & 0xFFFF) == 71 && wc >= 4 && i + 2 < words &&
        read_le32(spv + 4 * (i + 2)) == 1)
      return 1;
    i += wc;
  }
  return 0;
}

/* `--spec-const=ID:iN:VALUE ...` for a native image with values set (NULL
 * when there is nothing to specialize: the defaults are in the module). */
static int spec_const_arg_locked(const srt_image *img, const unsigned char *spv,
                                 size_t n, char **arg) {
  *arg = NULL;
  const struct sycl_device_binary_property_set *set =
      find_set(img, SRT_SET_SPEC_CONSTS);
  if (!set || g_num_spec == 0 || !spirv_has_spec_ids(spv, n))
    return SRT_OK;
  unsigned char *blob;
  size_t blob_len;
  int rc = spec_blob_locked(img, &blob, &blob_len);
  if (rc != SRT_OK)
    return rc;
  size_t cap = 32, len = 0;
  char *s = malloc(cap);
  if (!s) {
    free(blob);
    return fail(SRT_ERR_SYSTEM, "out of memory");
  }
  len = (size_t)snprintf(s, cap, "--spec-const=");
  size_t base = 0;
  for (const struct sycl_device_binary_property *p = set->PropertiesBegin;
       p != set->PropertiesEnd && rc == SRT_OK; ++p) {
    const unsigned char *recs;
    size_t count, total;
    spec_records(img, p, &recs, &count, &total);
    for (size_t i = 0; i < count; ++i) {
      uint32_t id = read_le32(recs + 12 * i);
      uint32_t off = read_le32(recs + 12 * i + 4);
      uint32_t size = read_le32(recs + 12 * i + 8);
      if (id == SRT_SPEC_PADDING)
        continue;
      if ((size != 1 && size != 2 && size != 4 && size != 8) ||
          base + off + size > blob_len) {
        rc = fail(SRT_ERR_INVALID_DESCRIPTOR,
                  "image %u: spec constant '%s' record {%u, %u, %u} is not a "
                  "1-, 2-, 4- or 8-byte scalar inside the blob",
                  img->index, p->Name, id, off, size);
        break;
      }
      uint64_t v = 0;
      for (uint32_t b = 0; b < size; ++b)
        v |= (uint64_t)blob[base + off + b] << (8 * b);
      char item[64];
      int m = snprintf(item, sizeof item, "%s%u:i%u:%" PRIu64,
                       len > strlen("--spec-const=") ? " " : "", id, 8 * size, v);
      if (len + (size_t)m + 1 > cap) {
        cap = 2 * (len + (size_t)m + 1);
        char *grown = realloc(s, cap);
        if (!grown) {
          rc = fail(SRT_ERR_SYSTEM, "out of memory");
          break;
        }
        s = grown;
      }
      memcpy(s + len, item, (size_t)m + 1);
      len += (size_t)m;
    }
    base += total;
  }
  free(blob);
  if (rc != SRT_OK) {
    free(s);
    return rc;
  }
  trace("image %u: llvm-spirv -r %s", img->index, s);
  *arg = s;
  return SRT_OK;
}

/* Drops img's program and kernels: the next launch rebuilds them. */
static void drop_program_locked(srt_image *img) {
  for (size_t k = 0; k < img->num_kernels; ++k) {
    clReleaseKernel(img->kernels[k].kernel);
    free(img->kernels[k].name);
  }
  free(img->kernels);
  img->kernels = NULL;
  img->num_kernels = 0;
  if (img->program)
    clReleaseProgram(img->program);
  img->program = NULL;
}

static const struct sycl_device_binary_property *
find_spec_const(const srt_image *img, const char *sym) {
  const struct sycl_device_binary_property_set *set =
      find_set(img, SRT_SET_SPEC_CONSTS);
  if (set)
    for (const struct sycl_device_binary_property *p = set->PropertiesBegin;
         p != set->PropertiesEnd; ++p)
      if (strcmp(p->Name, sym) == 0)
        return p;
  return NULL;
}

int srt_set_spec_constant(const char *sym_id, const void *value, size_t size) {
  if (!sym_id || !value || size == 0)
    return fail(SRT_ERR_INVALID_ARGUMENT,
                "srt_set_spec_constant needs a symbolic ID and a value");
  pthread_mutex_lock(&g_lock);
  int rc = SRT_OK, used = 0;
  for (size_t i = 0; i < g_num_images && rc == SRT_OK; ++i) {
    const struct sycl_device_binary_property *p =
        find_spec_const(g_images[i], sym_id);
    if (!p)
      continue;
    const unsigned char *recs;
    size_t count, total;
    rc = spec_records(g_images[i], p, &recs, &count, &total);
    if (rc == SRT_OK && size > total)
      rc = fail(SRT_ERR_INVALID_ARGUMENT,
                "spec constant '%s' is %zu bytes in image %u, value has %zu",
                sym_id, total, g_images[i]->index, size);
    used = 1;
  }
  if (rc == SRT_OK && !used)
    rc = fail(SRT_ERR_NOT_FOUND, "no registered image uses spec constant '%s'",
              sym_id);
  srt_spec_value *slot = NULL;
  for (size_t i = 0; rc == SRT_OK && i < g_num_spec; ++i)
    if (strcmp(g_spec[i].sym, sym_id) == 0)
      slot = &g_spec[i];
  unsigned char *copy = rc == SRT_OK ? malloc(size) : NULL;
  if (rc == SRT_OK && !slot) {
    srt_spec_value *grown =
        copy ? realloc(g_spec, (g_num_spec + 1) * sizeof *grown) : NULL;
    char *sym = grown ? strdup(sym_id) : NULL;
    if (grown)
      g_spec = grown;
    if (!sym) {
      rc = fail(SRT_ERR_SYSTEM, "out of memory");
    } else {
      slot = &g_spec[g_num_spec++];
      slot->sym = sym;
      slot->bytes = NULL;
    }
  } else if (rc == SRT_OK && !copy) {
    rc = fail(SRT_ERR_SYSTEM, "out of memory");
  }
  if (rc == SRT_OK) {
    memcpy(copy, value, size);
    free(slot->bytes);
    slot->bytes = copy;
    slot->size = size;
    copy = NULL;
    for (size_t i = 0; i < g_num_images; ++i)
      if (find_spec_const(g_images[i], sym_id))
        drop_program_locked(g_images[i]);
  }
  free(copy);
  pthread_mutex_unlock(&g_lock);
  return rc;
}

void srt_reset_spec_constants(void) {
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_num_spec; ++i) {
    for (size_t k = 0; k < g_num_images; ++k)
      if (find_spec_const(g_images[k], g_spec[i].sym))
        drop_program_locked(g_images[k]);
    free(g_spec[i].sym);
    free(g_spec[i].bytes);
  }
  free(g_spec);
  g_spec = NULL;
  g_num_spec = 0;
  pthread_mutex_unlock(&g_lock);
}

int srt_spec_constants_buffer(const char *kernel_name, srt_buffer **out) {
  if (!kernel_name || !out)
    return fail(SRT_ERR_INVALID_ARGUMENT,
                "srt_spec_constants_buffer needs a kernel name and an output");
  *out = NULL;
  pthread_mutex_lock(&g_lock);
  srt_image *img = find_image_locked(kernel_name);
  unsigned char *blob = NULL;
  size_t n = 0;
  int rc = img ? spec_blob_locked(img, &blob, &n) : SRT_ERR_KERNEL_NOT_FOUND;
  if (rc == SRT_OK && !blob)
    rc = fail(SRT_ERR_NOT_FOUND, "image %u holding kernel '%s' has no spec constants",
              img->index, kernel_name);
  pthread_mutex_unlock(&g_lock);
  if (rc == SRT_OK) {
    *out = srt_buffer_create(n ? n : 1);
    if (!*out)
      rc = SRT_ERR_OPENCL;
    else if (n)
      rc = srt_buffer_write(*out, 0, blob, n);
  }
  free(blob);
  return rc;
}

/* Builds img->program from the image bytes (format resolved by sniffing
 * where the runtime does so). */
static int load_image_locked(srt_image *img, const char *kernel) {
  if (img->program)
    return SRT_OK;
  if (!target_runs_here(img->target))
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "kernel '%s' is only in image %u for target '%s', which the "
                "OpenCL device here cannot run (need spir64)",
                kernel, img->index, img->target);
  const unsigned char *bytes = img->begin;
  size_t n = (size_t)(img->end - img->begin);
  unsigned char *owned = NULL, *bc = NULL;
  size_t bc_len = 0;
  unsigned fmt = img->format;
  int rc = SRT_OK;
  if (fmt == SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE) {
    rc = decompress_image(img, &owned, &n);
    if (rc != SRT_OK)
      return rc;
    bytes = owned;
    fmt = SYCL_DEVICE_BINARY_TYPE_NONE; /* original format is not recorded */
  }
  unsigned sniffed = sniff_format(bytes, n);
  if (fmt == SYCL_DEVICE_BINARY_TYPE_NONE)
    fmt = sniffed;
  if (fmt == SYCL_DEVICE_BINARY_TYPE_SPIRV ||
      fmt == SYCL_DEVICE_BINARY_TYPE_LLVMIR_BITCODE) {
    if (sniffed != fmt) {
      rc = fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "image %u (target %s) holding kernel '%s' says format %s but "
                "starts with 0x%08" PRIx32,
                img->index, img->target, kernel, format_name(fmt),
                n >= 4 ? read_le32(bytes) : 0);
    } else if (fmt == SYCL_DEVICE_BINARY_TYPE_SPIRV) {
      char *spec_arg = NULL;
      rc = spec_const_arg_locked(img, bytes, n, &spec_arg);
      if (rc == SRT_OK)
        rc = spirv_to_bitcode(img, bytes, n, spec_arg, &bc, &bc_len);
      free(spec_arg);
      bytes = bc;
      n = bc_len;
    }
  } else {
    rc = fail(SRT_ERR_UNSUPPORTED_IMAGE,
              "image %u (target %s) holding kernel '%s' has format %s; PoCL "
              "runs only SPIR-V or LLVM bitcode",
              img->index, img->target, kernel,
              fmt == SYCL_DEVICE_BINARY_TYPE_NONE ? "unrecognized (sniffing failed)"
                                                  : format_name(fmt));
  }
  if (rc == SRT_OK) {
    cl_int e, bin_status = CL_SUCCESS;
    cl_program prog = clCreateProgramWithBinary(g_context, 1, &g_device, &n,
                                                &bytes, &bin_status, &e);
    if (!prog) {
      rc = cl_fail(e != CL_SUCCESS ? e : bin_status, "clCreateProgramWithBinary",
                   kernel);
    } else {
      size_t ol = strlen(img->compile_options) + strlen(img->link_options) + 2;
      char *opts = malloc(ol);
      if (!opts) {
        clReleaseProgram(prog);
        rc = fail(SRT_ERR_SYSTEM, "out of memory");
      } else {
        snprintf(opts, ol, "%s%s%s", img->compile_options,
                 *img->compile_options && *img->link_options ? " " : "",
                 img->link_options);
        if (trace_level() > 1)
          trace("building image %u (target %s, %zu bytes of bitcode) with "
                "options \"%s\"",
                img->index, img->target, n, opts);
        e = clBuildProgram(prog, 1, &g_device, opts, NULL, NULL);
        free(opts);
        if (e != CL_SUCCESS) {
          char log[2048] = "";
          clGetProgramBuildInfo(prog, g_device, CL_PROGRAM_BUILD_LOG,
                                sizeof log - 1, log, NULL);
          clReleaseProgram(prog);
          rc = fail(SRT_ERR_OPENCL,
                    "clBuildProgram failed for image %u (target %s) holding "
                    "kernel '%s': %s (%d); build log: %s",
                    img->index, img->target, kernel, cl_error_name(e), (int)e,
                    log[0] ? log : "(empty)");
        } else {
          img->program = prog;
        }
      }
    }
  }
  free(bc);
  free(owned);
  return rc;
}

static int get_kernel_locked(srt_image *img, const char *name,
                             srt_kernel_slot **slot) {
  for (size_t i = 0; i < img->num_kernels; ++i)
    if (strcmp(img->kernels[i].name, name) == 0) {
      *slot = &img->kernels[i];
      return SRT_OK;
    }
  cl_int e;
  cl_kernel k = clCreateKernel(img->program, name, &e);
  if (!k)
    return fail(SRT_ERR_OPENCL,
                "clCreateKernel failed for kernel '%s' in image %u (target "
                "%s): %s (%d)",
                name, img->index, img->target, cl_error_name(e), (int)e);
  cl_uint nargs = 0;
  e = clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
  srt_kernel_slot *grown =
      e == CL_SUCCESS ? realloc(img->kernels, (img->num_kernels + 1) * sizeof *grown)
                      : NULL;
  char *copy = grown ? strdup(name) : NULL;
  if (!copy) {
    clReleaseKernel(k);
    if (grown)
      img->kernels = grown;
    return e != CL_SUCCESS ? cl_fail(e, "clGetKernelInfo", name)
                           : fail(SRT_ERR_SYSTEM, "out of memory");
  }
  img->kernels = grown;
  *slot = &img->kernels[img->num_kernels++];
  (*slot)->name = copy;
  (*slot)->kernel = k;
  (*slot)->num_args = nargs;
  return SRT_OK;
}

/* ---- Host-shared allocations ---------------------------------------------- */

const char *srt_shared_mode_name(int mode) {
  switch (mode) {
  case SRT_SHARED_FINE_GRAIN: return "fine-grain SVM";
  case SRT_SHARED_COARSE_GRAIN: return "coarse-grain SVM";
  case SRT_SHARED_EMULATED: return "emulated";
  default: return "not initialized";
  }
}

int srt_shared_mode(void) {
  pthread_mutex_lock(&g_lock);
  int m = g_shared_mode;
  pthread_mutex_unlock(&g_lock);
  return m;
}

/* The live allocation holding p (base or interior pointer), else NULL. */
static srt_shared *find_shared(const void *p) {
  for (size_t i = 0; i < g_num_shared; ++i) {
    const char *b = g_shared[i].ptr;
    if ((const char *)p >= b && (const char *)p < b + g_shared[i].size)
      return &g_shared[i];
  }
  return NULL;
}

void *srt_malloc_shared(size_t bytes) {
  pthread_mutex_lock(&g_lock);
  void *p = NULL;
  cl_int e = CL_SUCCESS;
  if (!g_context) {
    fail(SRT_ERR_NOT_INITIALIZED, "srt_malloc_shared: call srt_init() first");
  } else if (bytes == 0) {
    fail(SRT_ERR_INVALID_ARGUMENT, "srt_malloc_shared: zero bytes");
  } else {
    if (g_num_shared == g_cap_shared) {
      size_t cap = g_cap_shared ? g_cap_shared * 2 : 8;
      srt_shared *g = realloc(g_shared, cap * sizeof *g);
      if (!g) {
        fail(SRT_ERR_SYSTEM, "out of memory");
        pthread_mutex_unlock(&g_lock);
        return NULL;
      }
      g_shared = g;
      g_cap_shared = cap;
    }
    srt_shared sh = {NULL, bytes, NULL, 0};
    switch (g_shared_mode) {
    case SRT_SHARED_FINE_GRAIN:
      sh.ptr = clSVMAlloc(g_context,
                          CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                          bytes, 0);
      if (!sh.ptr)
        fail(SRT_ERR_OPENCL, "clSVMAlloc (fine-grain) of %zu bytes failed",
             bytes);
      break;
    case SRT_SHARED_COARSE_GRAIN:
      sh.ptr = clSVMAlloc(g_context, CL_MEM_READ_WRITE, bytes, 0);
      if (!sh.ptr) {
        fail(SRT_ERR_OPENCL, "clSVMAlloc (coarse-grain) of %zu bytes failed",
             bytes);
        break;
      }
      /* Mapped for the host from the start: host code reads and writes it
       * like malloc'd memory; launches unmap it around the kernel. */
      e = clEnqueueSVMMap(g_queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, sh.ptr,
                          bytes, 0, NULL, NULL);
      if (e != CL_SUCCESS) {
        cl_fail(e, "clEnqueueSVMMap", NULL);
        clSVMFree(g_context, sh.ptr);
        sh.ptr = NULL;
      } else {
        sh.mapped = 1;
      }
      break;
    default: /* emulated: host memory plus a device buffer */
      sh.mem = clCreateBuffer(g_context, CL_MEM_READ_WRITE, bytes, NULL, &e);
      if (!sh.mem) {
        cl_fail(e, "clCreateBuffer", NULL);
      } else if (!(sh.ptr = calloc(1, bytes))) {
        clReleaseMemObject(sh.mem);
        fail(SRT_ERR_SYSTEM, "out of memory (%zu shared bytes)", bytes);
      }
      break;
    }
    if (sh.ptr) {
      g_shared[g_num_shared++] = sh;
      p = sh.ptr;
    }
  }
  pthread_mutex_unlock(&g_lock);
  return p;
}

void srt_free_shared(void *ptr) {
  if (!ptr)
    return;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_num_shared; ++i) {
    srt_shared *sh = &g_shared[i];
    if (sh->ptr != ptr)
      continue;
    if (g_shared_mode == SRT_SHARED_EMULATED) {
      clReleaseMemObject(sh->mem);
      free(sh->ptr);
    } else {
      if (sh->mapped)
        clEnqueueSVMUnmap(g_queue, sh->ptr, 0, NULL, NULL);
      /* clSVMFree does not wait for commands that use the memory. */
      clFinish(g_queue);
      clSVMFree(g_context, sh->ptr);
    }
    g_shared[i] = g_shared[--g_num_shared];
    break;
  }
  pthread_mutex_unlock(&g_lock);
}

/* Whether args[0..i) already passed the allocation sh: an emulated shared
 * allocation is copied once per launch however many arguments name it. */
static int shared_passed_before(const srt_arg args[], int i, const srt_shared *sh) {
  for (int j = 0; j < i; ++j)
    if (args[j].kind == SRT_ARG_SHARED && find_shared(args[j].value) == sh)
      return 1;
  return 0;
}

/* Before a launch: coarse-grain allocations passed as arguments are
 * unmapped (the device owns them), emulated ones copied to the device. An
 * allocation passed twice is migrated once. */
static int shared_to_device(const char *name, int nargs, const srt_arg args[]) {
  if (g_shared_mode == SRT_SHARED_FINE_GRAIN)
    return SRT_OK;
  for (int i = 0; i < nargs; ++i) {
    if (args[i].kind != SRT_ARG_SHARED)
      continue;
    srt_shared *sh = find_shared(args[i].value);
    cl_int e = CL_SUCCESS;
    if (g_shared_mode == SRT_SHARED_COARSE_GRAIN) {
      if (!sh->mapped)
        continue;
      e = clEnqueueSVMUnmap(g_queue, sh->ptr, 0, NULL, NULL);
      if (e == CL_SUCCESS)
        sh->mapped = 0;
    } else {
      if (shared_passed_before(args, i, sh))
        continue;
      e = clEnqueueWriteBuffer(g_queue, sh->mem, CL_TRUE, 0, sh->size, sh->ptr,
                               0, NULL, NULL);
    }
    if (e != CL_SUCCESS)
      return fail(SRT_ERR_OPENCL,
                  "kernel '%s' argument %d: moving shared memory to the device "
                  "failed: %s (%d)",
                  name, i, cl_error_name(e), (int)e);
  }
  return SRT_OK;
}

/* After a launch: the reverse of shared_to_device (map again / copy back). */
static int shared_to_host(const char *name, int nargs, const srt_arg args[]) {
  if (g_shared_mode == SRT_SHARED_FINE_GRAIN)
    return SRT_OK;
  int rc = SRT_OK;
  for (int i = 0; i < nargs; ++i) {
    if (args[i].kind != SRT_ARG_SHARED)
      continue;
    srt_shared *sh = find_shared(args[i].value);
    if (!sh)
      continue;
    cl_int e = CL_SUCCESS;
    if (g_shared_mode == SRT_SHARED_COARSE_GRAIN) {
      if (sh->mapped)
        continue;
      e = clEnqueueSVMMap(g_queue, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                          sh->ptr, sh->size, 0, NULL, NULL);
      if (e == CL_SUCCESS)
        sh->mapped = 1;
    } else {
      if (shared_passed_before(args, i, sh))
        continue;
      e = clEnqueueReadBuffer(g_queue, sh->mem, CL_TRUE, 0, sh->size, sh->ptr,
                              0, NULL, NULL);
    }
    if (e != CL_SUCCESS && rc == SRT_OK)
      rc = fail(SRT_ERR_OPENCL,
                "kernel '%s' argument %d: moving shared memory back to the "
                "host failed: %s (%d)",
                name, i, cl_error_name(e), (int)e);
  }
  return rc;
}

static int launch_locked(const char *name, int dims, const size_t global[],
                         const size_t local[], int nargs, const srt_arg args[]) {
  /* Look the kernel up before anything else so an unknown name is reported
   * as such even without a device. */
  srt_image *img = find_image_locked(name);
  if (!img)
    return name ? SRT_ERR_KERNEL_NOT_FOUND : SRT_ERR_INVALID_ARGUMENT;
  if (!target_runs_here(img->target))
    return fail(SRT_ERR_UNSUPPORTED_IMAGE,
                "kernel '%s' is only in image %u for target '%s', which the "
                "OpenCL device here cannot run (need spir64)",
                name, img->index, img->target);
  if (dims < 1 || dims > 3 || !global || nargs < 0 || (nargs > 0 && !args))
    return fail(SRT_ERR_INVALID_ARGUMENT,
                "srt_launch('%s'): bad dims %d / global %p / nargs %d / args %p",
                name, dims, (const void *)global, nargs, (const void *)args);
  if (!g_context)
    return fail(SRT_ERR_NOT_INITIALIZED,
                "srt_launch('%s'): call srt_init() first", name);
  int rc = load_image_locked(img, name);
  if (rc != SRT_OK)
    return rc;
  srt_kernel_slot *slot = NULL;
  rc = get_kernel_locked(img, name, &slot);
  if (rc != SRT_OK)
    return rc;
  if ((cl_uint)nargs != slot->num_args)
    return fail(SRT_ERR_INVALID_ARGUMENT,
                "kernel '%s' takes %u arguments, %d given", name,
                (unsigned)slot->num_args, nargs);
  for (int i = 0; i < nargs; ++i) {
    const srt_arg *a = &args[i];
    cl_int e;
    switch (a->kind) {
    case SRT_ARG_BUFFER:
      if (!a->buffer)
        return fail(SRT_ERR_INVALID_ARGUMENT,
                    "kernel '%s' argument %d: NULL buffer", name, i);
      e = clSetKernelArg(slot->kernel, (cl_uint)i, sizeof(cl_mem), &a->buffer->mem);
      break;
    case SRT_ARG_VALUE:
      if (!a->value || !a->size)
        return fail(SRT_ERR_INVALID_ARGUMENT,
                    "kernel '%s' argument %d: by-value argument without bytes",
                    name, i);
      e = clSetKernelArg(slot->kernel, (cl_uint)i, a->size, a->value);
      break;
    case SRT_ARG_LOCAL:
      e = clSetKernelArg(slot->kernel, (cl_uint)i, a->size, NULL);
      break;
    case SRT_ARG_SHARED: {
      srt_shared *sh = find_shared((const void *)a->value);
      if (!sh)
        return fail(SRT_ERR_INVALID_ARGUMENT,
                    "kernel '%s' argument %d: %p is not inside a live "
                    "srt_malloc_shared allocation",
                    name, i, a->value);
      if (g_shared_mode == SRT_SHARED_EMULATED) {
        if (a->value != sh->ptr)
          return fail(SRT_ERR_INVALID_ARGUMENT,
                      "kernel '%s' argument %d: emulated shared memory passes "
                      "whole allocations only (pointer is %zu bytes into one)",
                      name, i,
                      (size_t)((const char *)a->value - (const char *)sh->ptr));
        e = clSetKernelArg(slot->kernel, (cl_uint)i, sizeof(cl_mem), &sh->mem);
      } else {
        e = clSetKernelArgSVMPointer(slot->kernel, (cl_uint)i, a->value);
      }
      break;
    }
    default:
      return fail(SRT_ERR_INVALID_ARGUMENT,
                  "kernel '%s' argument %d: unknown kind %d", name, i,
                  (int)a->kind);
    }
    if (e != CL_SUCCESS)
      return fail(SRT_ERR_OPENCL,
                  "clSetKernelArg failed for kernel '%s' argument %d: %s (%d)",
                  name, i, cl_error_name(e), (int)e);
  }
  if (trace_level() > 1)
    trace("launching kernel '%s' from image %u over %zu x %zu x %zu", name,
          img->index, global[0], dims > 1 ? global[1] : 1,
          dims > 2 ? global[2] : 1);
  rc = shared_to_device(name, nargs, args);
  if (rc != SRT_OK) {
    /* Map back what was unmapped; emulated copies must not be read back
     * over host data the device never received. */
    if (g_shared_mode == SRT_SHARED_COARSE_GRAIN)
      shared_to_host(name, nargs, args);
    return rc;
  }
  cl_int e = clEnqueueNDRangeKernel(g_queue, slot->kernel, (cl_uint)dims, NULL,
                                    global, local, 0, NULL, NULL);
  if (e != CL_SUCCESS)
    rc = cl_fail(e, "clEnqueueNDRangeKernel", name);
  else if ((e = clFinish(g_queue)) != CL_SUCCESS)
    rc = cl_fail(e, "clFinish", name);
  /* Hand shared memory back to the host even after a failed launch. */
  int back = shared_to_host(name, nargs, args);
  return rc != SRT_OK ? rc : back;
}

int srt_launch(const char *kernel_name, int dims, const size_t global[],
               const size_t local[], int nargs, const srt_arg args[]) {
  pthread_mutex_lock(&g_lock);
  int rc = launch_locked(kernel_name, dims, global, local, nargs, args);
  pthread_mutex_unlock(&g_lock);
  return rc;
}
