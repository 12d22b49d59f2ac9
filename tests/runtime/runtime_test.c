/*
 * Unit test of the sycl_rt test runtime.
 *
 * Part 1 (always): binary descriptors built as static C data in the layouts
 * of sycl_rt_abi.h (v1/v2 96-byte and v3 80-byte device images, 32-byte and
 * 56-byte offload entries, byte-array and uint32 properties) are registered;
 * kernel lookup, property decoding, the unknown-kernel error, validation of
 * malformed descriptors and unregistration are checked. No device needed.
 *
 * Part 2 (when given image files): runs kernels on the OpenCL device.
 *   runtime_test [IMAGE...]
 * Each IMAGE is runtime_test_kernels.cl compiled to SPIR-V (.spv) or to
 * spir64 LLVM bitcode; the test tells them apart by magic. A SPIR-V image is
 * run as format 2, as format 0 (sniffed), zstd-compressed as format 4, and
 * through a v3 image with 56-byte entries; bitcode as format 3. The first
 * SPIR-V image then runs kernels on host-shared allocations
 * (srt_malloc_shared) in each mode the device offers.
 *
 * Exit status 0 only if every check passed.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include "sycl_rt.h"
#include "test_check.h"


/* Expects rc == want and the last error to contain `needle`. */
static void expect_error(int line, int rc, int want, const char *needle) {
  ++g_checks;
  if (rc != want || !strstr(srt_last_error(), needle)) {
    ++g_failures;
    fprintf(stderr,
            "FAIL runtime_test.c:%d: got %d (%s) \"%s\", want %d (%s) "
            "mentioning \"%s\"\n",
            line, rc, srt_status_name(rc), srt_last_error(), want,
            srt_status_name(want), needle);
  } else if (strchr(srt_last_error(), '\n')) {
    ++g_failures;
    fprintf(stderr, "FAIL runtime_test.c:%d: error is not one line: %s\n",
            line, srt_last_error());
  }
}
#define EXPECT_ERROR(rc, want, needle) expect_error(__LINE__, rc, want, needle)

/* ---- Static descriptors ---------------------------------------------------- */

/* Image bytes only need to look like SPIR-V / bitcode for registration. */
static unsigned char spirv_like[] = {0x03, 0x02, 0x23, 0x07, 0x00, 0x00, 0x01, 0x00};
static unsigned char native_like[] = {0x7f, 'E', 'L', 'F', 1, 2, 3, 4};
static unsigned char bitcode_like[] = {'B', 'C', 0xc0, 0xde, 0x35, 0x14, 0, 0};

/* Byte arrays carry the u64 LE bit count first; ValSize includes it. */
static unsigned char prop_aspects_empty[8] = {0};
static unsigned char prop_reqd_wg[16] = {64, 0, 0, 0, 0, 0, 0, 0, /* 64 bits */
                                         64, 0, 0, 0, 0, 0, 0, 0}; /* u64 64 */
static unsigned char prop_param_opt[9] = {3, 0, 0, 0, 0, 0, 0, 0, /* 3 bits */
                                          0x5};                      /* 1,0,1 */
static char prop_string[] = "string-valued";

static struct sycl_device_binary_property reqs_props[] = {
    {"aspects", prop_aspects_empty, SYCL_PROPERTY_TYPE_BYTE_ARRAY, 8},
    {"reqd_work_group_size_uint64_t", prop_reqd_wg, SYCL_PROPERTY_TYPE_BYTE_ARRAY, 16},
};
static struct sycl_device_binary_property misc_props[] = {
    {"optLevel", NULL, SYCL_PROPERTY_TYPE_UINT32, 2},
    {"sycl-grf-size", NULL, SYCL_PROPERTY_TYPE_UINT32, 0xFFFFFFFFu},
    {"note", prop_string, SYCL_PROPERTY_TYPE_STRING, sizeof prop_string},
};
static struct sycl_device_binary_property param_props[] = {
    {"kernel_a", prop_param_opt, SYCL_PROPERTY_TYPE_BYTE_ARRAY, 9},
};
static struct sycl_device_binary_property_set v2_sets[] = {
    {"SYCL/device requirements", reqs_props, reqs_props + 2},
    {"SYCL/misc properties", misc_props, misc_props + 3},
    {"SYCL/kernel param opt", param_props, param_props + 1},
    {"SYCL/empty set", NULL, NULL},
};

static struct sycl_offload_entry_old gen_entries[] = {
    {NULL, "kernel_a", 0, 0, 0},
    {NULL, "kernel_gen_only", 0, 0, 0},
};
static struct sycl_offload_entry_old spir_entries[] = {
    {NULL, "kernel_a", 0, 0, 0},
    {NULL, "kernel_b", 0, 0, 0},
};

