package specconst

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRestoreBuffer checks the masks emulation reports for buffer.ll (its
// text is a golden, buffer.emulation.ll) and that the other modes restore
// nothing.
func TestRestoreBuffer(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "buffer.ll"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Lower(src, "buffer.ll", Emulation)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]bool{"K": {false, false}, "KO0": {false, false}}
	if diff := cmp.Diff(want, res.ParamMasks); diff != "" {
		t.Errorf("ParamMasks (-want +got):\n%s", diff)
	}
	for _, mode := range []Mode{Native, DefaultValues} {
		res, err := Lower(src, "buffer.ll", mode)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.ParamMasks) != 0 || strings.Contains(string(res.Text), "@K(i32 addrspace(1)* align 4 %0, ") {
			t.Errorf("mode %d restored %v", mode, res.ParamMasks)
		}
	}
	// Options.ParamMasks stand in for the metadata (SPIR-V read back has
	// none): without an entry, @K keeps the calls' (null) buffer.
	res, err = LowerWith(src, "buffer.ll", Emulation, Options{ParamMasks: map[string][]bool{"KO0": {false, true}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string][]bool{"KO0": {false, false}}, res.ParamMasks); diff != "" {
		t.Errorf("ParamMasks from Options (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(res.Text), "define spir_kernel void @K(i32 addrspace(1)* align 4 %0) ") {
		t.Error("@K, without a mask, was given a buffer")
	}
}

// Opaque pointers: the parameter is a ptr addrspace(1).
func TestRestoreBufferOpaque(t *testing.T) {
	src := `@s = internal addrspace(4) constant [2 x i8] c"a\00"
@d = internal addrspace(1) constant { i32 } { i32 3 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
define spir_kernel void @K(ptr addrspace(1) %out) !sycl_kernel_omit_args !0 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) @s, ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) null)
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
!0 = !{i1 false, i1 true}
`
	res, err := Lower([]byte(src), "in.ll", Emulation)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"define spir_kernel void @K(ptr addrspace(1) %out, ptr addrspace(1) %_arg__specialization_constants_buffer) !sycl_kernel_omit_args !1 {",
		"getelementptr i8, ptr addrspace(1) %_arg__specialization_constants_buffer, i32 0",
		"load i32, ptr addrspace(1) %gep, align 4",
		"!1 = !{i1 false, i1 false}",
	} {
		if !strings.Contains(string(res.Text), want) {
			t.Errorf("output lacks %q:\n%s", want, res.Text)
		}
	}
}

