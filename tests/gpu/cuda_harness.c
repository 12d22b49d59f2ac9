/* GPU harness: runs the nvptx64 device images a sycl_binary registers on an
 * NVIDIA GPU through the CUDA driver API, and checks every element against
 * the CPU.
 *
 * It is linked with the binary's wrapper object (the sycl_binary's
 * `device_wrapper` output group): that object's constructor calls
 * __sycl_register_lib(&descriptor) before main, and this file defines
 * __sycl_register_lib, so the harness sees exactly the images the binary
 * registers. libcuda.so.1 is opened with dlopen and the few driver entry
 * points are declared here: no CUDA headers or libraries at build time.
 *
 * For each kernel of the example (vector_add, multi_tu, shared_memory) it
 * finds the nvptx64 image whose offload entries name it, loads the image
 * (a fat binary: cubins + PTX) with cuModuleLoadDataEx, reports the
 * architecture the driver took (CU_FUNC_ATTRIBUTE_BINARY_VERSION and
 * PTX_VERSION) and whether it JIT-compiled PTX (the JIT info log), runs the
 * kernel on the example's inputs, times it with CUDA events and compares
 * every element with the CPU result.
 *
 *   cuda_harness [-dump DIR] [-no-run]
 *     -dump DIR   write each registered nvptx64 image to DIR/image_<n>.fatbin
 *                 (format native) or .ptx first
 *     -no-run     stop there: no GPU or driver needed (./test.sh)
 *
 * Exit status: 0 all kernels exact; 1 a wrong result or a CUDA failure;
 * 2 bad usage or no usable image. CUDA_FORCE_PTX_JIT=1 (read by the driver)
 * makes it ignore the cubins and JIT the PTX. It sets CUDA_CACHE_DISABLE=1:
 * PTX served from the driver's JIT cache shows no JIT log or time. */
#define _POSIX_C_SOURCE 200809L /* setenv */

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The offload descriptor the wrapper object registers -----------------
 * DPC++'s sycl_device_binaries_struct (version 1) and device image structs
 * version 2 (with manifest pointers) and 3 (without), read by offset so both
 * layouts and both offload-entry layouts work. */
enum {
  kDescNumImages = 2,  /* uint16 */
  kDescImages = 8,     /* pointer to the image array */
  kImgV2Size = 96,
  kImgV3Size = 80,
  kEntryOldSize = 32, /* __tgt_offload_entry: addr, name@8, size, flags */
  kEntryNewSize = 56, /* llvm::offloading::EntryTy: name@24 */
  kFormatCompressed = 4,
};

typedef struct image {
  const char *target;
  unsigned format;
  const unsigned char *begin, *end;
  const char **entries;
  size_t num_entries;
  const unsigned char *sets_begin, *sets_end; /* property sets: name, begin, end */
  void *module; /* CUmodule once loaded */
  int jit;      /* the load JIT-compiled PTX */
  float jit_ms;
} image;

static image g_images[64];
static size_t g_num_images;
static const char *g_register_error;