/* Image 0 (version 1) is AOT for another device and listed first, so
 * lookup of kernel_a must prefer image 1 (version 2, spir64). */
static struct sycl_device_binary_v2 v2_images[] = {
    {1, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, SYCL_DEVICE_BINARY_TYPE_NATIVE,
     "spir64_gen", "-device pvc", "", NULL, NULL, native_like,
     native_like + sizeof native_like, gen_entries, gen_entries + 2, NULL, NULL},
    {2, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, SYCL_DEVICE_BINARY_TYPE_SPIRV,
     "spir64", "", "", NULL, NULL, spirv_like, spirv_like + sizeof spirv_like,
     spir_entries, spir_entries + 2, v2_sets, v2_sets + 4},
};
static struct sycl_device_binaries_struct v2_desc = {
    SYCL_DEVICE_BINARIES_VERSION, 2, v2_images, NULL, NULL};

static struct sycl_offload_entry_new v3_entries[] = {
    {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, "kernel_c", 0, 0, NULL},
    {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, "kernel_d", 0, 0, NULL},
};
static struct sycl_device_binary_property v3_props[] = {
    {"DeviceLibReqMask", NULL, SYCL_PROPERTY_TYPE_UINT32, 0x21},
};
static struct sycl_device_binary_property_set v3_sets[] = {
    {"SYCL/devicelib req mask", v3_props, v3_props + 1},
};
static struct sycl_device_binary_v3 v3_images[] = {
    {3, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, SYCL_DEVICE_BINARY_TYPE_NONE,
     "spir64", "", "", bitcode_like, bitcode_like + sizeof bitcode_like,
     v3_entries, v3_entries + 2, v3_sets, v3_sets + 1},
};
static struct sycl_device_binaries_struct v3_desc = {
    SYCL_DEVICE_BINARIES_VERSION, 1, v3_images, NULL, NULL};

/* ---- Part 1 ----------------------------------------------------------------- */

