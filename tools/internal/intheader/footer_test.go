package intheader

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompleteFooter(t *testing.T) {
	const specFooter = "#include <sycl/detail/defines_elementary.hpp>\n" +
		"namespace sycl {\ninline namespace _V1 {\nnamespace detail {\ntemplate<>\n" +
		"inline const char *get_spec_constant_symbolic_ID_impl<::coeff_id>() {\n  return \"____ZL8coeff_id\";\n}\n" +
		"} // namespace detail\n} // namespace _V1\n} // namespace sycl\n" +
		"#include <sycl/detail/spec_const_integration.hpp>\n"
	const added = "// rules_sycl (syclc): handler::set_specialization_constant's definition,\n" +
		"// which <sycl/detail/core.hpp> leaves out.\n#include <sycl/kernel_bundle.hpp>\n"
	for _, tc := range []struct {
		name, in, want string
		changed        bool
	}{
		{"spec constants", specFooter, specFooter + added, true},
		{"no final newline", specFooter[:len(specFooter)-1], specFooter + added, true},
		{"no spec constants", "#include <sycl/detail/defines_elementary.hpp>\n", "#include <sycl/detail/defines_elementary.hpp>\n", false},
		{"empty", "", "", false},
		{"already complete", specFooter + added, specFooter + added, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, changed := CompleteFooter([]byte(tc.in))
			if diff := cmp.Diff(tc.want, string(got)); diff != "" || changed != tc.changed {
				t.Errorf("CompleteFooter: changed %v, want %v; diff (-want +got):\n%s", changed, tc.changed, diff)
			}
		})
	}
}
