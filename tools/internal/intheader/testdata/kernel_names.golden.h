// This is auto-generated SYCL integration header.

#include <sycl/detail/defines_elementary.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/ext/oneapi/experimental/free_function_traits.hpp>
#include <sycl/access/access.hpp>

#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012L
#endif //SYCL_LANGUAGE_VERSION

// Forward declarations of templated kernel function types:
namespace sycl { inline namespace _V1 { namespace detail { 
template <typename Name> class __pf_kernel_wrapper;
}}}
namespace  { 
class InAnonymousNamespace;
}
template <typename T> class Templated;

namespace sycl {
inline namespace _V1 {
namespace detail {
// names of all kernels defined in the corresponding source
static constexpr
const char* const kernel_names[] = {
  "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZN3app6detail12in_namespaceERNS0_5queueEPiENKUlRNS0_7handlerEE_clES9_E4initEE",
  "_ZTSZZN3app6detail12in_namespaceERN4sycl3_V15queueEPiENKUlRNS2_7handlerEE_clES7_E4init",
  "_ZTSZN3app6Member3runERN4sycl3_V15queueEPiE8InMember",
  "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZ9same_nameRNS0_5queueEPiENKUlRNS0_7handlerEE_clES7_E4initEE",
  "_ZTSZZ9same_nameRN4sycl3_V15queueEPiENKUlRNS0_7handlerEE_clES5_E4init",
  "_ZTSZN12_GLOBAL__N_19anonymousERN4sycl3_V15queueEPiE19InAnonymousFunction",
  "_ZTSN12_GLOBAL__N_120InAnonymousNamespaceE",
  "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIiEiRNS0_5queueEPiE18InFunctionTemplateEE",
  "_ZTSZ11in_templateIiEiRN4sycl3_V15queueEPiE18InFunctionTemplate",
  "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIdEiRNS0_5queueEPiE18InFunctionTemplateEE",
  "_ZTSZ11in_templateIdEiRN4sycl3_V15queueEPiE18InFunctionTemplate",
  "_ZTSZZ4mainENKUlvE_clEvE8InLambda",
  "_ZTS9TemplatedIfE",
  "_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlvE_",
  "_ZTSZ4mainE7Bundled",
  "",
};

static constexpr unsigned kernel_args_sizes[] = {2, 1, 1, 2, 1, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1, 4294967295, 
};

// array representing signatures of all kernels defined in the
// corresponding source
static constexpr
const kernel_param_desc_t kernel_signatures[] = {
  //--- _ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZN3app6detail12in_namespaceERNS0_5queueEPiENKUlRNS0_7handlerEE_clES9_E4initEE
  { kernel_param_kind_t::kind_std_layout, 8, 0 },
  { kernel_param_kind_t::kind_std_layout, 8, 8 },

  //--- _ZTSZZN3app6detail12in_namespaceERN4sycl3_V15queueEPiENKUlRNS2_7handlerEE_clES7_E4init
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSZN3app6Member3runERN4sycl3_V15queueEPiE8InMember
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZ9same_nameRNS0_5queueEPiENKUlRNS0_7handlerEE_clES7_E4initEE
  { kernel_param_kind_t::kind_std_layout, 8, 0 },
  { kernel_param_kind_t::kind_std_layout, 8, 8 },

  //--- _ZTSZZ9same_nameRN4sycl3_V15queueEPiENKUlRNS0_7handlerEE_clES5_E4init
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSZN12_GLOBAL__N_19anonymousERN4sycl3_V15queueEPiE19InAnonymousFunction
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSN12_GLOBAL__N_120InAnonymousNamespaceE
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIiEiRNS0_5queueEPiE18InFunctionTemplateEE
  { kernel_param_kind_t::kind_std_layout, 8, 0 },
  { kernel_param_kind_t::kind_std_layout, 8, 8 },

  //--- _ZTSZ11in_templateIiEiRN4sycl3_V15queueEPiE18InFunctionTemplate
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIdEiRNS0_5queueEPiE18InFunctionTemplateEE
  { kernel_param_kind_t::kind_std_layout, 8, 0 },
  { kernel_param_kind_t::kind_std_layout, 8, 8 },

  //--- _ZTSZ11in_templateIdEiRN4sycl3_V15queueEPiE18InFunctionTemplate
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSZZ4mainENKUlvE_clEvE8InLambda
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTS9TemplatedIfE
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlvE_
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  //--- _ZTSZ4mainE7Bundled
  { kernel_param_kind_t::kind_pointer, 8, 0 },

  { kernel_param_kind_t::kind_invalid, -987654321, -987654321 }, 
};

} // namespace detail
} // namespace _V1
} // namespace sycl
// Specializations of KernelInfo for kernel function types:
namespace sycl {
inline namespace _V1 {
namespace detail {
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '9', '_', '_', 'p', 'f', '_', 'k', 'e', 'r', 'n', 'e', 'l', '_', 'w', 'r', 'a', 'p', 'p', 'e', 'r', 'I', 'Z', 'Z', 'N', '3', 'a', 'p', 'p', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '2', 'i', 'n', '_', 'n', 'a', 'm', 'e', 's', 'p', 'a', 'c', 'e', 'E', 'R', 'N', 'S', '0', '_', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', 'N', 'K', 'U', 'l', 'R', 'N', 'S', '0', '_', '7', 'h', 'a', 'n', 'd', 'l', 'e', 'r', 'E', 'E', '_', 'c', 'l', 'E', 'S', '9', '_', 'E', '4', 'i', 'n', 'i', 't', 'E', 'E'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZN3app6detail12in_namespaceERNS0_5queueEPiENKUlRNS0_7handlerEE_clES9_E4initEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 2; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+0];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "range_rounding.hpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::sycl::detail::__pf_kernel_wrapper<app::detail::init>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 83;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 7;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 16; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'Z', 'N', '3', 'a', 'p', 'p', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '2', 'i', 'n', '_', 'n', 'a', 'm', 'e', 's', 'p', 'a', 'c', 'e', 'E', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', 'N', 'K', 'U', 'l', 'R', 'N', 'S', '2', '_', '7', 'h', 'a', 'n', 'd', 'l', 'e', 'r', 'E', 'E', '_', 'c', 'l', 'E', 'S', '7', '_', 'E', '4', 'i', 'n', 'i', 't'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZZN3app6detail12in_namespaceERN4sycl3_V15queueEPiENKUlRNS2_7handlerEE_clES7_E4init"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+2];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "app::detail::init";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 22;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 52;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'N', '3', 'a', 'p', 'p', '6', 'M', 'e', 'm', 'b', 'e', 'r', '3', 'r', 'u', 'n', 'E', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '8', 'I', 'n', 'M', 'e', 'm', 'b', 'e', 'r'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZN3app6Member3runERN4sycl3_V15queueEPiE8InMember"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+3];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "app::InMember";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 30;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 36;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '9', '_', '_', 'p', 'f', '_', 'k', 'e', 'r', 'n', 'e', 'l', '_', 'w', 'r', 'a', 'p', 'p', 'e', 'r', 'I', 'Z', 'Z', '9', 's', 'a', 'm', 'e', '_', 'n', 'a', 'm', 'e', 'R', 'N', 'S', '0', '_', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', 'N', 'K', 'U', 'l', 'R', 'N', 'S', '0', '_', '7', 'h', 'a', 'n', 'd', 'l', 'e', 'r', 'E', 'E', '_', 'c', 'l', 'E', 'S', '7', '_', 'E', '4', 'i', 'n', 'i', 't', 'E', 'E'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZZ9same_nameRNS0_5queueEPiENKUlRNS0_7handlerEE_clES7_E4initEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 2; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+4];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "range_rounding.hpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::sycl::detail::__pf_kernel_wrapper<init>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 83;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 7;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 16; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'Z', '9', 's', 'a', 'm', 'e', '_', 'n', 'a', 'm', 'e', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', 'N', 'K', 'U', 'l', 'R', 'N', 'S', '0', '_', '7', 'h', 'a', 'n', 'd', 'l', 'e', 'r', 'E', 'E', '_', 'c', 'l', 'E', 'S', '5', '_', 'E', '4', 'i', 'n', 'i', 't'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZZ9same_nameRN4sycl3_V15queueEPiENKUlRNS0_7handlerEE_clES5_E4init"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+6];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "init";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 38;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 82;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'N', '1', '2', '_', 'G', 'L', 'O', 'B', 'A', 'L', '_', '_', 'N', '_', '1', '9', 'a', 'n', 'o', 'n', 'y', 'm', 'o', 'u', 's', 'E', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '1', '9', 'I', 'n', 'A', 'n', 'o', 'n', 'y', 'm', 'o', 'u', 's', 'F', 'u', 'n', 'c', 't', 'i', 'o', 'n'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZN12_GLOBAL__N_19anonymousERN4sycl3_V15queueEPiE19InAnonymousFunction"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+7];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "InAnonymousFunction";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 49;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 44;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfo<InAnonymousNamespace> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN12_GLOBAL__N_120InAnonymousNamespaceE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+8];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "InAnonymousNamespace";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 50;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 39;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '9', '_', '_', 'p', 'f', '_', 'k', 'e', 'r', 'n', 'e', 'l', '_', 'w', 'r', 'a', 'p', 'p', 'e', 'r', 'I', 'Z', '1', '1', 'i', 'n', '_', 't', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'I', 'i', 'E', 'i', 'R', 'N', 'S', '0', '_', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '1', '8', 'I', 'n', 'F', 'u', 'n', 'c', 't', 'i', 'o', 'n', 'T', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'E', 'E'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIiEiRNS0_5queueEPiE18InFunctionTemplateEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 2; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+9];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "range_rounding.hpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::sycl::detail::__pf_kernel_wrapper<InFunctionTemplate>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 83;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 7;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 16; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', '1', '1', 'i', 'n', '_', 't', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'I', 'i', 'E', 'i', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '1', '8', 'I', 'n', 'F', 'u', 'n', 'c', 't', 'i', 'o', 'n', 'T', 'e', 'm', 'p', 'l', 'a', 't', 'e'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZ11in_templateIiEiRN4sycl3_V15queueEPiE18InFunctionTemplate"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+11];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "InFunctionTemplate";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 43;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 63;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '6', 'd', 'e', 't', 'a', 'i', 'l', '1', '9', '_', '_', 'p', 'f', '_', 'k', 'e', 'r', 'n', 'e', 'l', '_', 'w', 'r', 'a', 'p', 'p', 'e', 'r', 'I', 'Z', '1', '1', 'i', 'n', '_', 't', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'I', 'd', 'E', 'i', 'R', 'N', 'S', '0', '_', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '1', '8', 'I', 'n', 'F', 'u', 'n', 'c', 't', 'i', 'o', 'n', 'T', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'E', 'E'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ11in_templateIdEiRNS0_5queueEPiE18InFunctionTemplateEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 2; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+12];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "range_rounding.hpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::sycl::detail::__pf_kernel_wrapper<InFunctionTemplate>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 83;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 7;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 16; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', '1', '1', 'i', 'n', '_', 't', 'e', 'm', 'p', 'l', 'a', 't', 'e', 'I', 'd', 'E', 'i', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '5', 'q', 'u', 'e', 'u', 'e', 'E', 'P', 'i', 'E', '1', '8', 'I', 'n', 'F', 'u', 'n', 'c', 't', 'i', 'o', 'n', 'T', 'e', 'm', 'p', 'l', 'a', 't', 'e'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZ11in_templateIdEiRN4sycl3_V15queueEPiE18InFunctionTemplate"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+14];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "InFunctionTemplate";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 43;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 63;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'Z', '4', 'm', 'a', 'i', 'n', 'E', 'N', 'K', 'U', 'l', 'v', 'E', '_', 'c', 'l', 'E', 'v', 'E', '8', 'I', 'n', 'L', 'a', 'm', 'b', 'd', 'a'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZZ4mainENKUlvE_clEvE8InLambda"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+15];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "InLambda";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 80;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 56;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfo<::Templated<float>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTS9TemplatedIfE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+16];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::Templated<float>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 83;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 35;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', 'Z', '4', 'm', 'a', 'i', 'n', 'E', 'N', 'K', 'U', 'l', 'R', 'N', '4', 's', 'y', 'c', 'l', '3', '_', 'V', '1', '7', 'h', 'a', 'n', 'd', 'l', 'e', 'r', 'E', 'E', '_', 'c', 'l', 'E', 'S', '2', '_', 'E', 'U', 'l', 'v', 'E', '_'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlvE_"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+17];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "class (lambda)";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 85;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 50;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};
template <> struct KernelInfoData<'_', 'Z', 'T', 'S', 'Z', '4', 'm', 'a', 'i', 'n', 'E', '7', 'B', 'u', 'n', 'd', 'l', 'e', 'd'> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZ4mainE7Bundled"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+18];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_names.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "Bundled";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 99;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 29;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 8; }
};

} // namespace detail
} // namespace _V1
} // namespace sycl