static void test_lookup(void) {
  size_t before = srt_num_images();
  CHECK(srt_register(&v2_desc) == SRT_OK, "register v2 descriptor");
  CHECK(srt_register(&v3_desc) == SRT_OK, "register v3 descriptor");
  CHECK(srt_num_images() == before + 3, "3 images, got %zu",
        srt_num_images() - before);

  srt_image_info info;
  CHECK(srt_lookup_kernel("kernel_a", &info) == SRT_OK, "lookup kernel_a");
  CHECK(info.image_index == 1 && strcmp(info.target, "spir64") == 0,
        "kernel_a should come from the spir64 image 1, got image %u target %s",
        info.image_index, info.target);
  CHECK(info.version == 2 && info.kind == 4 && info.format == 2 &&
            info.binary == spirv_like && info.size == sizeof spirv_like &&
            info.num_entries == 2 &&
            !info.new_entry_layout && info.num_property_sets == 4 &&
            info.descriptor == &v2_desc,
        "kernel_a image info");

  CHECK(srt_lookup_kernel("kernel_gen_only", &info) == SRT_OK, "lookup gen");
  CHECK(info.image_index == 0 && info.version == 1 && info.format == 1 &&
            strcmp(info.compile_options, "-device pvc") == 0,
        "kernel_gen_only image info");

  CHECK(srt_lookup_kernel("kernel_d", &info) == SRT_OK, "lookup kernel_d");
  CHECK(info.version == 3 && info.new_entry_layout && info.num_entries == 2 &&
            info.format == 0 && info.descriptor == &v3_desc,
        "kernel_d image info");

  EXPECT_ERROR(srt_lookup_kernel("no_such_kernel", &info),
               SRT_ERR_KERNEL_NOT_FOUND, "'no_such_kernel'");
  /* The launch path reports an unknown kernel before needing a device. */
  size_t g[1] = {1};
  EXPECT_ERROR(srt_launch("no_such_kernel", 1, g, NULL, 0, NULL),
               SRT_ERR_KERNEL_NOT_FOUND, "kernel 'no_such_kernel' is not in any");
  EXPECT_ERROR(srt_launch("kernel_gen_only", 1, g, NULL, 0, NULL),
               SRT_ERR_UNSUPPORTED_IMAGE, "'spir64_gen'");

  /* Properties: the byte-array prefix is skipped, uint32 comes from ValSize. */
  const unsigned char *data;
  size_t size;
  uint64_t bits;
  CHECK(srt_kernel_property_bytes("kernel_b", "SYCL/device requirements",
                                  "reqd_work_group_size_uint64_t", &data, &size,
                                  &bits) == SRT_OK,
        "reqd_work_group_size");
  CHECK(size == 8 && bits == 64 && data[0] == 64 && data[1] == 0,
        "reqd_work_group_size decoded as size %zu bits %llu", size,
        (unsigned long long)bits);
  CHECK(srt_kernel_property_bytes("kernel_b", "SYCL/device requirements",
                                  "aspects", &data, &size, &bits) == SRT_OK &&
            size == 0 && bits == 0,
        "empty aspects");
  CHECK(srt_kernel_property_bytes("kernel_a", "SYCL/kernel param opt",
                                  "kernel_a", &data, &size, &bits) == SRT_OK &&
            size == 1 && bits == 3 && data[0] == 5,
        "kernel param opt bit vector");
  uint32_t u = 0;
  CHECK(srt_kernel_property_u32("kernel_a", "SYCL/misc properties", "optLevel",
                                &u) == SRT_OK && u == 2,
        "optLevel = %u", u);
  CHECK(srt_kernel_property_u32("kernel_a", "SYCL/misc properties",
                                "sycl-grf-size", &u) == SRT_OK &&
            u == 0xFFFFFFFFu,
        "sycl-grf-size = %u", u);
  CHECK(srt_kernel_property_u32("kernel_c", "SYCL/devicelib req mask",
                                "DeviceLibReqMask", &u) == SRT_OK && u == 0x21,
        "DeviceLibReqMask = %u", u);
  EXPECT_ERROR(srt_kernel_property_u32("kernel_a", "SYCL/misc properties",
                                       "missing", &u),
               SRT_ERR_NOT_FOUND, "'missing'");
  EXPECT_ERROR(srt_kernel_property_u32("kernel_a", "SYCL/device requirements",
                                       "aspects", &u),
               SRT_ERR_INVALID_ARGUMENT, "not uint32");

  if (getenv("SYCL_RT_TRACE"))
    srt_dump_images();

  EXPECT_ERROR(srt_register(&v2_desc), SRT_ERR_INVALID_DESCRIPTOR,
               "already registered");

  /* Unregister drops exactly the images of that descriptor. */
  CHECK(srt_unregister(&v2_desc) == SRT_OK, "unregister v2");
  CHECK(srt_num_images() == before + 1, "1 image left");
  EXPECT_ERROR(srt_lookup_kernel("kernel_a", &info), SRT_ERR_KERNEL_NOT_FOUND,
               "'kernel_a'");
  CHECK(srt_lookup_kernel("kernel_c", &info) == SRT_OK, "kernel_c survives");
  EXPECT_ERROR(srt_unregister(&v2_desc), SRT_ERR_NOT_FOUND, "not registered");
  CHECK(srt_unregister(&v3_desc) == SRT_OK, "unregister v3");
  CHECK(srt_num_images() == before, "all gone");
  /* Registering again after unregister works. */
  CHECK(srt_register(&v3_desc) == SRT_OK, "re-register v3");
  CHECK(srt_unregister(&v3_desc) == SRT_OK, "unregister v3 again");
}

/* Registers a descriptor with one copy of `img` (96-byte layout) and
 * expects validation to reject it with a message containing needle. */
static void expect_bad_image(int line, const struct sycl_device_binary_v2 *img,
                             const char *needle) {
  struct sycl_device_binary_v2 copy = *img;
  struct sycl_device_binaries_struct d = {1, 1, &copy, NULL, NULL};
  size_t before = srt_num_images();
  expect_error(line, srt_register(&d), SRT_ERR_INVALID_DESCRIPTOR, needle);
  if (srt_num_images() != before) {
    ++g_failures;
    fprintf(stderr, "FAIL runtime_test.c:%d: rejected image was registered\n",
            line);
    srt_unregister(&d);
  }
}