static uint64_t load_u64(const unsigned char *p) {
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

static const void *load_ptr(const unsigned char *p) {
  const void *v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* Called by the wrapper object's constructor, before main. */
void __sycl_register_lib(const void *desc) {
  const unsigned char *d = desc;
  uint16_t n;
  memcpy(&n, d + kDescNumImages, sizeof n);
  const unsigned char *imgs = load_ptr(d + kDescImages);
  for (uint16_t i = 0; i < n; i++) {
    /* Version 2 and 3 share the first 8 bytes; the stride follows it. */
    uint16_t version;
    memcpy(&version, imgs, sizeof version);
    size_t size = version == 3 ? kImgV3Size : kImgV2Size;
    size_t bin = version == 3 ? 32 : 48; /* BinaryStart; End, Entries follow */
    if (version != 2 && version != 3) {
      g_register_error = "device image struct version is neither 2 nor 3";
      return;
    }
    if (g_num_images == sizeof g_images / sizeof g_images[0]) {
      g_register_error = "more than 64 device images";
      return;
    }
    image *im = &g_images[g_num_images++];
    memset(im, 0, sizeof *im);
    im->format = imgs[3];
    im->target = load_ptr(imgs + 8);
    im->begin = load_ptr(imgs + bin);
    im->end = load_ptr(imgs + bin + 8);
    const unsigned char *eb = load_ptr(imgs + bin + 16);
    const unsigned char *ee = load_ptr(imgs + bin + 24);
    im->sets_begin = load_ptr(imgs + bin + 32);
    im->sets_end = load_ptr(imgs + bin + 40);
    if (eb && ee > eb) {
      /* New-layout entries start with Reserved=0 then Version=1, Kind=8
       * (OFK_SYCL), Flags=0: 0x80001 where an old entry has its name
       * pointer. */
      int newer = load_u64(eb + 8) == 0x80001;
      size_t stride = newer ? kEntryNewSize : kEntryOldSize;
      size_t name = newer ? 24 : 8;
      im->num_entries = (size_t)(ee - eb) / stride;
      im->entries = calloc(im->num_entries, sizeof *im->entries);
      for (size_t e = 0; im->entries && e < im->num_entries; e++)
        im->entries[e] = load_ptr(eb + e * stride + name);
    }
    imgs += size;
  }
}

void __sycl_unregister_lib(const void *desc) { (void)desc; }

/* ---- The CUDA driver API, declared here --------------------------------- */
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef unsigned long long CUdeviceptr;

enum {
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_LOG_VERBOSE = 12,
  CU_MEM_ATTACH_GLOBAL = 1,
};

static struct {
  CUresult (*Init)(unsigned);
  CUresult (*DriverGetVersion)(int *);
  CUresult (*DeviceGet)(CUdevice *, int);
  CUresult (*DeviceGetName)(char *, int, CUdevice);
  CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*CtxSynchronize)(void);
  CUresult (*ModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*FuncGetAttribute)(int *, int, CUfunction);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, CUstream, void **, void **);
  CUresult (*EventCreate)(CUevent *, unsigned);
  CUresult (*EventRecord)(CUevent, CUstream);
  CUresult (*EventSynchronize)(CUevent);
  CUresult (*EventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*GetErrorString)(CUresult, const char **);
} cu;

static void die(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("cuda_harness: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(status);
}

static void check(CUresult r, const char *what) {
  if (r == 0) return;
  const char *msg = "unknown error";
  if (cu.GetErrorString) cu.GetErrorString(r, &msg);
  die(1, "%s failed: CUDA error %d (%s)", what, r, msg);
}

static void *sym(void *lib, const char *a, const char *b) {
  void *p = dlsym(lib, a);
  if (!p && b) p = dlsym(lib, b);
  if (!p) die(1, "libcuda.so.1 has no %s", a);
  return p;
}

static void load_driver(void) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) die(1, "dlopen(libcuda.so.1): %s (is an NVIDIA driver installed?)", dlerror());
  /* The _v2 names are the 64-bit entry points the driver exports. */
  *(void **)&cu.Init = sym(lib, "cuInit", NULL);
  *(void **)&cu.DriverGetVersion = sym(lib, "cuDriverGetVersion", NULL);
  *(void **)&cu.DeviceGet = sym(lib, "cuDeviceGet", NULL);
  *(void **)&cu.DeviceGetName = sym(lib, "cuDeviceGetName", NULL);
  *(void **)&cu.DeviceGetAttribute = sym(lib, "cuDeviceGetAttribute", NULL);
  *(void **)&cu.DevicePrimaryCtxRetain = sym(lib, "cuDevicePrimaryCtxRetain", NULL);
  *(void **)&cu.CtxSetCurrent = sym(lib, "cuCtxSetCurrent", NULL);
  *(void **)&cu.CtxSynchronize = sym(lib, "cuCtxSynchronize", NULL);
  *(void **)&cu.ModuleLoadDataEx = sym(lib, "cuModuleLoadDataEx", NULL);
  *(void **)&cu.ModuleGetFunction = sym(lib, "cuModuleGetFunction", NULL);
  *(void **)&cu.FuncGetAttribute = sym(lib, "cuFuncGetAttribute", NULL);
  *(void **)&cu.MemAlloc = sym(lib, "cuMemAlloc_v2", "cuMemAlloc");
  *(void **)&cu.MemAllocManaged = sym(lib, "cuMemAllocManaged", NULL);
  *(void **)&cu.MemFree = sym(lib, "cuMemFree_v2", "cuMemFree");
  *(void **)&cu.MemcpyHtoD = sym(lib, "cuMemcpyHtoD_v2", "cuMemcpyHtoD");
  *(void **)&cu.MemcpyDtoH = sym(lib, "cuMemcpyDtoH_v2", "cuMemcpyDtoH");
  *(void **)&cu.LaunchKernel = sym(lib, "cuLaunchKernel", NULL);
  *(void **)&cu.EventCreate = sym(lib, "cuEventCreate", NULL);
  *(void **)&cu.EventRecord = sym(lib, "cuEventRecord", NULL);
  *(void **)&cu.EventSynchronize = sym(lib, "cuEventSynchronize", NULL);
  *(void **)&cu.EventElapsedTime = sym(lib, "cuEventElapsedTime", "cuEventElapsedTime_v2");
  *(void **)&cu.GetErrorString = sym(lib, "cuGetErrorString", NULL);
}

