package llvmir

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type entSummary struct {
	Kind Kind
	Name string
	Refs []string
}

func summarize(m *Module) []entSummary {
	var out []entSummary
	for i := range m.Entities {
		e := &m.Entities[i]
		s := entSummary{Kind: e.Kind, Name: e.Name}
		seen := map[string]bool{}
		m.EntityRefs(e, func(k RefKind, name string) {
			if k == RefType && e.Kind == KindFunction {
				return // locals and types are indistinguishable in bodies
			}
			if !seen[name] {
				seen[name] = true
				s.Refs = append(s.Refs, name)
			}
		})
		sort.Strings(s.Refs)
		out = append(out, s)
	}
	return out
}

func TestParseEntities(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []entSummary
	}{
		{
			name: "header and globals",
			src: `; comment @notref
source_filename = "a @b.cl"
target datalayout = "e-i64:64"
target triple = "spir64"
module asm "x @y"
%struct.S = type { i32, %struct.T* }
$c = comdat any
@g = internal addrspace(1) global [5 x i8] c"@x;\22\00", align 1
@"quoted name" = global ptr @g, comdat($c)
@0 = private constant i32 1
@a = alias i32, ptr @0
`,
			want: []entSummary{
				{Kind: KindSourceFilename},
				{Kind: KindTarget},
				{Kind: KindTarget},
				{Kind: KindModuleAsm},
				{Kind: KindType, Name: "%struct.S", Refs: []string{"%struct.T"}},
				{Kind: KindComdat, Name: "$c"},
				{Kind: KindGlobal, Name: "@g"},
				{Kind: KindGlobal, Name: `@"quoted name"`, Refs: []string{"$c", "@g"}},
				{Kind: KindGlobal, Name: "@0"},
				{Kind: KindAlias, Name: "@a", Refs: []string{"@0"}},
			},
		},
		{
			name: "functions metadata attributes",
			src: `define linkonce_odr dso_local spir_kernel void @k(ptr addrspace(1) %p) #0 comdat !reqd_work_group_size !1 {
entry:
  call spir_func void @f(i32 1) #1, !dbg !2
  ret void
}
declare spir_func void @f(i32) #1
attributes #0 = { nounwind "sycl-module-id"="a.cpp" }
attributes #1 = { memory(none) }
!llvm.module.flags = !{!0}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 64, i32 1, i32 1}
!2 = !DILocation(line: 1, scope: !3)
!3 = distinct !{}
uselistorder ptr @f, { 1, 0 }
`,
			want: []entSummary{
				{Kind: KindFunction, Name: "@k", Refs: []string{"!1", "!2", "#0", "#1", "$k", "@f"}},
				{Kind: KindFunction, Name: "@f", Refs: []string{"#1"}},
				{Kind: KindAttrGroup, Name: "#0"},
				{Kind: KindAttrGroup, Name: "#1"},
				{Kind: KindNamedMD, Name: "!llvm.module.flags", Refs: []string{"!0"}},
				{Kind: KindMD, Name: "!0"},
				{Kind: KindMD, Name: "!1"},
				{Kind: KindMD, Name: "!2", Refs: []string{"!3"}},
				{Kind: KindMD, Name: "!3"},
				{Kind: KindUseList, Refs: []string{"@f"}},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse([]byte(tc.src), "t.ll")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, summarize(m)); diff != "" {
				t.Errorf("entities (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFunctionInfo(t *testing.T) {
	src := `define weak_odr hidden spir_kernel noundef i32 @"k k"(i32 %x) local_unnamed_addr #0 section "s" comdat align 2 personality ptr @p !a !1 {
  ret i32 0
}
declare i32 @p(...)
!1 = !{}
`
	m, err := Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	e := &m.Entities[0]
	got := []string{e.Fn.Linkage, e.Fn.Visibility, e.Fn.CC, GlobalName(e.Name), m.Signature(e)}
	want := []string{"weak_odr", "hidden", "spir_kernel", "k k", "i32(i32)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	var kinds []TailKind
	for _, it := range e.Fn.Tail {
		kinds = append(kinds, it.Kind)
	}
	wantKinds := []TailKind{TailAttr, TailAttrGroup, TailSection, TailComdat, TailAttr, TailPersonality, TailAttachment}
	if diff := cmp.Diff(wantKinds, kinds); diff != "" {
		t.Errorf("tail kinds (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"@g = global [2 x i8] c\"ab\n", "t.ll:1:22: unterminated string constant"},
		{"define void @f() {\n  ret void\n", "t.ll:3:1: unexpected end of file: 1 unclosed bracket(s)"},
		{"@g = global i32 0\n@g = global i32 1\n", "t.ll:2:1: redefinition of @g"},
		{"bogus\n", `t.ll:1:1: unexpected top-level token "bogus"`},
		{"define void @f()\n", "t.ll:1:1: function definition without body"},
		{"@g = global i32 0 }\n", "t.ll:1:19: unbalanced '}'"},
		{"@ = global i32 0\n", "t.ll:1:1: expected a name after '@'"},
	}
	for _, tc := range tests {
		_, err := Parse([]byte(tc.src), "t.ll")
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want ParseError", tc.src, err)
			continue
		}
		if diff := cmp.Diff(tc.want, pe.Error()); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.src, diff)
		}
	}
}

func TestIndirectCalls(t *testing.T) {
	src := `define void @f(ptr %fp, i32 (i32)* %tp) {
  %a = call i32 %fp(i32 noundef 1)
  %b = call i32 (i32, ...) %fp(i32 2, i32 3)
  call void @g(i32 4)
  %c = call i32 %tp(i32 5)
  call void asm sideeffect "", ""()
  ret void
}
declare void @g(i32)
`
	m, err := Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"i32(i32)", "i32(i32,...)", "i32(i32)"}
	if diff := cmp.Diff(want, m.IndirectCalls(&m.Entities[0])); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestWriterGolden re-emits testdata/edit.ll with each kind of edit and
// compares with testdata/edit.golden.ll.
func TestWriterGolden(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "edit.ll"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(src, "edit.ll")
	if err != nil {
		t.Fatal(err)
	}
	w := m.NewWriter()
	for i := range m.Entities {
		e := &m.Entities[i]
		switch e.Name {
		case "@internalize_me":
			w.Function(e, FuncEdit{Internalize: true})
		case "@declare_me":
			w.Function(e, FuncEdit{Declare: true})
		case "@externalize_me":
			w.Function(e, FuncEdit{Externalize: true})
		case "@kernel":
			w.Function(e, FuncEdit{AddAttrs: []string{`"sycl-module-id"=` + QuoteString(`a "b".cl`)}})
		case "@llvm.used":
			ai, ok := m.GlobalArrayInit(e)
			if !ok {
				t.Fatal("llvm.used initializer not found")
			}
			w.GlobalArray(e, ai, []int{1})
		case "!0":
			w.MDTuple(e, func(op string, lo, hi int) string {
				if op == "ptr @gone" {
					return "null"
				}
				return op
			})
		case "!named":
			w.NamedMD(e.Name, []string{"!0"})
		default:
			w.Entity(e)
		}
	}
	got := w.Bytes()
	goldenPath := filepath.Join("testdata", "edit.golden.ll")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		os.WriteFile(goldenPath, got, 0o644)
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("writer output (-want +got):\n%s", diff)
	}
	if _, err := Parse(got, "golden"); err != nil {
		t.Errorf("writer output does not re-parse: %v", err)
	}
}