static void test_validation(void) {
  const struct sycl_device_binary_v2 good = v2_images[1];
  struct sycl_device_binary_v2 b;
  struct sycl_device_binaries_struct d;

  d = v2_desc;
  d.Version = 2;
  EXPECT_ERROR(srt_register(&d), SRT_ERR_INVALID_DESCRIPTOR,
               "version 2, expected 1");
  EXPECT_ERROR(srt_register(NULL), SRT_ERR_INVALID_DESCRIPTOR, "NULL descriptor");
  d = v2_desc;
  d.DeviceBinaries = NULL;
  EXPECT_ERROR(srt_register(&d), SRT_ERR_INVALID_DESCRIPTOR,
               "DeviceBinaries is NULL");

  b = good; b.Version = 7;
  expect_bad_image(__LINE__, &b, "version 7");
  b = good; b.Kind = 8;
  expect_bad_image(__LINE__, &b, "kind 8, expected 4");
  b = good; b.Format = 9;
  expect_bad_image(__LINE__, &b, "format 9");
  b = good; b.DeviceTargetSpec = NULL;
  expect_bad_image(__LINE__, &b, "DeviceTargetSpec is NULL");
  b = good; b.BinaryStart = NULL;
  expect_bad_image(__LINE__, &b, "binary begin");
  b = good; b.BinaryStart = spirv_like + 4; b.BinaryEnd = spirv_like;
  expect_bad_image(__LINE__, &b, "binary end");
  b = good; b.BinaryEnd = b.BinaryStart;
  expect_bad_image(__LINE__, &b, "empty device image");
  b = good; b.EntriesBegin = spir_entries + 1; b.EntriesEnd = spir_entries;
  expect_bad_image(__LINE__, &b, "offload entries end");
  b = good; b.EntriesEnd = NULL;
  expect_bad_image(__LINE__, &b, "only one is NULL");
  b = good; b.EntriesEnd = (char *)spir_entries + 40;
  expect_bad_image(__LINE__, &b, "not a multiple of the 32-byte old entry layout");
  b = good; b.EntriesBegin = v3_entries; b.EntriesEnd = (char *)v3_entries + 64;
  expect_bad_image(__LINE__, &b, "not a multiple of the 56-byte new entry layout");

  /* An old-layout entry followed by one that reads as new. */
  struct sycl_offload_entry_old mixed[2] = {{NULL, "kernel_a", 0, 0, 0},
                                            {NULL, NULL, 0, 0, 0}};
  unsigned char new_head[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0};
  memcpy(&mixed[1], new_head, sizeof new_head);
  b = good; b.EntriesBegin = mixed; b.EntriesEnd = mixed + 2;
  expect_bad_image(__LINE__, &b, "mixing is not supported");
  struct sycl_offload_entry_old unnamed[1] = {{NULL, NULL, 0, 0, 0}};
  b = good; b.EntriesBegin = unnamed; b.EntriesEnd = unnamed + 1;
  expect_bad_image(__LINE__, &b, "offload entry 0 has a NULL name");
  struct sycl_offload_entry_new unnamed_new[1] = {
      {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, "", 0, 0, NULL}};
  b = good; b.EntriesBegin = unnamed_new; b.EntriesEnd = unnamed_new + 1;
  expect_bad_image(__LINE__, &b, "offload entry 0 has a empty name");

  struct sycl_device_binary_property p[1];
  struct sycl_device_binary_property_set s[1] = {{"SYCL/test", p, p + 1}};
  b = good; b.PropertySetsBegin = s; b.PropertySetsEnd = s + 1;
  p[0] = (struct sycl_device_binary_property){"bad", NULL, 5, 0};
  expect_bad_image(__LINE__, &b, "type 5");
  p[0] = (struct sycl_device_binary_property){NULL, NULL, 1, 0};
  expect_bad_image(__LINE__, &b, "NULL name");
  p[0] = (struct sycl_device_binary_property){"u", prop_reqd_wg, 1, 0};
  expect_bad_image(__LINE__, &b, "expected NULL");
  p[0] = (struct sycl_device_binary_property){"u", NULL, 1, 0x100000000ull};
  expect_bad_image(__LINE__, &b, "> UINT32_MAX");
  p[0] = (struct sycl_device_binary_property){"ba", prop_reqd_wg, 2, 12};
  expect_bad_image(__LINE__, &b, "bit-count prefix 64 needs 8 data bytes");
  p[0] = (struct sycl_device_binary_property){"ba", prop_reqd_wg, 2, 4};
  expect_bad_image(__LINE__, &b, "8-byte bit-count prefix");
  p[0] = (struct sycl_device_binary_property){"ba", NULL, 2, 16};
  expect_bad_image(__LINE__, &b, "8-byte bit-count prefix");
  p[0] = (struct sycl_device_binary_property){"st", NULL, 3, 0};
  expect_bad_image(__LINE__, &b, "NULL ValAddr");
  p[0] = reqs_props[0];
  s[0].Name = NULL;
  expect_bad_image(__LINE__, &b, "property set 0 has a NULL name");
  s[0].Name = "SYCL/test";
  s[0].PropertiesEnd = NULL;
  expect_bad_image(__LINE__, &b, "only one is NULL");
  s[0].PropertiesBegin = p + 1;
  s[0].PropertiesEnd = p;
  expect_bad_image(__LINE__, &b, "end");
  b.PropertySetsEnd = (struct sycl_device_binary_property_set *)((char *)s + 8);
  expect_bad_image(__LINE__, &b, "not a multiple of 24");

  /* One descriptor, two image struct versions: rejected as a whole, and the
   * valid first image must not stay registered. */
  struct sycl_device_binary_v2 two[2] = {good, good};
  two[1].Version = 3;
  d = (struct sycl_device_binaries_struct){1, 2, two, NULL, NULL};
  size_t before = srt_num_images();
  EXPECT_ERROR(srt_register(&d), SRT_ERR_INVALID_DESCRIPTOR,
               "does not match image 0's version 2");
  CHECK(srt_num_images() == before, "nothing of a rejected descriptor stays");
  two[1] = good;
  two[1].Kind = 0;
  EXPECT_ERROR(srt_register(&d), SRT_ERR_INVALID_DESCRIPTOR, "image 1: kind 0");
  CHECK(srt_num_images() == before, "nothing of a rejected descriptor stays");

  /* Empty descriptors are legal and register nothing. */
  d = (struct sycl_device_binaries_struct){1, 0, NULL, NULL, NULL};
  CHECK(srt_register(&d) == SRT_OK && srt_num_images() == before, "empty desc");
  CHECK(srt_unregister(&d) == SRT_OK, "unregister empty desc");
  EXPECT_ERROR(srt_unregister(NULL), SRT_ERR_INVALID_ARGUMENT, "NULL descriptor");
}