/* ---- Images and kernels -------------------------------------------------- */
static int g_cc; /* the device's compute capability, e.g. 90 */

static image *image_of(const char *kernel) {
  for (size_t i = 0; i < g_num_images; i++) {
    image *im = &g_images[i];
    if (strcmp(im->target, "nvptx64") != 0) continue;
    for (size_t e = 0; e < im->num_entries; e++)
      if (strcmp(im->entries[e], kernel) == 0) return im;
  }
  return NULL;
}

static char g_log[8192], g_err[8192];

static void load_image(image *im, const char *kernel) {
  if (im->module) return;
  if (im->format == kFormatCompressed)
    die(2, "%s: its nvptx64 image is zstd-compressed; build without --@rules_sycl//sycl:compress",
        kernel);
  /* A fat binary or PTX text; the driver picks a cubin for this device or
   * JIT-compiles the PTX. A verbose JIT info log is empty when no PTX was
   * compiled. */
  g_log[0] = g_err[0] = 0;
  int opts[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE, CU_JIT_WALL_TIME};
  void *vals[] = {g_log, (void *)(uintptr_t)sizeof g_log, g_err, (void *)(uintptr_t)sizeof g_err,
                  (void *)(uintptr_t)1, 0};
  CUmodule m;
  CUresult r = cu.ModuleLoadDataEx(&m, im->begin, 6, opts, vals);
  if (r != 0) {
    fprintf(stderr, "cuda_harness: JIT error log: %s\n", g_err);
    check(r, "cuModuleLoadDataEx");
  }
  float ms;
  memcpy(&ms, &vals[5], sizeof ms);
  im->module = m;
  im->jit_ms = ms;
  /* ptxas reports each entry it compiles; a cubin load compiles nothing. */
  im->jit = strstr(g_log, "Compiling entry function") != NULL || ms > 0;
  if (getenv("CUDA_HARNESS_LOG") && g_log[0]) fprintf(stderr, "JIT info log: %s\n", g_log);
}

typedef struct launch {
  CUfunction fn;
  const char *path; /* "native cubin" or "PTX JIT" */
  int binary, ptx, regs;
} launch;

static launch get_kernel(const char *kernel) {
  image *im = image_of(kernel);
  if (!im) die(2, "no registered nvptx64 image has an offload entry for %s", kernel);
  load_image(im, kernel);
  launch l;
  check(cu.ModuleGetFunction(&l.fn, im->module, kernel), kernel);
  check(cu.FuncGetAttribute(&l.binary, CU_FUNC_ATTRIBUTE_BINARY_VERSION, l.fn), "binary version");
  check(cu.FuncGetAttribute(&l.ptx, CU_FUNC_ATTRIBUTE_PTX_VERSION, l.fn), "PTX version");
  check(cu.FuncGetAttribute(&l.regs, CU_FUNC_ATTRIBUTE_NUM_REGS, l.fn), "registers");
  l.path = im->jit ? "PTX JIT" : "native cubin";
  return l;
}

