/*
 * The check harness the runtime's C tests share: counters, CHECK (which also
 * prints the runtime's last error) and slurp (read a whole file).
 */
#ifndef RULES_SYCL_TESTS_RUNTIME_TEST_CHECK_H_
#define RULES_SYCL_TESTS_RUNTIME_TEST_CHECK_H_

#include <stdio.h>
#include <stdlib.h>

#include "sycl_rt.h"

static int g_failures, g_checks;

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    ++g_checks;                                                               \
    if (!(cond)) {                                                            \
      ++g_failures;                                                           \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);         \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, " (last error: %s)\n", srt_last_error());              \
    }                                                                         \
  } while (0)

/* The whole file at path (NULL if unreadable); *n receives its size. */
static unsigned char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  unsigned char *buf = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long len = ftell(f);
    if (len > 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len)) &&
        fread(buf, 1, (size_t)len, f) != (size_t)len) {
      free(buf);
      buf = NULL;
    }
    *n = len > 0 ? (size_t)len : 0;
  }
  fclose(f);
  return buf;
}

#endif /* RULES_SYCL_TESTS_RUNTIME_TEST_CHECK_H_ */
