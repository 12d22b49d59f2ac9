/*
 * Internal helpers shared by the sycl_rt translation units (not API).
 */
#ifndef RULES_SYCL_TESTS_RUNTIME_SYCL_RT_INTERNAL_H_
#define RULES_SYCL_TESTS_RUNTIME_SYCL_RT_INTERNAL_H_

#if defined(__GNUC__)
#define SRT_INTERNAL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SRT_INTERNAL_PRINTF(f, a)
#endif

/* Sets srt_last_error() to "sycl_rt: <message>" (one line) and returns
 * status. */
int srt_internal_fail(int status, const char *fmt, ...) SRT_INTERNAL_PRINTF(2, 3);

/* SYCL_RT_TRACE as an integer (0 if unset). */
int srt_internal_trace_level(void);

/* Prints "sycl_rt: <message>\n" to stderr. */
void srt_internal_trace(const char *fmt, ...) SRT_INTERNAL_PRINTF(1, 2);

#endif /* RULES_SYCL_TESTS_RUNTIME_SYCL_RT_INTERNAL_H_ */