// What cannot be given the buffer fails in one line naming the function.
func TestRestoreBufferErrors(t *testing.T) {
	const head = `@s = internal addrspace(4) constant [2 x i8] c"a\00"
@d = internal addrspace(1) constant { i32 } { i32 3 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)
`
	const read = `  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)* getelementptr ([2 x i8], [2 x i8] addrspace(4)* @s, i64 0, i64 0), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ i32 } addrspace(1)* @d to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* null)
`
	const kernel = "define spir_kernel void @K(i32 addrspace(1)* %out) !sycl_kernel_omit_args !0 {\n  %v = call spir_func i32 @f()\n  store i32 %v, i32 addrspace(1)* %out\n  ret void\n}\n"
	const mask = "!0 = !{i1 false, i1 true}\n!1 = !{i1 false}\n"
	tests := []struct{ name, src, want string }{
		{"exported", head + kernel + "define spir_func i32 @f() {\n" + read + "  ret i32 %v\n}\n" + mask,
			"in.ll:9:1: @f reads specialization constants outside the kernels that call it, which cannot pass it their spec-constant buffer: it is visible outside the image (SYCL_EXTERNAL, or not inlined with external linkage); inline it (__attribute__((always_inline))) or make it static"},
		{"address taken", head + "@fp = internal addrspace(1) global i32 ()* @f\n" + kernel + "define internal spir_func i32 @f() {\n" + read + "  ret i32 %v\n}\n" + mask,
			"in.ll:10:1: @f reads specialization constants outside the kernels that call it, which cannot pass it their spec-constant buffer: its address is taken in a global's initializer (line 4)"},
		{"caller without a buffer", head + kernel + "define spir_kernel void @J(i32 addrspace(1)* %out) !sycl_kernel_omit_args !1 {\n  %v = call spir_func i32 @f()\n  ret void\n}\n" +
			"define internal spir_func i32 @f() {\n" + read + "  ret i32 %v\n}\n" + mask,
			"in.ll:9:1: @J calls @f, which reads specialization constants, but has no spec-constant buffer to pass it"},
		{"mask of another kernel", head + "define spir_kernel void @K(i32 addrspace(1)* %out, i32 %n) !sycl_kernel_omit_args !0 {\n" + read + "  ret void\n}\n" + mask,
			"in.ll:4:1: @K has 2 parameters, but its SYCL/kernel param opt mask keeps 1 of 2"},
		{"unknown argument metadata", head + "define spir_kernel void @K(i32 addrspace(1)* %out) !kernel_arg_foo !1 !sycl_kernel_omit_args !0 {\n" + read + "  ret void\n}\n" + mask,
			"in.ll:4:1: !kernel_arg_foo of @K: no element is known for the restored spec-constant buffer parameter"},
		{"argument metadata of another length", head + "define spir_kernel void @K(i32 addrspace(1)* %out) !kernel_arg_type !0 !sycl_kernel_omit_args !0 {\n" + read + "  ret void\n}\n" + mask,
			"in.ll:4:1: !kernel_arg_type of @K lists 2 arguments, the kernel has 1"},
		{"variadic", head + kernel + "define internal spir_func i32 @f(...) {\n" + read + "  ret i32 %v\n}\n" + mask,
			"in.ll:9:1: @f takes variable arguments: no spec-constant buffer parameter can follow them"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Lower([]byte(tc.src), "in.ll", Emulation)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// NullBuffers (libsycl-jit's images): at -O0 no dead-argument elimination
// ran, the kernel keeps its buffer as its last parameter but its reads go
// through a kernel_handler holding null; they come from the parameter, and
// the mask stays.
func TestRestoreBufferKept(t *testing.T) {
	src := `%kh = type { i8 addrspace(4)* }
@s = internal addrspace(4) constant [2 x i8] c"a\00"
@d = internal addrspace(1) constant { i32 } { i32 3 }
declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)
define spir_kernel void @K(i8 addrspace(1)* align 4 %_arg_out, i8 addrspace(1)* align 1 %_arg__specialization_constants_buffer) {
entry:
  %h = alloca %kh, align 8
  %v = call spir_func i32 @lambda(%kh* byval(%kh) align 8 %h)
  ret void
}
define internal spir_func i32 @lambda(%kh* byval(%kh) align 8 %h) {
entry:
  %f = getelementptr inbounds %kh, %kh* %h, i32 0, i32 0
  %b = load i8 addrspace(4)*, i8 addrspace(4)** %f, align 8
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)* getelementptr ([2 x i8], [2 x i8] addrspace(4)* @s, i64 0, i64 0), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast ({ i32 } addrspace(1)* @d to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* %b)
  ret i32 %v
}
`
	res, err := LowerWith([]byte(src), "in.ll", Emulation, Options{ParamMasks: map[string][]bool{}, NullBuffers: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"define spir_kernel void @K(i8 addrspace(1)* align 4 %_arg_out, i8 addrspace(1)* align 1 %_arg__specialization_constants_buffer) {",
		"  %v = call spir_func i32 @lambda(%kh* byval(%kh) align 8 %h, i8 addrspace(1)* %_arg__specialization_constants_buffer)",
		"define internal spir_func i32 @lambda(%kh* byval(%kh) align 8 %h, i8 addrspace(1)* %spec.buffer) {",
		"  %gep = getelementptr i8, i8 addrspace(1)* %spec.buffer, i32 0",
	} {
		if !strings.Contains(string(res.Text), want) {
			t.Errorf("output lacks %q:\n%s", want, res.Text)
		}
	}
	if len(res.ParamMasks) != 0 {
		t.Errorf("ParamMasks = %v, want none (the mask keeps the buffer)", res.ParamMasks)
	}
	// Without NullBuffers the calls' buffer stays (sycl-post-link's
	// inputs: DPC++'s AOT code passes the kernel's).
	res, err = Lower([]byte(src), "in.ll", Emulation)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Text), "getelementptr i8, i8 addrspace(4)* %b, i32 0") {
		t.Errorf("without NullBuffers the buffer changed:\n%s", res.Text)
	}
	// A last parameter that cannot be the buffer.
	bad := strings.Replace(src, "i8 addrspace(1)* align 1 %_arg__specialization_constants_buffer", "i32 %n", 1)
	_, err = LowerWith([]byte(bad), "in.ll", Emulation, Options{NullBuffers: true})
	if want := "in.ll:5:1: @K reads specialization constants, but its last parameter is not the spec-constant buffer (i8 addrspace(1)*)"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}
