/*
 * cpuaot: compiles one SPIR-V device image ahead of time for x86-64 CPUs
 * through Intel's CPU OpenCL runtime (libintelocl.so), as opencl-aot does:
 * clCreateProgramWithIL, clBuildProgram, CL_PROGRAM_BINARIES.
 *
 *   cpuaot -runtime=LIB/libintelocl.so -march=ISA [-device-library=LIB.spv] IN OUT
 *
 * -device-library: a device library's SPIR-V image (the bfloat16 library's
 * fallback image, which DPC++ links into its spir64_x86_64 images before
 * sycl-post-link). When IN imports a function the library exports (SPIR-V
 * LinkageAttributes: Import in IN, Export in the library), both are
 * compiled and linked (clCompileProgram, clLinkProgram), as the runtime
 * links them for a JIT image; otherwise IN is built alone, as without it.
 *
 * Hermetic: no OpenCL ICD loader and no .icd file take part, so neither
 * the system's OpenCL nor the user's ICD configuration can. The runtime
 * named by -runtime is dlopen'ed by its path (its RUNPATH is $ORIGIN: its
 * dependencies and its files, cl.cfg and the built-in libraries, come
 * from its own directory) and reached the way an ICD loader reaches it:
 * clGetExtensionFunctionAddress("clIcdGetPlatformIDsKHR") gives its
 * platform, and every object it returns starts with its dispatch table
 * (cl_khr_icd).
 *
 * The runtime reads CL_CONFIG_* variables (they override its cl.cfg): this
 * tool removes every one from its environment and sets only
 * CL_CONFIG_CPU_TARGET_ARCH, the instruction set the code is generated for,
 * from -march, whose names are opencl-aot's (sse4.2, avx, avx2, avx512 or
 * a CPU: skx, icx, spr, ...), mapped to the runtime's names as opencl-aot
 * maps them. cl.cfg's own default, "auto", is the build machine's CPU: not
 * reproducible, so there is no such -march. The runtime also reads a
 * "cl.cfg" in the current directory: the tool works in the runtime's own
 * directory, where that is the runtime's cl.cfg.
 *
 * OUT is written only when the build succeeded (through a temporary file
 * renamed into place). On failure: the runtime's build log, cut to a few
 * lines, after a line naming IN; exit status 1; no OUT.
 */
#define CL_TARGET_OPENCL_VERSION 300
#define _GNU_SOURCE

#include <CL/cl.h>
#include <CL/cl_icd.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* opencl-aot's --march names -> CL_CONFIG_CPU_TARGET_ARCH values. */
static const char *const isa_names[][2] = {
    {"sse4.2", "corei7"},       {"avx", "corei7-avx"},    {"avx2", "core-avx2"},
    {"avx512", "skx"},          {"wsm", "corei7"},        {"snb", "corei7-avx"},
    {"ivyb", "corei7-avx"},     {"bdw", "core-avx2"},     {"cfl", "core-avx2"},
    {"adl", "core-avx2"},       {"skylake", "core-avx2"}, {"skx", "skx"},
    {"clk", "cascadelake"},     {"icl", "icelake-client"}, {"icx", "icelake-server"},
    {"spr", "sapphirerapids"},  {"gnr", "graniterapids"},
};

/* At most this many lines of the build log are printed. */
enum { LOG_LINES = 4, LOG_LINE_CHARS = 200 };

static const char *in_path = "";

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void die(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "cpuaot: %s: ", in_path);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  /* _exit: the runtime's threads and destructors have nothing to finish. */
  fflush(stderr);
  _exit(1);
}

static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) die("cannot read it: %s", strerror(errno));
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (!buf) die("out of memory");
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap) break;
    cap *= 2;
    buf = realloc(buf, cap);
  }
  if (ferror(f)) die("cannot read it: %s", strerror(errno));
  fclose(f);
  *size = n;
  return buf;
}

