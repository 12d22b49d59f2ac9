// This is auto-generated SYCL integration header.

#include <sycl/detail/defines_elementary.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/ext/oneapi/experimental/free_function_traits.hpp>
#include <sycl/access/access.hpp>

#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012L
#endif //SYCL_LANGUAGE_VERSION

// Forward declarations of templated kernel function types:
namespace nm3 { 
class KernelName;
}
namespace nm1 { namespace nm2 { 
class KernelName0;
}}
namespace nm1 { 
class KernelName1;
}
namespace nm1 { 
template <typename T> class KernelName3;
}
namespace nm1 { 
template <typename T> class KernelName4;
}
namespace nm3 { 
class KernelName5;
}
namespace nm3 { 
class KernelName7;
}
namespace nm1 { namespace nm2 { 
template <int X> class KernelName11;
}}
namespace nm1 { 
template <typename ...Ts> class KernelName10;
}
template <typename ...Ts> class KernelName12;

namespace sycl {
inline namespace _V1 {
namespace detail {
// names of all kernels defined in the corresponding source
static constexpr
const char* const kernel_names[] = {
  "_ZTSb",
  "_ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName",
  "_ZTSN3nm13nm211KernelName0E",
  "_ZTSN3nm111KernelName1E",
  "_ZTSN3nm111KernelName3INS_3nm211KernelName0EEE",
  "_ZTSN3nm111KernelName3INS_11KernelName1EEE",
  "_ZTSN3nm111KernelName4INS_3nm211KernelName0EEE",
  "_ZTSN3nm111KernelName4INS_11KernelName1EEE",
  "_ZTSN3nm111KernelName3IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE7_clES6_E11KernelName5EE",
  "_ZTSN3nm111KernelName4IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE8_clES6_E11KernelName7EE",
  "_ZTSN3nm112KernelName10IJNS_3nm212KernelName11ILi10EEEEEE",
  "_ZTS12KernelName12IJN3nm13nm212KernelName11ILi10EEEEE",
  "",
};

static constexpr unsigned kernel_args_sizes[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4294967295, 
};

// array representing signatures of all kernels defined in the
// corresponding source
static constexpr
const kernel_param_desc_t kernel_signatures[] = {
  //--- _ZTSb
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm13nm211KernelName0E
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName1E
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName3INS_3nm211KernelName0EEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName3INS_11KernelName1EEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName4INS_3nm211KernelName0EEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName4INS_11KernelName1EEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName3IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE7_clES6_E11KernelName5EE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm111KernelName4IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE8_clES6_E11KernelName7EE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTSN3nm112KernelName10IJNS_3nm212KernelName11ILi10EEEEEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  //--- _ZTS12KernelName12IJN3nm13nm212KernelName11ILi10EEEEE
  { kernel_param_kind_t::kind_accessor, 4062, 0 },

  { kernel_param_kind_t::kind_invalid, -987654321, -987654321 }, 
};

} // namespace detail
} // namespace _V1
} // namespace sycl
// Specializations of KernelInfo for kernel function types:
namespace sycl {
inline namespace _V1 {
namespace detail {
template <> struct KernelInfo<_Bool> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSb"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+0];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "_Bool";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 70;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 31;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<nm3::KernelName> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+1];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "nm3::KernelName";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 78;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 43;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::nm2::KernelName0> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm13nm211KernelName0E"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::nm2::KernelName0";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 87;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 48;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName1> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName1E"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName1";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 119;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 43;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName3<::nm1::nm2::KernelName0>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName3INS_3nm211KernelName0EEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+4];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName3<::nm1::nm2::KernelName0>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 129;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName3<::nm1::KernelName1>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName3INS_11KernelName1EEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+5];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName3<::nm1::KernelName1>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 139;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName4<::nm1::nm2::KernelName0>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName4INS_3nm211KernelName0EEE"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName4<::nm1::nm2::KernelName0>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 149;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName4<::nm1::KernelName1>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName4INS_11KernelName1EEE"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName4<::nm1::KernelName1>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 159;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName3<nm3::KernelName5>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName3IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE7_clES6_E11KernelName5EE"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName3<nm3::KernelName5>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 169;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName4<nm3::KernelName7>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm111KernelName4IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE8_clES6_E11KernelName7EE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+9];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName4<nm3::KernelName7>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 193;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::nm1::KernelName10<::nm1::nm2::KernelName11<10>>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTSN3nm112KernelName10IJNS_3nm212KernelName11ILi10EEEEEE"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return 1; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return kernel_signatures[i+10];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() {
#ifndef NDEBUG
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::nm1::KernelName10<::nm1::nm2::KernelName11<10>>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 254;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};
template <> struct KernelInfo<::KernelName12<::nm1::nm2::KernelName11<10>>> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "_ZTS12KernelName12IJN3nm13nm212KernelName11ILi10EEEEE"; }
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
    return "kernel_name_class.cpp";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() {
#ifndef NDEBUG
    return "::KernelName12<::nm1::nm2::KernelName11<10>>";
#else
    return "";
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() {
#ifndef NDEBUG
    return 265;
#else
    return 0;
#endif
  }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() {
#ifndef NDEBUG
    return 13;
#else
    return 0;
#endif
  }
  // Returns the size of the kernel object in bytes.
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return 32; }
};

} // namespace detail
} // namespace _V1
} // namespace sycl