static int g_failed;

/* Launches `kernel` over `global` work-items in groups of `local`, timed. */
static void run(const char *kernel, const launch *l, size_t global, unsigned local, void **args,
                float *ms) {
  CUevent start, stop;
  check(cu.EventCreate(&start, 0), "cuEventCreate");
  check(cu.EventCreate(&stop, 0), "cuEventCreate");
  unsigned blocks = (unsigned)((global + local - 1) / local);
  check(cu.EventRecord(start, 0), "cuEventRecord");
  check(cu.LaunchKernel(l->fn, blocks, 1, 1, local, 1, 1, 0, 0, args, 0), kernel);
  check(cu.EventRecord(stop, 0), "cuEventRecord");
  check(cu.EventSynchronize(stop), kernel);
  check(cu.CtxSynchronize(), kernel);
  check(cu.EventElapsedTime(ms, start, stop), "cuEventElapsedTime");
}

static void report(const char *example, const char *kernel, const launch *l, size_t n,
                   size_t wrong, float ms) {
  printf("%-14s %-16s arch sm_%d (%s, PTX %d.%d, %d regs)  %s  %zu elements  %.3f ms\n",
         example, kernel, l->binary, l->path, l->ptx / 10, l->ptx % 10, l->regs,
         wrong ? "WRONG" : "exact", n, (double)ms);
  if (wrong) g_failed = 1;
}

static CUdeviceptr dev_alloc(size_t bytes) {
  CUdeviceptr p;
  check(cu.MemAlloc(&p, bytes), "cuMemAlloc");
  return p;
}

/* tests/opencl/vector_add: c = a + b, then c = c * factor + offset in place. */
static void vector_add(void) {
  const uint32_t kN = 1u << 20;
  const unsigned kGroup = 64;
  size_t bytes = kN * sizeof(int);
  int *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
  if (!a || !b || !c) die(1, "out of memory");
  for (uint32_t i = 0; i < kN; i++) {
    a[i] = (int)(i % 1999) - 1000;
    b[i] = (int)((i * 7u) % 4093) * 3;
  }
  CUdeviceptr da = dev_alloc(bytes), db = dev_alloc(bytes), dc = dev_alloc(bytes);
  check(cu.MemcpyHtoD(da, a, bytes), "copy a");
  check(cu.MemcpyHtoD(db, b, bytes), "copy b");
  uint32_t n = kN;
  float ms;

  /* vector_add takes SYCL accessors: each is the pointer, then its access
   * range, memory range and offset (one 8-byte struct each, by value), as
   * libsycl passes an accessor set with set_args. */
  uint64_t range = kN, offset0 = 0;
  launch add = get_kernel("vector_add");
  void *add_args[] = {&da, &range, &range, &offset0, &db, &range, &range, &offset0,
                      &dc, &range, &range, &offset0, &n};
  run("vector_add", &add, kN + kGroup, kGroup, add_args, &ms);
  check(cu.MemcpyDtoH(c, dc, bytes), "copy c");
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; i++) wrong += c[i] != a[i] + b[i];
  report("vector_add", "vector_add", &add, kN, wrong, ms);

  launch scale = get_kernel("vector_scale");
  int factor = -3, offset = 11;
  void *scale_args[] = {&dc, &factor, &offset, &n};
  run("vector_scale", &scale, kN + kGroup, kGroup, scale_args, &ms);
  check(cu.MemcpyDtoH(c, dc, bytes), "copy c");
  wrong = 0;
  for (uint32_t i = 0; i < kN; i++) wrong += c[i] != (a[i] + b[i]) * factor + offset;
  report("vector_add", "vector_scale", &scale, kN, wrong, ms);
  cu.MemFree(da);
  cu.MemFree(db);
  cu.MemFree(dc);
  free(a);
  free(b);
  free(c);
}

