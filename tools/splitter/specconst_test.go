package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// specModule has two kernels, each reading its own int spec constant.
const specModule = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%id = type { i32 }

@sa = private unnamed_addr constant [2 x i8] c"a\00"
@sb = private unnamed_addr constant [2 x i8] c"b\00"
@ida = internal constant %id { i32 7 }
@idb = internal constant %id { i32 9 }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8*, i8*, i8*)

define spir_kernel void @ka(i32* %out, i8* %buf) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8* getelementptr ([2 x i8], [2 x i8]* @sa, i64 0, i64 0), i8* bitcast (%id* @ida to i8*), i8* %buf)
  store i32 %v, i32* %out
  ret void
}

define spir_kernel void @kb(i32* %out, i8* %buf) {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8* getelementptr ([2 x i8], [2 x i8]* @sb, i64 0, i64 0), i8* bitcast (%id* @idb to i8*), i8* %buf)
  store i32 %v, i32* %out
  ret void
}
`

// TestSpecConstantsPerImage: constants are lowered after the split, so each
// image numbers only its own constants (both start at ID 0 / offset 0) and
// advertises only them.
func TestSpecConstantsPerImage(t *testing.T) {
	for _, mode := range []string{"native", "emulation", "rt", "default"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			if rc, stderr := runIn(t, dir, specModule, "-split=kernel", "-spec-const="+mode, "-properties", "-S", "-o", "x.table"); rc != 0 {
				t.Fatalf("rc %d: %s", rc, stderr)
			}
			// One image per kernel, in the splitter's image order.
			seen := map[string]byte{}
			for i := 0; i < 2; i++ {
				data, err := os.ReadFile(filepath.Join(dir, "x_"+string(rune('0'+i))+".prop"))
				if err != nil {
					t.Fatal(err)
				}
				reg, err := propset.Parse(data, "x.prop")
				if err != nil {
					t.Fatal(err)
				}
				sc, ok := reg.Set("SYCL/specialization constants")
				if !ok || sc.Len() != 1 {
					t.Fatalf("image %d: want one spec constant in\n%s", i, data)
				}
				p := sc.Properties()[0]
				if diff := cmp.Diff([]byte{0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0}, p.Value.Data()); diff != "" {
					t.Errorf("image %d: %s descriptors (-want +got):\n%s", i, p.Name, diff)
				}
				def, _ := reg.Get("SYCL/specialization constants default values", "all")
				if len(def.Data()) != 4 {
					t.Fatalf("image %d: defaults %v", i, def.Data())
				}
				seen[p.Name] = def.Data()[0]
			}
			if diff := cmp.Diff(map[string]byte{"a": 7, "b": 9}, seen); diff != "" {
				t.Errorf("constants and defaults (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDefaultValueClones: with -generate-device-image-default-spec-consts
// each image with spec constants is followed by a clone (the next number)
// whose constants are their defaults, marked specConstsReplacedWithDefault.
func TestDefaultValueClones(t *testing.T) {
	dir := t.TempDir()
	if rc, stderr := runIn(t, dir, specModule, "-split=kernel", "-spec-const=native",
		"-generate-device-image-default-spec-consts", "-symbols", "-properties", "-S", "-o", "x.table"); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr)
	}
	table, err := os.ReadFile(filepath.Join(dir, "x.table"))
	if err != nil {
		t.Fatal(err)
	}
	want := "[Code|Properties|Symbols]\n" +
		"x_0.ll|x_0.prop|x_0.sym\nx_1.ll|x_1.prop|x_1.sym\nx_2.ll|x_2.prop|x_2.sym\nx_3.ll|x_3.prop|x_3.sym\n"
	if diff := cmp.Diff(want, string(table)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	irs := ""
	for _, clone := range []string{"x_1", "x_3"} {
		data, err := os.ReadFile(filepath.Join(dir, clone+".prop"))
		if err != nil {
			t.Fatal(err)
		}
		reg, err := propset.Parse(data, clone+".prop")
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := reg.Get("SYCL/misc properties", "specConstsReplacedWithDefault"); !ok || v.Uint32() != 1 {
			t.Errorf("%s.prop lacks specConstsReplacedWithDefault=1:\n%s", clone, data)
		}
		if _, ok := reg.Set("SYCL/specialization constants"); ok {
			t.Errorf("%s.prop advertises spec constants:\n%s", clone, data)
		}
		ir, err := os.ReadFile(filepath.Join(dir, clone+".ll"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(ir), "!sycl.specialization-constants-default-values-module = !{}") {
			t.Errorf("%s.ll is not marked as a default-value module:\n%s", clone, ir)
		}
		irs += string(ir)
		if strings.Contains(string(ir), "SpecConstantValue") {
			t.Errorf("%s.ll still calls the intrinsics:\n%s", clone, ir)
		}
	}
	// The clones of ka and kb store the defaults 7 and 9 directly.
	for _, s := range []string{"store i32 7, i32* %out", "store i32 9, i32* %out"} {
		if !strings.Contains(irs, s) {
			t.Errorf("no clone holds %q:\n%s", s, irs)
		}
	}
}

// restoreModule is what the device link gives the split for a SYCL C++ TU
// of libsycl-jit (compiled for spir64): tools/annotate's masks mark each
// kernel's spec-constant buffer eliminated; @ka reads a constant (null
// buffer), @kb reads none.
const restoreModule = `target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%id = type { i32 }