/* Writes data to path through a temporary file in its directory. */
static void write_file(const char *path, const unsigned char *data, size_t size) {
  size_t len = strlen(path);
  char *tmp = malloc(len + 16);
  if (!tmp) die("out of memory");
  snprintf(tmp, len + 16, "%s.tmp.XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) die("cannot create a file next to %s: %s", path, strerror(errno));
  const unsigned char *p = data;
  size_t left = size;
  int err = 0;
  while (left > 0 && !err) {
    ssize_t w = write(fd, p, left);
    if (w < 0) {
      if (errno != EINTR) err = errno;
      continue;
    }
    p += w;
    left -= (size_t)w;
  }
  if (!err && fchmod(fd, 0644) != 0) err = errno;
  if (close(fd) != 0 && !err) err = errno;
  if (!err && rename(tmp, path) != 0) err = errno;
  if (err) {
    unlink(tmp);
    die("cannot write %s: %s", path, strerror(err));
  }
  free(tmp);
}

/* Removes every CL_CONFIG_* variable, then sets the target ISA. */
static void set_environment(const char *arch) {
  for (;;) {
    char **e = environ;
    while (*e && strncmp(*e, "CL_CONFIG_", 10) != 0) e++;
    if (!*e) break;
    const char *eq = strchr(*e, '=');
    size_t n = eq ? (size_t)(eq - *e) : strlen(*e);
    char name[256];
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, *e, n);
    name[n] = 0;
    unsetenv(name);
  }
  if (setenv("CL_CONFIG_CPU_TARGET_ARCH", arch, 1) != 0) die("setenv: %s", strerror(errno));
}

/* Build-log lines that only report progress. */
static int chatter(const char *line, size_t n) {
  static const char *const progress[] = {
      "Compilation started", "Compilation done", "Linking started", "Linking done",
      "Device build started", "Device build done", "Options used by backend compiler:",
  };
  for (size_t i = 0; i < sizeof progress / sizeof progress[0]; i++)
    if (n == strlen(progress[i]) && memcmp(line, progress[i], n) == 0) return 1;
  return n >= 7 && memcmp(line, "remark:", 7) == 0;
}

static int mentions_error(const char *line, size_t n) {
  for (size_t i = 0; i + 5 <= n; i++)
    if (strncasecmp(line + i, "error", 5) == 0) return 1;
  return 0;
}

/* Prints the build log cut to LOG_LINES lines, each indented: progress
 * lines and remarks dropped, lines that mention an error first. */
static void print_log(const char *log) {
  enum { MAX = 4096 };
  static const char *line[MAX];
  static size_t len[MAX];
  int n = 0;
  for (const char *p = log; *p && n < MAX;) {
    const char *end = strchr(p, '\n');
    size_t l = end ? (size_t)(end - p) : strlen(p);
    size_t i = 0;
    while (i < l && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r')) i++;
    size_t m = l - i;
    while (m > 0 && (p[i + m - 1] == '\r' || p[i + m - 1] == ' ')) m--;
    if (m > 0 && !chatter(p + i, m)) {
      line[n] = p + i;
      len[n] = m;
      n++;
    }
    p += l;
    if (*p) p++;
  }
  int shown = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n && shown < LOG_LINES; i++) {
      if (mentions_error(line[i], len[i]) != (pass == 0)) continue;
      size_t m = len[i] > LOG_LINE_CHARS ? LOG_LINE_CHARS : len[i];
      fprintf(stderr, "  %.*s%s\n", (int)m, line[i], m < len[i] ? " ..." : "");
      shown++;
    }
  if (n > shown) fprintf(stderr, "  (%d more lines)\n", n - shown);
}

/* The name of an OpenCL error code this tool may meet. */
static const char *cl_error(cl_int err) {
  switch (err) {
  case CL_DEVICE_NOT_AVAILABLE: return "CL_DEVICE_NOT_AVAILABLE";
  case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
  case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
  case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
  case CL_COMPILE_PROGRAM_FAILURE: return "CL_COMPILE_PROGRAM_FAILURE";
  case CL_LINK_PROGRAM_FAILURE: return "CL_LINK_PROGRAM_FAILURE";
  case CL_INVALID_VALUE: return "CL_INVALID_VALUE";
  case CL_INVALID_BINARY: return "CL_INVALID_BINARY";
  case CL_INVALID_BUILD_OPTIONS: return "CL_INVALID_BUILD_OPTIONS";
  case CL_INVALID_PROGRAM: return "CL_INVALID_PROGRAM";
  default: return "OpenCL error";
  }
}