func TestUnquoteQuote(t *testing.T) {
	for _, s := range []string{"plain", `a "q" \ b`, "tab\tnl\n\x7f"} {
		if got := Unquote(QuoteString(s)); got != s {
			t.Errorf("Unquote(QuoteString(%q)) = %q", s, got)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"edit.ll", "repro/summary.ll", "repro/undef_ref.ll", "repro/trunc_md.ll",
		"repro/malformed_globl.ll", "repro/quote_equiv.ll", "repro/regk.ll"} {
		if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("define void @f() {\n ret void\n}\n!0 = !{ptr @f}\n"))
	f.Add([]byte(`@x = global [1 x i8] c"\22"` + "\n"))
	// Junk lines after complete entities and truncated ones.
	for _, src := range []string{
		"target triple = \"spir64\"\nthis line is garbage\ndefine void @k() {\n  ret void\n}\n",
		"@x = global i32\n", "target datalayou", "declare void @d()\njunk\n", "@g = global i32 0, align 4 #0\n",
		"%T = type { i32 }\n!0 = distinct !{}\n$c = comdat any\n", "uselistorder ptr @g, { 1, 0 }\n",
		"@a = alias i8, getelementptr (i8, ptr @g, i64 0)\n", "^0 = blockcount: 5\n", "module asm \"x\"\n",
	} {
		f.Add([]byte(src))
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "shapes.ll")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data, "fuzz.ll")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a ParseError: %v", err)
			}
			return
		}
		w := m.NewWriter()
		for i := range m.Entities {
			e := &m.Entities[i]
			m.EntityRefs(e, func(RefKind, string) {})
			if e.Fn != nil {
				m.IndirectCalls(e)
				m.Signature(e)
				w.Function(e, FuncEdit{Internalize: !e.Fn.IsDecl, AddAttrs: []string{`"a"`}})
				w.Function(e, FuncEdit{Declare: true})
				continue
			}
			if ai, ok := m.GlobalArrayInit(e); ok {
				w.GlobalArray(e, ai, nil)
			}
			w.MDTuple(e, func(op string, lo, hi int) string { return op })
		}
		_ = w.Bytes()
	})
}

