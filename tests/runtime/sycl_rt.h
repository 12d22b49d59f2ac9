/*
 * sycl_rt: a small test runtime for rules_sycl.
 *
 * It plays the part of the SYCL runtime towards the offload wrapper: it
 * implements __sycl_register_lib / __sycl_unregister_lib (see sycl_rt_abi.h),
 * keeps the registered device images, and loads the image that holds a
 * kernel on PoCL (OpenCL on the CPU) the first time the kernel is launched.
 * PoCL cannot ingest SPIR-V, so SPIR-V images are turned back into LLVM
 * bitcode with `llvm-spirv-15 -r` and built with clCreateProgramWithBinary.
 *
 * Host code uses the small launch API below instead of SYCL queues:
 *
 *   if (srt_init() != SRT_OK) { fprintf(stderr, "%s\n", srt_last_error()); return 1; }
 *   srt_buffer *a = srt_buffer_create(n * sizeof(int));
 *   srt_buffer_write(a, 0, host_a, n * sizeof(int));
 *   size_t global[1] = {n};
 *   srt_arg args[2] = {srt_arg_buffer(a), srt_arg_value(&n, sizeof n)};
 *   if (srt_launch("my_kernel", 1, global, NULL, 2, args) != SRT_OK) ...
 *   srt_buffer_read(a, 0, host_a, n * sizeof(int));
 *   srt_buffer_release(a);
 *   srt_teardown();
 *
 * Every function returning int returns SRT_OK (0) or a negative srt_status;
 * srt_last_error() then holds a one-line message naming the kernel, image or
 * OpenCL call that failed. The runtime serializes calls with one mutex; it is
 * meant for tests, not for throughput.
 *
 * Also: SYCLBIN files as kernel bundles (srt_load_syclbin) and host-shared
 * allocations (srt_malloc_shared, srt_arg_shared).
 *
 * Link: -lOpenCL -lzstd (zstd decompresses Format 4 images).
 *
 * Environment:
 *   SYCL_RT_TRACE=1        print every registered device image (target,
 *                          format, size, offload entries, property sets with
 *                          decoded properties) to stderr at registration;
 *                          =2 also traces program builds and launches.
 *   SYCL_RT_LLVM_SPIRV     the SPIR-V -> LLVM translator (default
 *                          `llvm-spirv-15`, looked up on PATH).
 *   SYCL_RT_MAX_IMAGE_BYTES  largest decompressed size a format-4 (zstd)
 *                          image may declare (default 4 GiB); larger ones
 *                          are refused before any allocation.
 *   SYCL_RT_KEEP_TEMPS=1   keep the temporary .spv/.bc files (path traced).
 *   SYCL_RT_SHARED         fine | coarse | emulated: force the mode of
 *                          host-shared allocations (see srt_malloc_shared).
 *   TMPDIR                 where those temporary files go (else
 *                          TEST_TMPDIR, else /tmp).
 *   POCL_CACHE_DIR         PoCL's own kernel cache; set it in tests. If it
 *                          is unset and TEST_TMPDIR is set (bazel test),
 *                          srt_init() uses $TEST_TMPDIR/pocl_cache.
 */
#ifndef RULES_SYCL_TESTS_RUNTIME_SYCL_RT_H_
#define RULES_SYCL_TESTS_RUNTIME_SYCL_RT_H_

#include <stddef.h>
#include <stdint.h>

#include "sycl_rt_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum srt_status {
  SRT_OK = 0,
  SRT_ERR_INVALID_ARGUMENT = -1, /* bad call into this API */
  SRT_ERR_INVALID_DESCRIPTOR = -2, /* malformed descriptor / image / entry / property */
  SRT_ERR_KERNEL_NOT_FOUND = -3, /* no registered image holds the kernel */
  SRT_ERR_UNSUPPORTED_IMAGE = -4, /* image exists but cannot run on this device */
  SRT_ERR_TOOL = -5, /* llvm-spirv failed or could not be run */
  SRT_ERR_OPENCL = -6, /* an OpenCL call failed */
  SRT_ERR_NOT_INITIALIZED = -7, /* srt_init() was not called (or failed) */
  SRT_ERR_SYSTEM = -8, /* out of memory, temp file I/O */
  SRT_ERR_NOT_FOUND = -9, /* descriptor / property not registered */
  SRT_ERR_INVALID_FILE = -10 /* malformed SYCLBIN file */
} srt_status;