/* The runtime does not always return an error: on some malformed SPIR-V
 * its reader prints a line and calls exit(15), and a bug could raise a
 * signal. Either way this tool still names the image, exits 1 and writes
 * nothing (OUT is only ever renamed into place after a build). */
static char stopped_msg[600];

static void say_stopped(const char *how) {
  size_t n = strlen(stopped_msg), m = strlen(how);
  if (write(2, stopped_msg, n) < 0 || write(2, how, m) < 0 || write(2, ")\n", 2) < 0) _exit(1);
}

static void on_exit_in_runtime(void) {
  say_stopped("it called exit");
  _exit(1);
}

static void on_signal_in_runtime(int sig) {
  say_stopped(sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGILL ? "SIGILL" : sig == SIGFPE ? "SIGFPE" : "SIGABRT");
  _exit(1);
}

static void guard_runtime(void) {
  snprintf(stopped_msg, sizeof stopped_msg, "cpuaot: %.400s: the CPU runtime stopped while building it (", in_path);
  atexit(on_exit_in_runtime);
  const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], on_signal_in_runtime);
}

static const char *usage =
    "usage: cpuaot -runtime=LIB/libintelocl.so -march=ISA [-device-library=LIB.spv] IN.spv OUT\n"
    "ISA: sse4.2 avx avx2 avx512 wsm snb ivyb bdw cfl adl skylake skx clk icl icx spr gnr\n";

/* SPIR-V's OpDecorate, its LinkageAttributes decoration and linkage types. */
enum { OP_DECORATE = 71, DECORATION_LINKAGE_ATTRIBUTES = 41, LINKAGE_EXPORT = 0, LINKAGE_IMPORT = 1 };

static uint32_t spirv_word(const unsigned char *m, size_t i) {
  return m[4 * i] | m[4 * i + 1] << 8 | m[4 * i + 2] << 16 | (uint32_t)m[4 * i + 3] << 24;
}

/* The next LinkageAttributes decoration of the module of `words` words
 * (little-endian, header checked) at or after word *pos: its name and
 * linkage type. 0 at the end, or where an instruction's word count runs
 * past the module (nothing after it is read). */
static int next_linkage(const unsigned char *m, size_t words, size_t *pos, const char **name, uint32_t *type) {
  while (*pos < words) {
    size_t at = *pos, count = spirv_word(m, at) >> 16;
    if (count == 0 || count > words - at) return 0;
    *pos += count;
    if ((spirv_word(m, at) & 0xffff) != OP_DECORATE || count < 5 || spirv_word(m, at + 2) != DECORATION_LINKAGE_ATTRIBUTES) continue;
    /* Target, decoration, the name (NUL-terminated, padded to words), the
     * linkage type. */
    const char *s = (const char *)(m + 4 * (at + 3));
    size_t len = strnlen(s, 4 * (count - 3));
    size_t type_at = at + 3 + len / 4 + 1;
    if (type_at >= at + count) continue;
    *name = s;
    *type = spirv_word(m, type_at);
    return 1;
  }
  return 0;
}

/* Whether module `in` imports a function module `lib` exports. */
static int imports_from(const unsigned char *in, size_t in_size, const unsigned char *lib, size_t lib_size) {
  size_t p = 5;
  const char *name;
  uint32_t type;
  while (next_linkage(in, in_size / 4, &p, &name, &type)) {
    if (type != LINKAGE_IMPORT) continue;
    size_t q = 5;
    const char *export;
    uint32_t export_type;
    while (next_linkage(lib, lib_size / 4, &q, &export, &export_type))
      if (export_type == LINKAGE_EXPORT && strcmp(export, name) == 0) return 1;
  }
  return 0;
}