@sa = private unnamed_addr addrspace(4) constant [2 x i8] c"a\00"
@ida = internal addrspace(1) constant %id { i32 7 }

declare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)

define weak_odr spir_kernel void @ka(i32 addrspace(1)* %out) !kernel_arg_addr_space !0 !sycl_kernel_omit_args !1 {
  %v = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8 addrspace(4)* getelementptr ([2 x i8], [2 x i8] addrspace(4)* @sa, i64 0, i64 0), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast (%id addrspace(1)* @ida to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* null)
  store i32 %v, i32 addrspace(1)* %out
  ret void
}

define weak_odr spir_kernel void @kb(i32 addrspace(1)* %out) !kernel_arg_addr_space !0 !sycl_kernel_omit_args !1 {
  store i32 1, i32 addrspace(1)* %out
  ret void
}

!0 = !{i32 1}
!1 = !{i1 false, i1 true}
`

// TestSpecConstantsRestoredBuffer: in emulation the kernel that reads gets
// its buffer back as its last parameter and SYCL/kernel param opt keeps it
// (libsycl then passes it); the one that does not keeps its mask. Native
// images keep both masks.
func TestSpecConstantsRestoredBuffer(t *testing.T) {
	for _, tc := range []struct{ mode, ka string }{
		{"emulation", "2|CAAAAAAAAAAA"}, // 2 bits, none eliminated
		{"native", "2|CAAAAAAAAAgA"},    // 2 bits, the buffer (bit 1) eliminated
	} {
		t.Run(tc.mode, func(t *testing.T) {
			dir := t.TempDir()
			if rc, stderr := runIn(t, dir, restoreModule, "-split=kernel", "-spec-const="+tc.mode, "-properties", "-emit-param-info", "-S", "-o", "x.table"); rc != 0 {
				t.Fatalf("rc %d: %s", rc, stderr)
			}
			masks := map[string]string{}
			var ka string
			for i := 0; i < 2; i++ {
				base := filepath.Join(dir, "x_"+string(rune('0'+i)))
				data, err := os.ReadFile(base + ".prop")
				if err != nil {
					t.Fatal(err)
				}
				reg, err := propset.Parse(data, "x.prop")
				if err != nil {
					t.Fatal(err)
				}
				set, _ := reg.Set("SYCL/kernel param opt")
				for _, p := range set.Properties() {
					masks[p.Name] = p.Value.String()
				}
				if ll, err := os.ReadFile(base + ".ll"); err == nil && strings.Contains(string(ll), "define weak_odr spir_kernel void @ka(") {
					ka = string(ll)
				}
			}
			if diff := cmp.Diff(map[string]string{"ka": tc.ka, "kb": "2|CAAAAAAAAAgA"}, masks); diff != "" {
				t.Errorf("masks (-want +got):\n%s", diff)
			}
			restored := strings.Contains(ka, "@ka(i32 addrspace(1)* %out, i8 addrspace(1)* %_arg__specialization_constants_buffer)")
			if restored != (tc.mode == "emulation") {
				t.Errorf("@ka's buffer restored: %v, want %v:\n%s", restored, tc.mode == "emulation", ka)
			}
		})
	}
}