/* Short fixed name of a status ("kernel not found", ...). */
const char *srt_status_name(int status);

/* The message of the last failure (thread-global), "" if none. */
const char *srt_last_error(void);

/* ---- Registration (also reachable through __sycl_register_lib) ---------- */

/* Validates and registers every device image of desc. On any error nothing
 * of desc is registered. __sycl_register_lib calls this and, since it cannot
 * return an error, prints the message and exits with status 1 on failure. */
int srt_register(const struct sycl_device_binaries_struct *desc);

/* Drops the images of desc and the programs built from them. */
int srt_unregister(const struct sycl_device_binaries_struct *desc);

/* ---- SYCLBIN files (the kernel_bundle-from-file analogue) ----------------
 *
 * srt_load_syclbin reads a SYCLBIN v1 file ("SYBI", format reference §7.1;
 * bare, or wrapped as the one entry of an LLVM OffloadBinary, §8.1) with a
 * strict, bounds-checked reader of its own, and registers one device
 * image per IR module and per native device code image, exactly as if a
 * wrapper object had registered them, so srt_launch / srt_lookup_kernel see
 * their kernels. Mapping:
 *   IR module type 0 (SPIR-V)  -> format 2, target "spir64" (runs on PoCL)
 *   IR module type 1 (PTX)     -> format 0, target "nvptx64"
 *   IR module type 2 (AMDGCN)  -> format 0, target "amdgcn"
 *   native image               -> format 1, target = its "arch" string
 * Each image carries its abstract module's property sets followed by its own
 * metadata set (SYCLBIN/ir module metadata or .../native device code image
 * metadata), decoded to the descriptor form (byte arrays keep the 8-byte
 * bit-count prefix).
 * Kernel names (the images' offload entries) come from the abstract
 * module's `SYCL/kernel names` set. An abstract module without that set
 * gets, for its SPIR-V IR modules, the names of the SPIR-V OpEntryPoints
 * with execution model Kernel (SYCLBIN itself records names only in that
 * property set); srt_syclbin_info tells which source was used.
 *
 * Any malformed input (bad magic/version, a header, offset or size outside
 * the file, overlapping or dangling module ranges, bad property text or
 * base64, a byte-array bit count that disagrees with its length, missing
 * mandatory metadata, SPIR-V without its magic) gives SRT_ERR_INVALID_FILE
 * and a one-line error naming the file; nothing is registered and no
 * allocation exceeds a small multiple of the file size.
 * The images stay registered (and their bytes in memory) until
 * srt_unload_syclbin. */
typedef struct srt_syclbin srt_syclbin;

typedef struct srt_syclbin_info {
  unsigned state; /* sycl::bundle_state: 0 input, 1 object, 2 executable */
  size_t num_abstract_modules, num_ir_modules, num_native_images;
  size_t num_kernels;         /* kernel names over all abstract modules */
  size_t names_from_property; /* abstract modules named by SYCL/kernel names */
  size_t names_from_spirv;    /* abstract modules named by OpEntryPoints */
  const struct sycl_device_binaries_struct *descriptor; /* as registered */
} srt_syclbin_info;

/* *out receives a handle for srt_unload_syclbin (may be NULL: the images
 * then stay registered for the life of the process). */
int srt_load_syclbin(const char *path, srt_syclbin **out);
/* The same from memory (copied); `name` stands for the file in errors. */
int srt_load_syclbin_memory(const void *data, size_t size, const char *name,
                            srt_syclbin **out);
int srt_syclbin_get_info(const srt_syclbin *bin, srt_syclbin_info *info);
/* Kernel i (0 <= i < num_kernels) of the file, in file order; NULL if out of
 * range. */
const char *srt_syclbin_kernel_name(const srt_syclbin *bin, size_t i);
/* Unregisters the images and frees everything the load allocated. */
int srt_unload_syclbin(srt_syclbin *bin);

/* ---- Inspection -------------------------------------------------------- */

