// Kernel names in every scope DPC++ accepts, as Intel's own tests and
// samples write them: local classes in functions, command-group lambdas,
// function templates and member functions, names declared in a function
// before use (looked up by type through kernel bundles), the same local
// name in two functions, names in anonymous namespaces, namespace-scope
// templates and unnamed lambdas. Each kernel writes its own value; the
// program checks every one.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

template <typename T> class Templated;
namespace {
class InAnonymousNamespace;
}

namespace app {
namespace detail {
int in_namespace(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) {
     h.parallel_for<class init>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 10 + static_cast<int>(i[0]); });
   }).wait();
  return 10 + 11 + 12 + 13;
}
} // namespace detail

struct Member {
  int run(sycl::queue &q, int *out) {
    q.single_task<struct InMember>([=] { out[0] = 20; }).wait();
    return 20;
  }
};
} // namespace app

// The same local name as app::detail::in_namespace's kernel.
int same_name(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) { h.parallel_for<class init>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 30; }); }).wait();
  return 4 * 30;
}

template <typename T> int in_template(sycl::queue &q, int *out) {
  q.parallel_for<class InFunctionTemplate>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = static_cast<int>(sizeof(T)); }).wait();
  return 4 * static_cast<int>(sizeof(T));
}

namespace {
int anonymous(sycl::queue &q, int *out) {
  q.single_task<class InAnonymousFunction>([=] { out[0] = 40; }).wait();
  q.single_task<InAnonymousNamespace>([=] { out[1] = 41; }).wait();
  return 81;
}
} // namespace

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  int failures = 0;
  auto check = [&](const char *what, int want, int n) {
    int got = 0;
    for (int i = 0; i < n; ++i)
      got += out[i];
    if (got != want) {
      std::printf("%s: got %d, want %d\n", what, got, want);
      ++failures;
    }
    for (int i = 0; i < 4; ++i)
      out[i] = 0;
  };
  for (int i = 0; i < 4; ++i)
    out[i] = 0;
  check("local class in a namespace's function", app::detail::in_namespace(q, out), 4);
  check("local class in a member function", app::Member{}.run(q, out), 1);
  check("the same local name in another function", same_name(q, out), 4);
  check("local class in a function template (int)", in_template<int>(q, out), 4);
  check("local class in a function template (double)", in_template<double>(q, out), 4);
  check("names in an anonymous namespace", anonymous(q, out), 2);

  // Local class inside a lambda, and a name declared before use.
  auto in_lambda = [&] { q.single_task<class InLambda>([=] { out[0] = 50; }).wait(); };
  in_lambda();
  check("local class in a lambda", 50, 1);
  q.single_task<Templated<float>>([=] { out[0] = 60; }).wait();
  check("namespace-scope template", 60, 1);
  q.submit([&](sycl::handler &h) { h.single_task([=] { out[0] = 70; }); }).wait();
  check("unnamed lambda", 70, 1);

  // Kernel bundles look kernels up by type: the local name must be the one
  // the device compile named.
  class Bundled;
  sycl::kernel_id id = sycl::get_kernel_id<Bundled>();
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {id});
  if (!bundle.has_kernel(id) || !bundle.has_kernel<Bundled>()) {
    std::printf("kernel bundle: no kernel Bundled (%s)\n", id.get_name());
    ++failures;
  }
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(bundle);
     h.single_task<Bundled>([=] { out[0] = 80; });
   }).wait();
  check("kernel bundle lookup by a local type", 80, 1);

  sycl::free(out, q);
  if (failures != 0) {
    std::printf("kernel_names: %d failed\n", failures);
    return 1;
  }
  std::printf("kernel_names: 11 kernel name forms OK\n");
  return 0;
}