// TestRefIndices: the references resolved at parse time are the entities
// EntityRefs names, and the declared/internalized forms are subsets.
func TestRefIndices(t *testing.T) {
	edit, err := os.ReadFile(filepath.Join("testdata", "edit.ll"))
	if err != nil {
		t.Fatal(err)
	}
	inline := `%T = type { i32, %U* }
%U = type { i8 }
$k = comdat any
@g = internal global %T zeroinitializer, align 8
@a = alias %T, %T* @g
define linkonce_odr spir_kernel void @k(%T* %p) #0 comdat section "s" personality i32 (...)* @pers !md !1 {
  %r = call i32 %fp(i32 1), !dbg !2
  call void @h(%T* @g)
  ret void
}
declare i32 @pers(...)
declare void @h(%T*) #1
attributes #0 = { nounwind }
attributes #1 = { "x"="y" }
!1 = !{i32 1}
!2 = !{!1, void ()* @k}
`
	for _, in := range []struct {
		path string
		src  []byte
	}{{"edit.ll", edit}, {"inline.ll", []byte(inline)}} {
		path, src := in.path, in.src
		m, err := Parse(src, path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.Entities {
			e := &m.Entities[i]
			want := map[int32]bool{}
			m.EntityRefs(e, func(_ RefKind, name string) {
				if j, ok := m.Lookup(name); ok {
					want[int32(j)] = true
				}
			})
			got := map[int32]bool{}
			for _, j := range m.RefIndices(i, RefsAll) {
				if got[j] {
					t.Errorf("%s: %s listed twice", e.Name, m.Entities[j].Name)
				}
				got[j] = true
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (entity %d): RefIndices (-want +got):\n%s", e.Name, i, diff)
			}
			for _, f := range []RefForm{RefsDeclared, RefsInternalized} {
				for _, j := range m.RefIndices(i, f) {
					if !got[j] {
						t.Errorf("%s: form %d has %s, not in RefsAll", e.Name, f, m.Entities[j].Name)
					}
				}
			}
			if path == "inline.ll" && e.Name == "@k" {
				names := func(f RefForm) []string {
					var out []string
					for _, j := range m.RefIndices(i, f) {
						out = append(out, m.Entities[j].Name)
					}
					sort.Strings(out)
					return out
				}
				if diff := cmp.Diff([]string{"#0", "%T"}, names(RefsDeclared)); diff != "" {
					t.Errorf("@k declared (-want +got):\n%s", diff)
				}
				if diff := cmp.Diff([]string{"!1", "!2", "#0", "%T", "@g", "@h", "@pers"}, names(RefsInternalized)); diff != "" {
					t.Errorf("@k internalized (-want +got):\n%s", diff)
				}
			}
		}
	}
}

// TestTokensOnDemand: tokens read through the window cache, in any order,
// match a straight lexing of the text.
func TestTokensOnDemand(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "edit.ll"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(src, "edit.ll")
	if err != nil {
		t.Fatal(err)
	}
	lx := newLexer(src, "edit.ll", 0)
	var all []Token
	for {
		tok, ok, err := lx.next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		all = append(all, tok)
	}
	if len(all) != m.NumToks() {
		t.Fatalf("NumToks = %d, want %d", m.NumToks(), len(all))
	}
	same := func(a, b Token) bool { return a.Start == b.Start && a.End == b.End && a.Kind == b.Kind }
	for _, order := range [][]int{{1}, {-1}, {7}} {
		step := order[0]
		for k := 0; k < len(all); k++ {
			i := k
			if step < 0 {
				i = len(all) - 1 - k
			} else if step > 1 {
				i = (k * step) % len(all)
			}
			if got := m.Tok(i); !same(got, all[i]) {
				t.Fatalf("Tok(%d) = %+v, want %+v", i, got, all[i])
			}
		}
	}
}