/* tests/opencl/multi_tu: kernel_a = combine(scale(x), i) across TUs and
 * libraries, kernel_b = combine(x, i). */
static int mt_scale(int x) { return 3 * x + 1; }
static int mt_combine(int x, int y) { return 2 * x - y; }

static void multi_tu(void) {
  const uint32_t kN = 100003;
  size_t bytes = kN * sizeof(int);
  int *in = malloc(bytes), *out = malloc(bytes);
  if (!in || !out) die(1, "out of memory");
  for (uint32_t i = 0; i < kN; i++) in[i] = (int)(i % 2001) - 1000;
  CUdeviceptr din = dev_alloc(bytes), dout = dev_alloc(bytes);
  check(cu.MemcpyHtoD(din, in, bytes), "copy in");
  uint32_t n = kN;
  const char *kernels[] = {"kernel_a", "kernel_b"};
  for (int k = 0; k < 2; k++) {
    launch l = get_kernel(kernels[k]);
    void *args[] = {&dout, &din, &n};
    float ms;
    /* The example's global size is kN, rounded up here to whole groups of
     * 128 (the kernels check i < n). */
    run(kernels[k], &l, kN, 128, args, &ms);
    memset(out, 0, bytes);
    check(cu.MemcpyDtoH(out, dout, bytes), "copy out");
    size_t wrong = 0;
    for (uint32_t i = 0; i < kN; i++) {
      int want = k == 0 ? mt_combine(mt_scale(in[i]), (int)i) : mt_combine(in[i], (int)i);
      wrong += out[i] != want;
    }
    report("multi_tu", kernels[k], &l, kN, wrong, ms);
  }
  cu.MemFree(din);
  cu.MemFree(dout);
  free(in);
  free(out);
}

/* tests/opencl/shared_memory: kernels update host-shared memory in place; with
 * CUDA, managed memory (cuMemAllocManaged) is the shared allocation. */
static int sm_initial(uint32_t i) { return (int)(i % 1013) - 500; }
static int sm_delta(uint32_t j) { return (int)(j * j) - 7; }

