package annotate

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

func u32p(v uint32) *uint32 { return &v }

func TestReadTable(t *testing.T) {
	for _, tc := range []struct {
		table string
		want  *Sets
	}{
		{"kernels.table", &Sets{Entries: []Entry{
			{Name: "_ZTS7KernelA", OmitArgs: []bool{false, true, false}, Aspects: []uint32{1, 6}, WorkGroupNumDim: u32p(1), OptLevel: u32p(2)},
			{Name: "_ZTS7KernelB", OmitArgs: []bool{}, ReqdWorkGroupSize: []uint64{4, 1, 1}, OptLevel: u32p(3)},
			{Name: "ext", OptLevel: u32p(2)},
		}}},
		{"globals.table", &Sets{
			Entries:       []Entry{{Name: "_ZTS1K", OmitArgs: []bool{}, OptLevel: u32p(2)}},
			DeviceGlobals: []DeviceGlobal{{ID: "uid_dg", Size: 8}, {ID: "uid_scoped", Size: 4, ImageScope: true}},
		}},
	} {
		t.Run(tc.table, func(t *testing.T) {
			// The cells name files relative to the table: found next to it.
			got, _, err := ReadTable(filepath.Join("testdata", tc.table))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnnotateGolden(t *testing.T) {
	for _, name := range []string{"kernels", "globals"} {
		t.Run(name, func(t *testing.T) {
			sets, _, err := ReadTable(filepath.Join("testdata", name+".table"))
			if err != nil {
				t.Fatal(err)
			}
			got := annotateFile(t, filepath.Join("testdata", name+".ll"), sets)
			golden := filepath.Join("testdata", name+".golden.ll")
			if os.Getenv("UPDATE_GOLDEN") != "" {
				os.WriteFile(golden, got, 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// Annotating the result again changes nothing.
			again := annotateText(t, got, sets)
			if diff := cmp.Diff(string(got), string(again)); diff != "" {
				t.Errorf("second annotation (-first +second):\n%s", diff)
			}
		})
	}
}

func annotateFile(t *testing.T, path string, sets *Sets) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return annotateText(t, src, sets)
}

func annotateText(t *testing.T, src []byte, sets *Sets) []byte {
	t.Helper()
	m, err := llvmir.Parse(src, "in.ll")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Annotate(m, sets)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSplitterReadsAnnotation: what the splitter's readers see on the
// annotated module is what the sets said.
func TestSplitterReadsAnnotation(t *testing.T) {
	sets, _, err := ReadTable(filepath.Join("testdata", "globals.table"))
	if err != nil {
		t.Fatal(err)
	}
	out := annotateFile(t, filepath.Join("testdata", "globals.ll"), sets)
	m, err := llvmir.Parse(out, "out.ll")
	if err != nil {
		t.Fatal(err)
	}
	type attrs struct{ Size, ID, Scope, Other string }
	got := map[string]attrs{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindGlobal {
			continue
		}
		var a attrs
		a.Size, _ = m.GlobalAttr(e, "sycl-device-global-size")
		a.ID, _ = m.GlobalAttr(e, "sycl-unique-id")
		if _, ok := m.GlobalAttr(e, "sycl-device-image-scope"); ok {
			a.Scope = "yes"
		}
		a.Other, _ = m.GlobalAttr(e, "other")
		got[e.Name] = a
	}
	want := map[string]attrs{
		"@dg":     {Size: "8", ID: "uid_dg"},
		"@scoped": {Size: "4", ID: "uid_scoped", Scope: "yes", Other: "x"},
		"@plain":  {},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestAnnotateErrors(t *testing.T) {
	src := []byte("define spir_kernel void @k() {\n  ret void\n}\n@g = global i32 0\n")
	for _, tc := range []struct {
		name string
		sets *Sets
		want string
	}{
		{"kernel", &Sets{Entries: []Entry{{Name: "gone"}}}, `in.ll: entry point "gone" of the per-kernel property sets is not defined in the module`},
		{"global", &Sets{DeviceGlobals: []DeviceGlobal{{ID: "uid"}}}, `in.ll: device global with unique id "uid" of the per-kernel property sets is not defined in the module`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := llvmir.Parse(src, "in.ll")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Annotate(m, tc.sets)
			var me *MissingError
			if !errors.As(err, &me) {
				t.Fatalf("err = %v, want a MissingError", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetErrors(t *testing.T) {
	for _, tc := range []struct {
		name, prop string
		syms       []string
		want       string
	}{
		{"unknown set", "[SYCL/new set]\nx=1|1\n", []string{"k"}, `a.prop: [SYCL/new set]: property set not known to the annotation`},
		{"unknown requirement", "[SYCL/device requirements]\nnew=1|1\n", []string{"k"}, `a.prop: [SYCL/device requirements] "new": property not known to the annotation`},
		{"unknown misc", "[SYCL/misc properties]\nisEsimdImage=1|1\n", []string{"k"}, `a.prop: [SYCL/misc properties] "isEsimdImage": property not known to the annotation`},
		{"aspects not u32s", "[SYCL/device requirements]\naspects=1|3\n", []string{"k"}, `a.prop: [SYCL/device requirements] "aspects": want an array of 32-bit values`},
		{"optLevel not u32", "[SYCL/misc properties]\noptLevel=2|AAAAAAAAAAA\n", []string{"k"}, `a.prop: [SYCL/misc properties] "optLevel": want a UINT32 (type 1)`},
		{"mask not bits", "[SYCL/kernel param opt]\nk=1|3\n", []string{"k"}, `a.prop: [SYCL/kernel param opt] "k": want a bit vector (type 2)`},
		{"implicit parameter not u32", "[SYCL/implicit local arg]\nk=2|AAAAAAAAAAA\n", []string{"k"}, `a.prop: [SYCL/implicit local arg] "k": want a UINT32 (type 1)`},
		{"id range not u32", "[SYCL/misc properties]\nidQueriesRange=2|AAAAAAAAAAA\n", []string{"k"}, `a.prop: [SYCL/misc properties] "idQueriesRange": want a UINT32 (type 1)`},
		{"global short", "[SYCL/device globals]\nid=2|AAAAAAAAAAA\n", []string{"k"}, `a.prop: [SYCL/device globals] "id": want 8 bytes: size and image scope`},
		{"global scope", "[SYCL/device globals]\nid=2|ABAAAAAAAAACAAAACAAAAA\n", []string{"k"}, `a.prop: [SYCL/device globals] "id": image scope 2 is neither 0 nor 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := propset.Parse([]byte(tc.prop), "a.prop")
			if err != nil {
				t.Fatal(err)
			}
			_, err = FromRegistry(reg, tc.syms, "a.prop")
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestConflictingImages: two images describing one entry point differently
// is an error naming both files.
func TestConflictingImages(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.prop", "[SYCL/misc properties]\noptLevel=1|2\n")
	write("b.prop", "[SYCL/misc properties]\noptLevel=1|3\n")
	write("k.sym", "k\n")
	write("t.table", "[Code|Properties|Symbols]\na.spv|a.prop|k.sym\nb.spv|b.prop|k.sym\n")
	_, _, err := ReadTable(filepath.Join(dir, "t.table"))
	want := filepath.Join(dir, "b.prop") + `: entry point "k" described differently in ` + filepath.Join(dir, "a.prop")
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	write("c.prop", "[SYCL/device globals]\nid=2|ABAAAAAAAAACAAAAAAAAAA\n")
	write("d.prop", "[SYCL/device globals]\nid=2|ABAAAAAAAAABAAAAAAAAAA\n")
	write("t.table", "[Code|Properties|Symbols]\nc.spv|c.prop|k.sym\nd.spv|d.prop|k.sym\n")
	_, _, err = ReadTable(filepath.Join(dir, "t.table"))
	want = filepath.Join(dir, "d.prop") + `: device global "id" described differently in ` + filepath.Join(dir, "c.prop")
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	write("t.table", "[Code|Properties]\na.spv|a.prop\n")
	if _, _, err := ReadTable(filepath.Join(dir, "t.table")); err == nil || !strings.Contains(err.Error(), "no Symbols column") {
		t.Errorf("err = %v, want no Symbols column", err)
	}
}

// Work-group static memory and a wide id-query range come back as the
// attributes the split reads (SYCL/implicit local arg, idQueriesRange).
func TestAnnotateKernelAttributes(t *testing.T) {
	src := []byte("define spir_kernel void @k(i32 addrspace(1)* %a, i8 addrspace(3)* %b, i32 %c) {\n  ret void\n}\n")
	m, err := llvmir.Parse(src, "in.ll")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Annotate(m, &Sets{Entries: []Entry{{Name: "k", WorkGroupStatic: true, ImplicitLocalArg: u32p(1), IDQueriesRange: u32p(2), DynamicLocalMem: true}}})
	if err != nil {
		t.Fatal(err)
	}
	m, err = llvmir.Parse(out, "out.ll")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Name != "@k" {
			continue
		}
		for _, a := range []string{"sycl-work-group-static", split.AttrIDQueriesRange, split.AttrWorkGroupDynamicLocalMem} {
			if v, ok := m.FuncAttr(e, a); ok {
				got[a] = v
			}
		}
	}
	want := map[string]string{"sycl-work-group-static": "1", split.AttrIDQueriesRange: "2", split.AttrWorkGroupDynamicLocalMem: "1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s\n%s", diff, out)
	}
	if !bytes.Contains(out, []byte(`i8 addrspace(3)* "sycl-implicit-local-arg" %b`)) {
		t.Errorf("parameter 1 not marked:\n%s", out)
	}
}

// NoSignedWrap/NoUnsignedWrap decorations beside nsw/nuw go; others stay.
func TestDropWrapDecorations(t *testing.T) {
	in := "@g = addrspace(1) global i32 0, !spirv.Decorations !7\ndefine spir_func i32 @f(i32 %a) {\n  %x = add nsw i32 %a, 1, !spirv.Decorations !1\n  %y = add nuw i32 %x, 1, !spirv.Decorations !3\n  %z = mul i32 %y, 2, !spirv.Decorations !5\n  ret i32 %z\n}\n!0 = !{i32 4469}\n!1 = !{!0}\n!2 = !{i32 4470}\n!3 = !{!0, !2}\n!4 = !{i32 44, i32 1}\n!5 = !{!4}\n!6 = !{i32 41, !\"g\", i32 0}\n!7 = !{!6}\n"
	want := "@g = addrspace(1) global i32 0\ndefine spir_func i32 @f(i32 %a) {\n  %x = add nsw i32 %a, 1\n  %y = add nuw i32 %x, 1\n  %z = mul i32 %y, 2, !spirv.Decorations !5\n  ret i32 %z\n}\n!0 = !{i32 4469}\n!1 = !{!0}\n!2 = !{i32 4470}\n!3 = !{!0, !2}\n!4 = !{i32 44, i32 1}\n!5 = !{!4}\n!6 = !{i32 41, !\"g\", i32 0}\n!7 = !{!6}\n"
	if diff := cmp.Diff(want, string(dropWrapDecorations([]byte(in)))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Empty template parameter lists of debug info nodes go; others stay.
func TestDropEmptyTemplateParams(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{
			name: "declaration with an empty list",
			in:   "!36 = !DISubprogram(name: \"abs\", scope: null, spFlags: 0, templateParams: !40)\n!40 = !{}\n",
			want: "!36 = !DISubprogram(name: \"abs\", scope: null, spFlags: 0)\n!40 = !{}\n",
		},
		{
			name: "a template's own parameters",
			in:   "!5 = distinct !DISubprogram(name: \"f<int>\", templateParams: !6, retainedNodes: !9)\n!6 = !{!7}\n!7 = !DITemplateTypeParameter(name: \"T\", type: !8)\n",
			want: "!5 = distinct !DISubprogram(name: \"f<int>\", templateParams: !6, retainedNodes: !9)\n!6 = !{!7}\n!7 = !DITemplateTypeParameter(name: \"T\", type: !8)\n",
		},
		{
			name: "distinct empty list, composite type",
			in:   "!3 = !DICompositeType(tag: DW_TAG_class_type, name: \"K\", templateParams: !4, identifier: \"K\")\n!4 = distinct !{}\n",
			want: "!3 = !DICompositeType(tag: DW_TAG_class_type, name: \"K\", identifier: \"K\")\n!4 = distinct !{}\n",
		},
		{
			name: "no debug info",
			in:   "define spir_func void @f() {\n  ret void\n}\n",
			want: "define spir_func void @f() {\n  ret void\n}\n",
		},
	} {
		if diff := cmp.Diff(tc.want, string(dropEmptyTemplateParams([]byte(tc.in)))); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
