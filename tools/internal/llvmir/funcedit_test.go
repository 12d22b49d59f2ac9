package llvmir

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFunctionLinkageAndAttachments: FuncEdit.Linkage replaces the linkage
// keyword (or adds one) and AddAttachments go after the header's own.
func TestFunctionLinkageAndAttachments(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{
			name: "implicit external",
			in:   "define spir_kernel void @k(i32 %x) #0 !a !0 {\n  ret void\n}\nattributes #0 = { nounwind }\n!0 = !{}\n",
			want: "define weak_odr spir_kernel void @k(i32 %x) #0 !a !0 !b !1 {\n  ret void\n}\n\n",
		},
		{
			name: "replaced linkage",
			in:   "define linkonce_odr dso_local spir_kernel void @k() section \"s\" {\n  ret void\n}\n",
			want: "define weak_odr dso_local spir_kernel void @k() section \"s\" !b !1 {\n  ret void\n}\n\n",
		},
		{
			name: "declaration untouched",
			in:   "declare spir_func void @k()\n",
			want: "declare spir_func void @k()\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse([]byte(tc.in), "t.ll")
			if err != nil {
				t.Fatal(err)
			}
			w := m.NewWriter()
			w.Function(&m.Entities[0], FuncEdit{Linkage: "weak_odr", AddAttachments: []string{"!b !1"}})
			if diff := cmp.Diff(tc.want, string(w.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
