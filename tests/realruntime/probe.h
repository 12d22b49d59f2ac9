#ifndef RULES_SYCL_TESTS_REALRUNTIME_PROBE_H_
#define RULES_SYCL_TESTS_REALRUNTIME_PROBE_H_

// Runs the probe: argv[1..] are the kernel names the program must find
// among sycl::get_kernel_ids(), exactly; each known one is run on the CPU
// device and its results checked element by element. Returns the exit code.
int probe_main(int argc, char **argv);

#endif  // RULES_SYCL_TESTS_REALRUNTIME_PROBE_H_