typedef struct srt_image_info {
  unsigned image_index;   /* index inside its descriptor */
  unsigned version;       /* image struct version: 1, 2 or 3 */
  unsigned kind;          /* 4 = SYCL */
  unsigned format;        /* Format field as registered (0..4) */
  const char *target;     /* DeviceTargetSpec */
  const char *compile_options;
  const char *link_options;
  const unsigned char *binary; /* BinaryStart, as registered (maybe compressed) */
  size_t size;            /* BinaryEnd - BinaryStart */
  size_t num_entries;
  int new_entry_layout;   /* 1: 56-byte entries, 0: 32-byte entries */
  size_t num_property_sets;
  const struct sycl_device_binaries_struct *descriptor;
} srt_image_info;

/* Number of registered device images over all descriptors. */
size_t srt_num_images(void);

/* The image that would run kernel_name on this device (first registered
 * image holding it whose target this runtime can run, else the first
 * holding it). SRT_ERR_KERNEL_NOT_FOUND if none holds it. */
int srt_lookup_kernel(const char *kernel_name, srt_image_info *info);

/* Property `prop` of set `set` in the image holding kernel_name.
 * _u32 needs a UINT32 property; _bytes a BYTE_ARRAY one and returns the data
 * after the 8-byte bit-count prefix (*bits = that bit count; may be NULL). */
int srt_kernel_property_u32(const char *kernel_name, const char *set,
                            const char *prop, uint32_t *value);
int srt_kernel_property_bytes(const char *kernel_name, const char *set,
                              const char *prop, const unsigned char **data,
                              size_t *size, uint64_t *bits);

/* Prints every registered image as SYCL_RT_TRACE=1 does, to stderr. */
void srt_dump_images(void);

/* ---- Execution ------------------------------------------------------------ */

/* Creates an OpenCL context and in-order queue on the first device of the
 * first platform that has one. Idempotent. */
int srt_init(void);

/* Releases kernels, programs, the queue and the context. Buffers still alive
 * are the caller's leak. srt_init() may be called again afterwards. Also run
 * from an atexit handler, so a program that exits early needs no teardown. */
void srt_teardown(void);

/* Name of the device srt_init() picked ("" before init). */
const char *srt_device_name(void);

typedef struct srt_buffer srt_buffer; /* device memory (a cl_mem) */

/* NULL on failure (see srt_last_error). bytes must be > 0. */
srt_buffer *srt_buffer_create(size_t bytes);
/* Blocking copies between host memory and [offset, offset+bytes). */
int srt_buffer_write(srt_buffer *buf, size_t offset, const void *src, size_t bytes);
int srt_buffer_read(srt_buffer *buf, size_t offset, void *dst, size_t bytes);
void srt_buffer_release(srt_buffer *buf);
size_t srt_buffer_size(const srt_buffer *buf);

/* ---- Host-shared allocations ------------------------------------------------
 *
 * Memory that host code and kernels both use through the same pointer, with
 * no explicit copies in the host code (SYCL's malloc_shared). srt_init picks
 * the mode from CL_DEVICE_SVM_CAPABILITIES:
 *   SRT_SHARED_FINE_GRAIN   clSVMAlloc(CL_MEM_SVM_FINE_GRAIN_BUFFER): host
 *                           and device see the same memory; results are
 *                           visible to the host when srt_launch returns.
 *   SRT_SHARED_COARSE_GRAIN clSVMAlloc coarse-grain: the runtime keeps each
 *                           allocation mapped for the host
 *                           (clEnqueueSVMMap) and unmaps the ones passed as
 *                           srt_arg_shared around each launch.
 *   SRT_SHARED_EMULATED     no SVM: host memory plus a device buffer,
 *                           copied to the device before each launch that
 *                           passes it and back after (explicit migration,
 *                           done by the runtime).
 * PoCL 3.1's CPU device offers fine- and coarse-grain buffer SVM, so it gets
 * SRT_SHARED_FINE_GRAIN. SYCL_RT_SHARED=fine|coarse|emulated forces a mode
 * (srt_init fails if the device lacks it); SYCL_RT_TRACE=1 prints the mode.
 * Kernels may only touch shared memory passed to them as srt_arg_shared
 * arguments (in the coarse and emulated modes only those are migrated);
 * interior pointers are accepted except in the emulated mode. Allocations
 * still alive at srt_teardown are freed by it. */
