// sycl_ext_oneapi_in_order_queue_events on the pinned runtime: what
// queue::ext_oneapi_get_last_event() returns after each kind of command.
// The extension guarantees that the last event completes with the last
// command; DPC++'s e2e test (InOrderEventsExt/get_last_event.cpp) also
// expects it to be the very event the command returned, which libsycl
// 2026.2 gives for a host_task but not for a kernel: after a kernel it
// enqueues a marker (urEnqueueEventsWait, seen with SYCL_UR_TRACE=-1) and
// returns that, for queue::single_task/parallel_for and handler::single_task
// alike (docs/sycl-cpp.md). This test checks the guarantee for every
// command, and prints which events are the command's own.
#include <cstdio>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

template <typename F>
static int Check(sycl::queue &q, int *data, int value, const char *what, bool want_same, F submit) {
  sycl::event e = submit(value);
  std::optional<sycl::event> last = q.ext_oneapi_get_last_event();
  if (!last) {
    std::printf("in_order_last_event: %s: no last event\n", what);
    return 1;
  }
  last->wait();
  auto status = e.get_info<sycl::info::event::command_execution_status>();
  bool same = e == *last;
  if (status != sycl::info::event_command_status::complete || *data != value || (want_same && !same)) {
    std::printf("in_order_last_event: %s: after the last event: command %s, data %d (want %d), the command's own event: %s\n", what,
                status == sycl::info::event_command_status::complete ? "complete" : "not complete", *data, value, same ? "yes" : "no");
    return 1;
  }
  std::printf("in_order_last_event: %s: complete after the last event (%s)\n", what, same ? "the command's own event" : "a marker after it");
  return 0;
}

int main() {
  sycl::queue q{examples::IntelCpuDevice("in_order_last_event"), sycl::property::queue::in_order{}};
  int *data = sycl::malloc_shared<int>(1, q);
  int bad = 0;
  bad += Check(q, data, 1, "single_task", false, [&](int v) { return q.single_task([=] { *data = v; }); });
  bad += Check(q, data, 2, "parallel_for", false, [&](int v) { return q.parallel_for(1, [=](sycl::id<1>) { *data = v; }); });
  bad += Check(q, data, 3, "handler::single_task", false, [&](int v) {
    return q.submit([&](sycl::handler &cgh) { cgh.single_task([=] { *data = v; }); });
  });
  bad += Check(q, data, 4, "host_task", true, [&](int v) {
    return q.submit([&](sycl::handler &cgh) { cgh.host_task([=] { *data = v; }); });
  });
  bad += Check(q, data, 5, "fill", false, [&](int v) { return q.fill(data, v, 1); });
  sycl::free(data, q);
  return bad != 0;
}
