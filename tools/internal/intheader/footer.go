package intheader

import "bytes"

// What a footer names when its TU uses specialization constants, and the
// header that defines handler::set_specialization_constant.
var (
	specConstantIDs = []byte("get_spec_constant_symbolic_ID_impl<")
	kernelBundle    = []byte("#include <sycl/kernel_bundle.hpp>")
)

// CompleteFooter returns the integration footer of a TU that uses
// specialization constants with <sycl/kernel_bundle.hpp> included at its
// end, and other footers unchanged (false).
//
// DPC++ 2026.2's handler.hpp declares handler::set_specialization_constant
// and get_specialization_constant but defines them in kernel_bundle.hpp,
// which <sycl/sycl.hpp> includes and <sycl/detail/core.hpp> (what Intel's
// e2e tests include) does not: a host TU that sets a spec constant through
// the handler with only core.hpp links with an undefined reference to
// handler::set_specialization_constant<&id>. Included at the end of the
// TU, the definitions are seen before the end-of-TU point at which clang
// instantiates the calls; a TU that included the header already sees it
// once (#pragma once).
func CompleteFooter(footer []byte) ([]byte, bool) {
	if !bytes.Contains(footer, specConstantIDs) || bytes.Contains(footer, kernelBundle) {
		return footer, false
	}
	out := append([]byte{}, footer...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, "// rules_sycl (syclc): handler::set_specialization_constant's definition,\n// which <sycl/detail/core.hpp> leaves out.\n"...)
	out = append(out, kernelBundle...)
	return append(out, '\n'), true
}