/* __sycl_register_lib has no way to return an error: on a malformed
 * descriptor it must print one line and end the process with status 1. */
static void test_register_lib_exits(void) {
  int fds[2];
  CHECK(pipe(fds) == 0, "pipe");
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    struct sycl_device_binaries_struct d = v2_desc;
    d.Version = 9;
    __sycl_register_lib(&d);
    _exit(0); /* not reached if the runtime rejects d */
  }
  close(fds[1]);
  char msg[1024];
  size_t len = 0;
  ssize_t r;
  while (len < sizeof msg - 1 && (r = read(fds[0], msg + len, sizeof msg - 1 - len)) > 0)
    len += (size_t)r;
  msg[len] = 0;
  close(fds[0]);
  int status = 0;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid, "fork/wait");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1,
        "__sycl_register_lib on a bad descriptor: status 0x%x", status);
  CHECK(strstr(msg, "sycl_rt: descriptor") && strstr(msg, "version 9, expected 1") &&
            strchr(msg, '\n') == msg + len - 1,
        "__sycl_register_lib message: \"%s\"", msg);
}

/* ---- Part 2 ----------------------------------------------------------------- */


static char k_iota[] = "srt_test_iota";
static char k_axpy[] = "srt_test_axpy";
static char k_rev[] = "srt_test_reverse_local";

/* Runs the three test kernels from whatever image holds them now. */
static void run_kernels(const char *label) {
  enum { N = 4096, WG = 64 };
  static int host[N], x[N];
  srt_buffer *y = srt_buffer_create(sizeof host);
  srt_buffer *xb = srt_buffer_create(sizeof x);
  CHECK(y && xb, "%s: buffers", label);
  if (!y || !xb)
    return;
  size_t global[1] = {N}, local[1] = {WG};
  int base = -1000, a = 7;

  srt_arg iota_args[2] = {srt_arg_buffer(y), srt_arg_value(&base, sizeof base)};
  int rc = srt_launch(k_iota, 1, global, NULL, 2, iota_args);
  CHECK(rc == SRT_OK, "%s: launch %s", label, k_iota);
  CHECK(srt_buffer_read(y, 0, host, sizeof host) == SRT_OK, "read");
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += host[i] != base + 3 * i;
  CHECK(bad == 0, "%s: %s: %d of %d elements wrong", label, k_iota, bad, N);

  for (int i = 0; i < N; ++i)
    x[i] = (i * 37) % 101 - 50;
  CHECK(srt_buffer_write(xb, 0, x, sizeof x) == SRT_OK, "write");
  srt_arg axpy_args[3] = {srt_arg_buffer(y), srt_arg_buffer(xb),
                          srt_arg_value(&a, sizeof a)};
  CHECK(srt_launch(k_axpy, 1, global, NULL, 3, axpy_args) == SRT_OK,
        "%s: launch %s", label, k_axpy);
  CHECK(srt_buffer_read(y, 0, host, sizeof host) == SRT_OK, "read");
  bad = 0;
  for (int i = 0; i < N; ++i)
    bad += host[i] != a * x[i] + base + 3 * i;
  CHECK(bad == 0, "%s: %s: %d of %d elements wrong", label, k_axpy, bad, N);

  srt_arg rev_args[2] = {srt_arg_buffer(xb), srt_arg_local(WG * sizeof(int))};
  CHECK(srt_launch(k_rev, 1, global, local, 2, rev_args) == SRT_OK,
        "%s: launch %s", label, k_rev);
  CHECK(srt_buffer_read(xb, 0, host, sizeof host) == SRT_OK, "read");
  bad = 0;
  for (int i = 0; i < N; ++i)
    bad += host[i] != x[(i / WG) * WG + (WG - 1 - i % WG)];
  CHECK(bad == 0, "%s: %s: %d of %d elements wrong", label, k_rev, bad, N);

  /* Wrong argument count is caught before the launch. */
  EXPECT_ERROR(srt_launch(k_axpy, 1, global, NULL, 2, axpy_args),
               SRT_ERR_INVALID_ARGUMENT, "takes 3 arguments, 2 given");
  srt_buffer_release(y);
  srt_buffer_release(xb);
  if (!g_failures)
    printf("  ran %s, %s, %s on %d elements: OK (%s)\n", k_iota, k_axpy, k_rev,
           N, label);
}

