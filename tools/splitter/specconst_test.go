package main

import (
	"os"
	"path/filepath"
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
			if rc, stderr := runIn(t, dir, specModule, "-split=kernel", "-spec-const="+mode, "-S", "-o", "x.table"); rc != 0 {
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