typedef enum srt_shared_mode_kind {
  SRT_SHARED_FINE_GRAIN = 1,
  SRT_SHARED_COARSE_GRAIN = 2,
  SRT_SHARED_EMULATED = 3
} srt_shared_mode_kind;

/* The mode in use (0 before srt_init). */
int srt_shared_mode(void);
/* "fine-grain SVM", "coarse-grain SVM", "emulated", "not initialized". */
const char *srt_shared_mode_name(int mode);
/* NULL on failure (see srt_last_error). Needs srt_init. Zero-filled only in
 * the emulated mode. */
void *srt_malloc_shared(size_t bytes);
/* Waits for the queue, then frees. NULL and unknown pointers are ignored. */
void srt_free_shared(void *ptr);

typedef enum srt_arg_kind {
  SRT_ARG_BUFFER = 1, /* global/constant pointer parameter */
  SRT_ARG_VALUE = 2,  /* by-value parameter: `size` bytes copied from `value` */
  SRT_ARG_LOCAL = 3,  /* local pointer parameter: `size` bytes of local memory */
  SRT_ARG_SHARED = 4  /* global pointer parameter: `value` is a pointer into
                         an srt_malloc_shared allocation */
} srt_arg_kind;

typedef struct srt_arg {
  srt_arg_kind kind;
  srt_buffer *buffer;
  const void *value;
  size_t size;
} srt_arg;

static inline srt_arg srt_arg_buffer(srt_buffer *b) {
  srt_arg a = {SRT_ARG_BUFFER, b, NULL, 0};
  return a;
}
static inline srt_arg srt_arg_value(const void *v, size_t size) {
  srt_arg a = {SRT_ARG_VALUE, NULL, v, size};
  return a;
}
static inline srt_arg srt_arg_local(size_t size) {
  srt_arg a = {SRT_ARG_LOCAL, NULL, NULL, size};
  return a;
}
static inline srt_arg srt_arg_shared(void *ptr) {
  srt_arg a = {SRT_ARG_SHARED, NULL, ptr, 0};
  return a;
}

/* Runs kernel_name over an ND-range of `dims` (1..3) dimensions and waits
 * for it. local may be NULL (the device picks). The image holding the kernel
 * is built on first use and cached. nargs must equal the kernel's parameter
 * count. */
int srt_launch(const char *kernel_name, int dims, const size_t global[],
               const size_t local[], int nargs, const srt_arg args[]);

/* ---- Specialization constants (SYCL 2020) ----------------------------------
 * Images carry them as the splitter lowered them: "SYCL/specialization
 * constants" (per symbolic ID, {ID, Offset, Size} records) and the defaults
 * blob. A constant's place in the blob is the sum of the record sizes of the
 * constants before it (padding records included), as in the SYCL runtime.
 *
 * Native images (SPIR-V with SpecId decorations) are specialized when they
 * are built: every scalar record becomes `--spec-const=ID:iN:VALUE` of
 * `llvm-spirv -r`. Emulated images read the constants from a buffer the
 * kernel takes as an argument: srt_spec_constants_buffer makes it. */

/* Sets the constant with symbolic ID sym_id to the `size` bytes at value
 * (the constant's host representation; at most its size in the images) for
 * kernels launched afterwards: images that use it are rebuilt on their next
 * launch. SRT_ERR_NOT_FOUND if no registered image uses sym_id. */
int srt_set_spec_constant(const char *sym_id, const void *value, size_t size);

/* Forgets every value set: images go back to their defaults. */
void srt_reset_spec_constants(void);

/* A new buffer holding the spec-constant blob of the image that runs
 * kernel_name: its defaults overlaid with the values set (emulation). The
 * caller releases it. SRT_ERR_NOT_FOUND if that image has no constants. */
int srt_spec_constants_buffer(const char *kernel_name, srt_buffer **out);

#ifdef __cplusplus
}
#endif

#endif /* RULES_SYCL_TESTS_RUNTIME_SYCL_RT_H_ */