static struct sycl_offload_entry_old run_entries_old[] = {
    {NULL, k_iota, 0, 0, 0}, {NULL, k_axpy, 0, 0, 0}, {NULL, k_rev, 0, 0, 0}};
static struct sycl_offload_entry_new run_entries_new[] = {
    {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, k_iota, 0, 0, NULL},
    {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, k_axpy, 0, 0, NULL},
    {0, 1, SYCL_OFFLOAD_ENTRY_KIND_SYCL, 0, NULL, k_rev, 0, 0, NULL}};

static void run_v2(const char *label, unsigned format, const unsigned char *bytes,
                   size_t n) {
  struct sycl_device_binary_v2 img = {
      2, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, (uint8_t)format, "spir64", "", "",
      NULL, NULL, bytes, bytes + n, run_entries_old, run_entries_old + 3,
      NULL, NULL};
  struct sycl_device_binaries_struct d = {1, 1, &img, NULL, NULL};
  CHECK(srt_register(&d) == SRT_OK, "%s: register", label);
  run_kernels(label);
  CHECK(srt_unregister(&d) == SRT_OK, "%s: unregister", label);
}

static void run_image_file(const char *path) {
  size_t n = 0;
  unsigned char *bytes = slurp(path, &n);
  CHECK(bytes != NULL && n >= 4, "cannot read image file %s", path);
  if (!bytes || n < 4) {
    free(bytes);
    return;
  }
  int is_spirv = bytes[0] == 0x03 && bytes[1] == 0x02 && bytes[2] == 0x23 &&
                 bytes[3] == 0x07;
  char label[512];
  printf("image %s (%s, %zu bytes)\n", path, is_spirv ? "SPIR-V" : "bitcode", n);
  snprintf(label, sizeof label, "v2 image, format %s",
           is_spirv ? "2 spirv" : "3 llvmbc");
  run_v2(label, is_spirv ? 2 : 3, bytes, n);
  run_v2("v2 image, format 0 (sniffed)", 0, bytes, n);

  /* Format 4: one zstd frame that records its content size. */
  size_t cap = ZSTD_compressBound(n);
  unsigned char *z = malloc(cap);
  size_t zn = z ? ZSTD_compress(z, cap, bytes, n, 10) : 0;
  CHECK(z && !ZSTD_isError(zn), "zstd compress");
  if (z && !ZSTD_isError(zn)) {
    run_v2("v2 image, format 4 (zstd)", 4, z, zn);

    /* Decompression is bounded: a frame declaring more than the cap is
     * refused before anything is allocated. */
    struct sycl_device_binary_v2 zimg = {
        2, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, 4, "spir64", "", "",
        NULL, NULL, z, z + zn, run_entries_old, run_entries_old + 3,
        NULL, NULL};
    struct sycl_device_binaries_struct zd = {1, 1, &zimg, NULL, NULL};
    size_t g1[1] = {1};
    setenv("SYCL_RT_MAX_IMAGE_BYTES", "64", 1);
    CHECK(srt_register(&zd) == SRT_OK, "register capped zstd image");
    EXPECT_ERROR(srt_launch("srt_test_iota", 1, g1, NULL, 0, NULL),
                 SRT_ERR_UNSUPPORTED_IMAGE, "over the 64-byte limit");
    CHECK(srt_unregister(&zd) == SRT_OK, "unregister capped zstd image");
    unsetenv("SYCL_RT_MAX_IMAGE_BYTES");
  }
  free(z);

  struct sycl_device_binary_v3 img3 = {
      3, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, SYCL_DEVICE_BINARY_TYPE_NONE,
      "spir64", "", "", bytes, bytes + n, run_entries_new, run_entries_new + 3,
      NULL, NULL};
  struct sycl_device_binaries_struct d3 = {1, 1, &img3, NULL, NULL};
  CHECK(srt_register(&d3) == SRT_OK, "register v3");
  run_kernels("v3 image, 56-byte entries");
  CHECK(srt_unregister(&d3) == SRT_OK, "unregister v3");

  if (is_spirv) {
    /* The translator is only run on first use: a broken tool path surfaces
     * as a one-line tool error naming it. */
    const char *saved = getenv("SYCL_RT_LLVM_SPIRV");
    char *saved_copy = saved ? strdup(saved) : NULL;
    setenv("SYCL_RT_LLVM_SPIRV", "/nonexistent/llvm-spirv", 1);
    struct sycl_device_binary_v2 img = {
        2, 4, 2, "spir64", "", "", NULL, NULL, bytes, bytes + n,
        run_entries_old, run_entries_old + 3, NULL, NULL};
    struct sycl_device_binaries_struct d = {1, 1, &img, NULL, NULL};
    size_t g[1] = {1};
    CHECK(srt_register(&d) == SRT_OK, "register");
    EXPECT_ERROR(srt_launch(k_iota, 1, g, NULL, 0, NULL), SRT_ERR_TOOL,
                 "/nonexistent/llvm-spirv");
    if (saved_copy)
      setenv("SYCL_RT_LLVM_SPIRV", saved_copy, 1);
    else
      unsetenv("SYCL_RT_LLVM_SPIRV");
    free(saved_copy);
    CHECK(srt_unregister(&d) == SRT_OK, "unregister");

    /* Valid magic, garbage body: the translator rejects it. */
    unsigned char junk[64];
    memset(junk, 0xAB, sizeof junk);
    memcpy(junk, bytes, 4);
    img.BinaryStart = junk;
    img.BinaryEnd = junk + sizeof junk;
    CHECK(srt_register(&d) == SRT_OK, "register junk");
    EXPECT_ERROR(srt_launch(k_iota, 1, g, NULL, 0, NULL), SRT_ERR_TOOL,
                 "into LLVM bitcode: InvalidModule");
    CHECK(srt_unregister(&d) == SRT_OK, "unregister junk");
  }
  /* Format says SPIR-V but bytes are something else. */
  unsigned char text[] = "not a device image";
  struct sycl_device_binary_v2 bad = {
      2, 4, 2, "spir64", "", "", NULL, NULL, text, text + sizeof text,
      run_entries_old, run_entries_old + 3, NULL, NULL};
  struct sycl_device_binaries_struct dbad = {1, 1, &bad, NULL, NULL};
  size_t g[1] = {1};
  CHECK(srt_register(&dbad) == SRT_OK, "register bad");
  EXPECT_ERROR(srt_launch(k_iota, 1, g, NULL, 0, NULL), SRT_ERR_UNSUPPORTED_IMAGE,
               "says format spirv");
  CHECK(srt_unregister(&dbad) == SRT_OK, "unregister bad");
  bad.Format = 0;
  CHECK(srt_register(&dbad) == SRT_OK, "register bad, format 0");
  EXPECT_ERROR(srt_launch(k_iota, 1, g, NULL, 0, NULL), SRT_ERR_UNSUPPORTED_IMAGE,
               "unrecognized");
  CHECK(srt_unregister(&dbad) == SRT_OK, "unregister bad");
  free(bytes);
}