static int is_spirv(const unsigned char *m, size_t size) {
  return size >= 20 && size % 4 == 0 && spirv_word(m, 0) == 0x07230203u;
}

/* path made absolute against the current directory. */
static char *absolute(const char *path) {
  if (path[0] == '/') return strdup(path);
  char *cwd = getcwd(NULL, 0);
  if (!cwd) die("getcwd: %s", strerror(errno));
  size_t n = strlen(cwd) + strlen(path) + 2;
  char *abs = malloc(n);
  if (!abs) die("out of memory");
  snprintf(abs, n, "%s/%s", cwd, path);
  free(cwd);
  return abs;
}

int main(int argc, char **argv) {
  const char *runtime = NULL, *march = NULL, *out = NULL, *library = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "-runtime=", 9) == 0) {
      runtime = a + 9;
    } else if (strncmp(a, "-march=", 7) == 0) {
      march = a + 7;
    } else if (strncmp(a, "-device-library=", 16) == 0 && a[16]) {
      library = a + 16;
    } else if (a[0] == '-' && a[1] != 0) {
      fprintf(stderr, "cpuaot: unknown flag %s\n%s", a, usage);
      return 2;
    } else if (!*in_path) {
      in_path = a;
    } else if (!out) {
      out = a;
    } else {
      fprintf(stderr, "cpuaot: more than one input and one output\n%s", usage);
      return 2;
    }
  }
  if (!runtime || !*runtime || !march || !*in_path || !out) {
    fprintf(stderr, "%s", usage);
    return 2;
  }
  const char *arch = NULL;
  for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
    if (strcmp(march, isa_names[i][0]) == 0) arch = isa_names[i][1];
  if (!arch) {
    fprintf(stderr, "cpuaot: -march=%s: unknown instruction set\n%s", march, usage);
    return 2;
  }

  size_t il_size;
  unsigned char *il = read_file(in_path, &il_size);
  if (!is_spirv(il, il_size)) die("not a SPIR-V module (no little-endian SPIR-V magic number)");
  size_t lib_size = 0;
  unsigned char *lib_il = NULL;
  if (library) {
    const char *image = in_path;
    in_path = library;
    lib_il = read_file(library, &lib_size);
    if (!is_spirv(lib_il, lib_size)) die("-device-library: not a SPIR-V module (no little-endian SPIR-V magic number)");
    in_path = image;
    if (!imports_from(il, il_size, lib_il, lib_size)) lib_il = NULL;
  }

  /* The runtime opens "cl.cfg" in the current directory before its own:
   * work in its directory, with the paths made absolute. */
  char *out_abs = absolute(out);
  char *runtime_abs = absolute(runtime);
  char *dir = strdup(runtime_abs);
  if (!dir) die("out of memory");
  char *slash = strrchr(dir, '/');
  slash[slash == dir ? 1 : 0] = 0;
  if (chdir(dir) != 0) die("cannot enter %s: %s", dir, strerror(errno));
  out = out_abs;

  set_environment(arch);
  guard_runtime();
  void *lib = dlopen(runtime_abs, RTLD_NOW | RTLD_LOCAL);
  if (!lib) die("cannot load the CPU OpenCL runtime: %s", dlerror());
  void *(*get_address)(const char *) = (void *(*)(const char *))dlsym(lib, "clGetExtensionFunctionAddress");
  if (!get_address) die("%s has no clGetExtensionFunctionAddress: not an OpenCL ICD", runtime);
  cl_int (*icd_platforms)(cl_uint, cl_platform_id *, cl_uint *) = (cl_int(*)(cl_uint, cl_platform_id *, cl_uint *))get_address("clIcdGetPlatformIDsKHR");
  if (!icd_platforms) die("%s has no clIcdGetPlatformIDsKHR: not an OpenCL ICD", runtime);

  cl_uint nplatforms = 0;
  cl_int err = icd_platforms(0, NULL, &nplatforms);
  if (err != CL_SUCCESS || nplatforms == 0) die("%s offers no OpenCL platform (error %d)", runtime, err);
  cl_platform_id *platforms = calloc(nplatforms, sizeof *platforms);
  if (!platforms) die("out of memory");
  err = icd_platforms(nplatforms, platforms, NULL);
  if (err != CL_SUCCESS) die("clIcdGetPlatformIDsKHR: error %d", err);

  cl_device_id device = NULL;
  const cl_icd_dispatch *cl = NULL;
  for (cl_uint i = 0; i < nplatforms && !device; i++) {
    cl = *(const cl_icd_dispatch *const *)platforms[i];
    cl_uint n = 0;
    if (cl->clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_CPU, 1, &device, &n) != CL_SUCCESS || n == 0) device = NULL;
  }
  if (!device) die("%s offers no CPU device", runtime);

  cl_context ctx = cl->clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) die("the CPU runtime cannot compile for CL_CONFIG_CPU_TARGET_ARCH=%s (clCreateContext: %s %d)", arch, cl_error(err), err);
  cl_program prog = cl->clCreateProgramWithIL(ctx, il, il_size, &err);
  if (err != CL_SUCCESS) die("the CPU runtime rejects it as SPIR-V (clCreateProgramWithIL: %s %d)", cl_error(err), err);
  cl_int build;
  if (lib_il) {
    /* Compile both, link them: the library's functions resolve IN's
     * imports, as the runtime links a JIT image with the library. */
    cl_program lib_prog = cl->clCreateProgramWithIL(ctx, lib_il, lib_size, &err);
    if (err != CL_SUCCESS) die("the CPU runtime rejects the device library %s as SPIR-V (clCreateProgramWithIL: %s %d)", library, cl_error(err), err);
    build = cl->clCompileProgram(prog, 1, &device, "", 0, NULL, NULL, NULL, NULL);
    if (build == CL_SUCCESS) {
      cl_int lib_build = cl->clCompileProgram(lib_prog, 1, &device, "", 0, NULL, NULL, NULL, NULL);
      if (lib_build != CL_SUCCESS) die("the CPU runtime cannot compile the device library %s (%s %d)", library, cl_error(lib_build), lib_build);
      cl_program both[2] = {prog, lib_prog};
      cl_program linked = cl->clLinkProgram(ctx, 1, &device, "", 2, both, NULL, NULL, &build);
      if (linked) prog = linked;
    }
  } else {
    build = cl->clBuildProgram(prog, 1, &device, "", NULL, NULL);
  }
  if (build != CL_SUCCESS) {
    size_t log_size = 0;
    char *log = NULL;
    if (cl->clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size) == CL_SUCCESS && log_size > 0) {
      log = calloc(log_size + 1, 1);
      if (log && cl->clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL) != CL_SUCCESS) log[0] = 0;
    }
    /* The image by its base name: tools/foreach puts its path first, and
     * cuts its whole message to a few hundred bytes. */
    const char *base = strrchr(in_path, '/');
    fprintf(stderr, "cpuaot: %s: the CPU runtime cannot build it for -march=%s (%s %d)%s\n", base ? base + 1 : in_path, march, cl_error(build), build,
            log && *log ? ", build log:" : "");
    if (log) print_log(log);
    fflush(stderr);
    _exit(1);
  }

  size_t bin_size = 0;
  err = cl->clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bin_size, &bin_size, NULL);
  if (err != CL_SUCCESS || bin_size == 0) die("CL_PROGRAM_BINARY_SIZES: error %d (size %zu)", err, bin_size);
  unsigned char *bin = malloc(bin_size);
  if (!bin) die("out of memory");
  err = cl->clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  if (err != CL_SUCCESS) die("CL_PROGRAM_BINARIES: error %d", err);
  write_file(out, bin, bin_size);
  cl->clReleaseProgram(prog);
  cl->clReleaseContext(ctx);
  fflush(stdout);
  fflush(stderr);
  /* Skips the runtime's library destructors (TBB's thread pool teardown):
   * the output is complete. */
  _exit(0);
}