static void shared_memory(void) {
  const uint32_t kN = 1u << 16;
  const unsigned kGroup = 64;
  CUdeviceptr ddata, ddelta, dseen;
  check(cu.MemAllocManaged(&ddata, kN * sizeof(int), CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged");
  check(cu.MemAllocManaged(&ddelta, 16 * sizeof(int), CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged");
  check(cu.MemAllocManaged(&dseen, sizeof(uint64_t), CU_MEM_ATTACH_GLOBAL), "cuMemAllocManaged");
  int *data = (int *)(uintptr_t)ddata, *delta = (int *)(uintptr_t)ddelta;
  uint64_t *seen = (uint64_t *)(uintptr_t)dseen;
  for (uint32_t i = 0; i < kN; i++) data[i] = sm_initial(i);
  for (uint32_t j = 0; j < 16; j++) delta[j] = sm_delta(j);
  *seen = 0;
  uint32_t n = kN;
  float ms_update, ms_subtract;

  launch update = get_kernel("shared_update");
  void *update_args[] = {&ddata, &dseen, &n};
  run("shared_update", &update, kN + kGroup, kGroup, update_args, &ms_update);
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; i++) wrong += data[i] != sm_initial(i) * 3 + (int)i;
  wrong += *seen != (uint64_t)ddata; /* the kernel saw the host's pointer */
  report("shared_memory", "shared_update", &update, kN, wrong, ms_update);

  launch subtract = get_kernel("shared_subtract");
  void *subtract_args[] = {&ddata, &ddelta, &n};
  run("shared_subtract", &subtract, kN + kGroup, kGroup, subtract_args, &ms_subtract);
  wrong = 0;
  for (uint32_t i = 0; i < kN; i++)
    wrong += data[i] != sm_initial(i) * 3 + (int)i - sm_delta(i % 16);
  report("shared_memory", "shared_subtract", &subtract, kN, wrong, ms_subtract);
  cu.MemFree(ddata);
  cu.MemFree(ddelta);
  cu.MemFree(dseen);
}

static void dump(const char *dir) {
  for (size_t i = 0; i < g_num_images; i++) {
    image *im = &g_images[i];
    if (strcmp(im->target, "nvptx64") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/image_%zu.%s", dir, i, im->format == 1 ? "fatbin" : "ptx");
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(im->begin, 1, (size_t)(im->end - im->begin), f) != (size_t)(im->end - im->begin) ||
        fclose(f) != 0)
      die(1, "%s: %s", path, strerror(errno));
    printf("image %zu: %s, format %u, %zu bytes, entries:", i, im->target, im->format,
           (size_t)(im->end - im->begin));
    for (size_t e = 0; e < im->num_entries; e++) printf(" %s", im->entries[e]);
    printf(" -> %s\n", path);
    /* Each property set (24 bytes: name, begin, end) and its properties
     * (32 bytes each, name first). */
    for (const unsigned char *s = im->sets_begin; s && s < im->sets_end; s += 24) {
      const unsigned char *pb = load_ptr(s + 8), *pe = load_ptr(s + 16);
      printf("  property set [%s]:", (const char *)load_ptr(s));
      for (const unsigned char *p = pb; p && p < pe; p += 32) printf(" %s", (const char *)load_ptr(p));
      printf("\n");
    }
  }
}

int main(int argc, char **argv) {
  const char *dump_dir = NULL;
  int no_run = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-dump") == 0 && i + 1 < argc)
      dump_dir = argv[++i];
    else if (strcmp(argv[i], "-no-run") == 0)
      no_run = 1;
    else
      die(2, "usage: cuda_harness [-dump DIR] [-no-run]");
  }
  if (g_register_error) die(2, "registered descriptor: %s", g_register_error);
  size_t nvptx = 0;
  for (size_t i = 0; i < g_num_images; i++) nvptx += strcmp(g_images[i].target, "nvptx64") == 0;
  if (nvptx == 0) die(2, "the binary registers no nvptx64 image (build it with nvptx64 in targets)");
  if (dump_dir) dump(dump_dir);
  if (no_run) return 0;

  /* The driver's JIT cache would hand back PTX compiled by an earlier run
   * without compiling (no JIT log, no JIT time), which would read as a
   * native cubin; without the cache every PTX load shows. */
  setenv("CUDA_CACHE_DISABLE", "1", 1);
  load_driver();
  check(cu.Init(0), "cuInit");
  int version;
  check(cu.DriverGetVersion(&version), "cuDriverGetVersion");
  CUdevice dev;
  check(cu.DeviceGet(&dev, 0), "cuDeviceGet");
  char name[256];
  check(cu.DeviceGetName(name, sizeof name, dev), "cuDeviceGetName");
  int major, minor;
  check(cu.DeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), "cc");
  check(cu.DeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev), "cc");
  g_cc = major * 10 + minor;
  CUcontext ctx;
  check(cu.DevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(cu.CtxSetCurrent(ctx), "cuCtxSetCurrent");
  const char *force = getenv("CUDA_FORCE_PTX_JIT");
  printf("device: %s (sm_%d), CUDA driver API %d.%d, %zu nvptx64 images registered%s\n", name,
         g_cc, version / 1000, version % 1000 / 10, nvptx,
         force && *force == '1' ? ", CUDA_FORCE_PTX_JIT=1" : "");

  int ran = 0;
  if (image_of("vector_add")) vector_add(), ran++;
  if (image_of("kernel_a")) multi_tu(), ran++;
  if (image_of("shared_update")) shared_memory(), ran++;
  if (!ran) die(2, "the nvptx64 images hold none of the examples' kernels");
  for (size_t i = 0; i < g_num_images; i++)
    if (g_images[i].module)
      printf("image %zu: loaded as %s (JIT wall time %.3f ms)\n", i,
             g_images[i].jit ? "PTX JIT" : "native cubin", (double)g_images[i].jit_ms);
  puts(g_failed ? "RESULT: FAIL" : "RESULT: all kernels exact");
  return g_failed;
}