/* Host-shared allocations in every mode the device offers (forced with
 * SYCL_RT_SHARED): the host writes through the pointer, kernels update the
 * memory in place, the host reads the results without a copy. */
static void run_shared(const unsigned char *bytes, size_t n) {
  enum { N = 4096 };
  struct sycl_device_binary_v2 img = {
      2, SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL, 0, "spir64", "", "",
      NULL, NULL, bytes, bytes + n, run_entries_old, run_entries_old + 3,
      NULL, NULL};
  struct sycl_device_binaries_struct d = {1, 1, &img, NULL, NULL};
  CHECK(srt_register(&d) == SRT_OK, "register for shared");
  static const char *const modes[] = {"fine", "coarse", "emulated"};
  for (int m = 0; m < 3; ++m) {
    srt_teardown();
    setenv("SYCL_RT_SHARED", modes[m], 1);
    int rc = srt_init();
    if (rc != SRT_OK) {
      /* Only SVM modes may be missing; emulation always works. */
      CHECK(m < 2 && strstr(srt_last_error(), "does not offer"),
            "srt_init with SYCL_RT_SHARED=%s", modes[m]);
      printf("  shared memory, %s: not offered by the device\n", modes[m]);
      continue;
    }
    CHECK(srt_shared_mode() == m + 1, "mode %s: got %d", modes[m],
          srt_shared_mode());
    int *y = srt_malloc_shared(N * sizeof(int));
    int *x = srt_malloc_shared(N * sizeof(int));
    CHECK(y && x, "srt_malloc_shared (%s)", modes[m]);
    if (!y || !x)
      continue;
    for (int i = 0; i < N; ++i) {
      y[i] = 5 * i - 7;
      x[i] = (i * 29) % 83 - 41;
    }
    int a = 3;
    size_t global[1] = {N};
    srt_arg axpy[3] = {srt_arg_shared(y), srt_arg_shared(x),
                       srt_arg_value(&a, sizeof a)};
    CHECK(srt_launch(k_axpy, 1, global, NULL, 3, axpy) == SRT_OK, "axpy %s",
          modes[m]);
    int bad = 0;
    for (int i = 0; i < N; ++i)
      bad += y[i] != a * ((i * 29) % 83 - 41) + 5 * i - 7 ||
             x[i] != (i * 29) % 83 - 41;
    CHECK(bad == 0, "shared axpy (%s): %d of %d wrong", modes[m], bad, N);

    /* Second launch on the same memory: host edits between launches are
     * seen by the device. */
    for (int i = 0; i < N; ++i)
      x[i] = 1;
    CHECK(srt_launch(k_axpy, 1, global, NULL, 3, axpy) == SRT_OK, "axpy 2");
    bad = 0;
    for (int i = 0; i < N; ++i)
      bad += y[i] != a * ((i * 29) % 83 - 41) + 5 * i - 7 + a;
    CHECK(bad == 0, "shared axpy 2 (%s): %d of %d wrong", modes[m], bad, N);

    /* Interior pointer: SVM modes pass it, emulation refuses it. */
    int base = 100;
    size_t half[1] = {N / 2};
    srt_arg iota[2] = {srt_arg_shared(y + N / 2), srt_arg_value(&base, sizeof base)};
    rc = srt_launch(k_iota, 1, half, NULL, 2, iota);
    if (m < 2) {
      CHECK(rc == SRT_OK, "interior pointer (%s)", modes[m]);
      bad = 0;
      for (int i = 0; i < N / 2; ++i)
        bad += y[N / 2 + i] != base + 3 * i;
      CHECK(bad == 0 && y[N / 2 - 1] == a * ((((N / 2 - 1) * 29) % 83) - 41) +
                                            5 * (N / 2 - 1) - 7 + a,
            "interior launch (%s): %d wrong", modes[m], bad);
    } else {
      EXPECT_ERROR(rc, SRT_ERR_INVALID_ARGUMENT, "whole allocations only");
    }
    int not_shared[4];
    srt_arg wrong[2] = {srt_arg_shared(not_shared), srt_arg_value(&base, sizeof base)};
    EXPECT_ERROR(srt_launch(k_iota, 1, half, NULL, 2, wrong),
                 SRT_ERR_INVALID_ARGUMENT, "not inside a live srt_malloc_shared");
    srt_free_shared(x);
    srt_free_shared(y);
    if (!g_failures)
      printf("  shared memory, %s: %s, %d elements OK\n", modes[m],
             srt_shared_mode_name(srt_shared_mode()), N);
  }
  srt_teardown();
  setenv("SYCL_RT_SHARED", "bogus", 1);
  EXPECT_ERROR(srt_init(), SRT_ERR_INVALID_ARGUMENT, "expected fine, coarse or emulated");
  unsetenv("SYCL_RT_SHARED");
  CHECK(srt_init() == SRT_OK, "srt_init with the default mode");
  printf("  default shared mode: %s\n", srt_shared_mode_name(srt_shared_mode()));
  CHECK(srt_malloc_shared(0) == NULL, "zero bytes");
  CHECK(srt_unregister(&d) == SRT_OK, "unregister shared");
}

int main(int argc, char **argv) {
  test_lookup();
  test_validation();
  test_register_lib_exits();
  printf("registration/lookup/validation: %d checks, %d failures\n", g_checks,
         g_failures);
  if (argc > 1) {
    int rc = srt_init();
    CHECK(rc == SRT_OK, "srt_init");
    if (rc == SRT_OK) {
      printf("device: %s\n", srt_device_name());
      for (int i = 1; i < argc; ++i)
        run_image_file(argv[i]);
      /* Shared memory, with the first image that is SPIR-V. */
      for (int i = 1; i < argc; ++i) {
        size_t n = 0;
        unsigned char *b = slurp(argv[i], &n);
        int spirv = b && n >= 4 && b[0] == 0x03 && b[1] == 0x02 &&
                    b[2] == 0x23 && b[3] == 0x07;
        if (spirv)
          run_shared(b, n);
        free(b);
        if (spirv)
          break;
      }
      srt_teardown();
    }
  } else {
    printf("SKIP kernel execution: no image given (usage: %s [IMAGE.spv|IMAGE.bc ...])\n",
           argv[0]);
  }
  printf("%s: %d checks, %d failures\n", g_failures ? "FAILED" : "PASSED",
         g_checks, g_failures);
  return g_failures ? 1 : 0;
}
