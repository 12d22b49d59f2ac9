package llvmir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// parseErr parses src as t.ll and returns the error text, "" if none.
func parseErr(t *testing.T, src string) string {
	t.Helper()
	_, err := Parse([]byte(src), "t.ll")
	if err == nil {
		return ""
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error is not a ParseError: %v", err)
	}
	return err.Error()
}

// TestSummaryEntries: ThinLTO summary entries (^N = ...) are entities of
// their own, also when they span lines, and take nothing from the entity
// before them.
func TestSummaryEntries(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []entSummary
		// lastAttrs is the text of the last attribute group.
		lastAttrs string
	}{
		{
			name: "one per line",
			src: `define void @f() #0 {
  ret void
}
attributes #0 = { nounwind }

^0 = module: (path: "a.bc", hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f", summaries: (function: (module: ^0, flags: (linkage: external, notEligibleToImport: 0), insts: 1))) ; guid = 1
^2 = blockcount: 6
`,
			want: []entSummary{
				{Kind: KindFunction, Name: "@f", Refs: []string{"#0"}},
				{Kind: KindAttrGroup, Name: "#0"},
				{Kind: KindSummary},
				{Kind: KindSummary},
				{Kind: KindSummary},
			},
			lastAttrs: "attributes #0 = { nounwind }",
		},
		{
			name: "spanning lines, then metadata",
			src: `attributes #1 = { "x"="y" }
^0 = module: (path: "a.bc",
    hash: (0, 0, 0, 0, 0))
^1 = typeidCompatibleVTable: (name: "_ZTS1A", summary: (
  (offset: 16, ^0)))
!0 = !{}
`,
			want: []entSummary{
				{Kind: KindAttrGroup, Name: "#1"},
				{Kind: KindSummary},
				{Kind: KindSummary},
				{Kind: KindMD, Name: "!0"},
			},
			lastAttrs: `attributes #1 = { "x"="y" }`,
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
			var attrs string
			for i := range m.Entities {
				if e := &m.Entities[i]; e.Kind == KindAttrGroup {
					attrs = m.EntityText(e)
				}
				if e := &m.Entities[i]; e.Kind == KindSummary && !strings.HasPrefix(m.EntityText(e), "^") {
					t.Errorf("summary entity %q", m.EntityText(e))
				}
			}
			if attrs != tc.lastAttrs {
				t.Errorf("attribute group text %q, want %q", attrs, tc.lastAttrs)
			}
		})
	}
	for _, bad := range []struct{ src, want string }{
		{"^x = module: ()\n", `t.ll:1:1: unexpected top-level token "^"`},
		{"^0 module: ()\n", "t.ll:1:4: expected '=' here"},
	} {
		if got := parseErr(t, bad.src); got != bad.want {
			t.Errorf("Parse(%q) = %q, want %q", bad.src, got, bad.want)
		}
	}
}

// TestUndefinedRefs: a use of a global value or numbered metadata node
// that the module does not define is an error, reported as llvm-as does
// (which use, and where); things that only look like references are not.
func TestUndefinedRefs(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"call", "define void @f() {\n  call void @nope()\n  ret void\n}\n", "t.ll:2:13: use of undefined value '@nope'"},
		{"named metadata", "!llvm.dbg.cu = !{!0}\n", "t.ll:1:19: use of undefined metadata '!0'"},
		{"attachment", "@g = global i32 0, !dbg !20\n", "t.ll:1:26: use of undefined metadata '!20'"},
		{"smallest node first", "!a = !{!10}\n!b = !{!9}\n", "t.ll:2:9: use of undefined metadata '!9'"},
		{"first use of a node", "!a = !{!3}\n!b = !{!3}\n", "t.ll:1:9: use of undefined metadata '!3'"},
		{"values before metadata", "!a = !{!3}\n@g = global ptr @z\n", "t.ll:2:17: use of undefined value '@z'"},
		{"named before unnamed, by name", "@g = global [3 x ptr] [ptr @1, ptr @b, ptr @a]\n", "t.ll:1:44: use of undefined value '@a'"},
		{"unnamed by number", "@g = global [2 x ptr] [ptr @10, ptr @9]\n", "t.ll:1:37: use of undefined value '@9'"},
		{"quoted name", "@g = global ptr @\"a b\"\n", "t.ll:1:17: use of undefined value '@a b'"},
		{"quoted digits are a name", "@0 = global i32 0\n@g = global ptr @\"0\"\n", "t.ll:2:17: use of undefined value '@0'"},
		{"undeclared intrinsic (LLVM 19 declares it)", "define void @f(ptr %p) {\n  call void @llvm.lifetime.start.p0(i64 1, ptr %p)\n  ret void\n}\n", ""},
		{"metadata operand", "define void @f() {\n  ret void, !dbg !DILocation(line: 1, scope: !7)\n}\n", "t.ll:2:47: use of undefined metadata '!7'"},
		{"alias", "@a = alias i32, ptr @g\n", "t.ll:1:21: use of undefined value '@g'"},
		{"use list", "uselistorder ptr @f, { 1, 0 }\n", "t.ll:1:18: use of undefined value '@f'"},
		{"personality", "define void @f() personality ptr @p {\n  ret void\n}\n", "t.ll:1:34: use of undefined value '@p'"},
		{"not references", `; @c1 !91 comment
source_filename = "@s !92"
module asm "call @asm"
@str = private constant [6 x i8] c"@x !1\00" ; @c2
@g = global ptr blockaddress(@f, %bb)
define void @f(ptr %p) #0 !dbg !3 {
entry:
  br label %bb
bb:                        ; @c3 !93
  %x = load i32, ptr %p, !tbaa !{!"@t", !"!94"}, !srcloc !DILocation(line: 1, scope: !3)
  call void @llvm.donothing(), !annotation !{!"@y"}
  ret void
}
declare void @llvm.donothing()
attributes #0 = { "a"="@attr !95" }
!llvm.module.flags = !{!0}
!llvm.ident = !{!1}
!0 = !{i32 1, !"@mdstr", !"!96"}
!1 = distinct !{!1}
!3 = distinct !{}
`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, parseErr(t, tc.src)); diff != "" {
				t.Errorf("Parse error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMalformedTopLevel: the keywords of a global up to global/constant
// (alias, ifunc), a function header up to its @name(, and the end of a
// function body are checked; nothing else is parsed.
func TestMalformedTopLevel(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"misspelt global", "define void @f() {\n  ret void\n}\n@g = globl i32 0\n", "t.ll:4:6: expected 'global' or 'constant'"},
		{"misspelt linkage", "@g = interal global i32 0\n", "t.ll:1:6: expected 'global' or 'constant'"},
		{"no keyword", "@g = i32 0\n", "t.ll:1:6: expected 'global' or 'constant'"},
		{"nothing after =", "@g =\n@h = global i32 0\n", "t.ll:2:1: expected 'global' or 'constant'"},
		{"addrspace without (", "@g = addrspace global i32 0\n", "t.ll:1:16: expected '(' in address space"},
		{"all global keywords", "@g = weak_odr dso_local hidden dllexport thread_local(initialexec) local_unnamed_addr addrspace(1) externally_initialized global i32 0\n" +
			"@c = private unnamed_addr constant i8 0\n@e = external thread_local global i32\n" +
			"@a = hidden alias i32, ptr addrspace(1) @g\n@i = dso_local ifunc void (), ptr @r\n" +
			"define ptr @r() {\n  ret ptr null\n}\n", ""},
		{"bad return type", "define voi @f() {\n  ret void\n}\n", "t.ll:1:8: expected type"},
		{"no name", "declare void f()\n", "t.ll:1:14: expected function name"},
		{"no parameters", "define void @f {\n  ret void\n}\n", "t.ll:1:16: expected '(' in function argument list"},
		{"truncated header", "declare void\n", "t.ll:2:1: expected function name"},
		{"after body", "define void @f() {\n  ret void\n}\nno newline\n", "t.ll:4:1: expected top-level entity"},
		{"bracket after body", "define void @f() {\n  ret void\n}\n{ }\n", "t.ll:4:1: expected top-level entity"},
		{"header forms", `define internal fastcc noundef nonnull align 8 dereferenceable(16) ptr @a() {
  ret ptr null
}
define weak_odr dso_local spir_func zeroext range(i8 0, 2) i8 @b() {
  ret i8 0
}
define void (i32)* @c() {
  ret void (i32)* null
}
define <{ i32, i8 }> @d() {
  ret <{ i32, i8 }> zeroinitializer
}
define %T addrspace(1)* @e() {
  ret %T addrspace(1)* null
}
define target("spirv.Event") @f() {
  ret target("spirv.Event") zeroinitializer
}
declare !dbg !0 !x !{} cc 10 [2 x i32] @g(...)
define "str" "k"="v" noundef i32 @rs() prologue <{ i8, i8 }> <{ i8 -21, i8 12 }> {
  ret i32 0
}
define void @pa() prefix [2 x i32] [i32 1, i32 2] {
  ret void
}
define void @pe() section "s" prefix ptr getelementptr inbounds (i8, ptr @pa, i64 1) {
  ret void
}
define void @pn() align 4 prologue ptr dso_local_equivalent @pa {
  ret void
}
declare extern_weak hidden dllimport i64 @"h i"(i32)
%T = type { i32 }
!0 = !{}
`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, parseErr(t, tc.src)); diff != "" {
				t.Errorf("Parse error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNameEquivalence: names compare by their decoded value (@"x" is
// @x), except that an unquoted all-digit name is an unnamed value.
func TestNameEquivalence(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"@f", "@f", true},
		{"@f", `@"f"`, true},
		{`@"f"`, "@f", true},
		{`@"\66"`, "@f", true},
		{`@"k$1"`, "@k$1", true},
		{`@"a\22b"`, `@"a\22b"`, true},
		{`@"a\\b"`, `@"a\5Cb"`, true},
		{`@"a\\b"`, `@"a\5cb"`, true},
		{`@"a\zb"`, `@"a\zb"`, true},
		{`@"0"`, "@0", false},
		{"@0", `@"0"`, false},
		{`@"0"`, `@"\30"`, true},
		{`@"1a"`, "@1a", true},
		{"@f", "@g", false},
		{"@f", `@"g"`, false},
		{`@"f"`, `%"f"`, false},
		{"@f", "%f", false},
		{`$"c"`, "$c", true},
		{`%"T"`, "%T", true},
		{`@"fo"`, "@f", false},
		{`@"f"`, "@fo", false},
	}
	for _, tc := range tests {
		if got := SameName(tc.a, tc.b); got != tc.same {
			t.Errorf("SameName(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
		if tc.same && hashName(tc.a) != hashName(tc.b) {
			t.Errorf("hashName(%s) != hashName(%s)", tc.a, tc.b)
		}
	}

	quote := []struct{ name, want string }{
		{"f", "@f"},
		{"k$1", "@k$1"},
		{"a.b-c_d", "@a.b-c_d"},
		{"-x", "@-x"},
		{"0", `@"0"`},
		{"12", `@"12"`},
		{"1a", `@"1a"`},
		{"a b", `@"a b"`},
		{`a"b`, `@"a\22b"`},
		{"", `@""`},
	}
	for _, tc := range quote {
		got := QuoteName('@', tc.name)
		if got != tc.want {
			t.Errorf("QuoteName(%q) = %s, want %s", tc.name, got, tc.want)
		}
		if GlobalName(got) != tc.name {
			t.Errorf("GlobalName(%s) = %q, want %q", got, GlobalName(got), tc.name)
		}
	}

	src := `define spir_kernel void @k() {
  call void @"helper"()
  call void @"\6Bq"()
  call void @"0"()
  ret void
}
define internal void @helper() {
  ret void
}
define void @"kq"() {
  ret void
}
define void @"0"() {
  ret void
}
define void @0() {
  ret void
}
`
	m, err := Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, j := range m.RefIndices(0, RefsAll) {
		refs = append(refs, m.Entities[j].Name)
	}
	if diff := cmp.Diff([]string{"@helper", `@"kq"`, `@"0"`}, refs); diff != "" {
		t.Errorf("@k references (-want +got):\n%s", diff)
	}
	lookups := []struct {
		name string
		ent  int
	}{{"@helper", 1}, {`@"helper"`, 1}, {"@kq", 2}, {"@" + QuoteName('@', "kq")[1:], 2}, {`@"0"`, 3}, {"@0", 4}, {`@"\30"`, 3}, {QuoteName('@', "0"), 3}}
	for _, l := range lookups {
		if i, ok := m.Lookup(l.name); !ok || i != l.ent {
			t.Errorf("Lookup(%s) = %d, %v, want %d", l.name, i, ok, l.ent)
		}
	}
	if got := parseErr(t, "@f = global i32 0\n@\"f\" = global i32 1\n"); got != `t.ll:2:1: redefinition of @"f"` {
		t.Errorf("redefinition through another spelling: %q", got)
	}
}

// TestReproducers parses the audit's reproducers (also fuzz seeds).
func TestReproducers(t *testing.T) {
	want := map[string]string{
		"summary.ll":         "",
		"undef_ref.ll":       "undef_ref.ll:2:13: use of undefined value '@nope'",
		"trunc_md.ll":        "trunc_md.ll:20:19: use of undefined metadata '!0'",
		"malformed_globl.ll": "malformed_globl.ll:4:6: expected 'global' or 'constant'",
		"quote_equiv.ll":     "",
		"regk.ll":            "",
	}
	for name, w := range want {
		src, err := os.ReadFile(filepath.Join("testdata", "repro", name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Parse(src, name)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != w {
			t.Errorf("%s: error %q, want %q", name, got, w)
			continue
		}
		if m == nil {
			continue
		}
		switch name {
		case "summary.ll":
			n := 0
			for i := range m.Entities {
				if m.Entities[i].Kind == KindSummary {
					n++
				}
			}
			if n != 8 {
				t.Errorf("%s: %d summary entities, want 8", name, n)
			}
		case "regk.ll":
			// The registered-kernel pairs name kernels by their decoded
			// names; a lookup through QuoteName must find them.
			ops, _ := m.MDOperands("!1")
			if _, ok := m.Lookup(QuoteName('@', Unquote(ops[1]))); !ok {
				t.Errorf("%s: kernel %s not found", name, ops[1])
			}
		}
	}
}

// TestTopLevelShapes: every top-level form of testdata/shapes.ll (which
// llvm-as-19 accepts) parses.
func TestTopLevelShapes(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "shapes.ll"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(src, "shapes.ll"); err != nil {
		t.Fatal(err)
	}
}

// TestJunkTopLevel: a junk line after a complete entity, or an entity cut
// short, is an error at the position llvm-as-19 reports (its message where
// the wording matches).
func TestJunkTopLevel(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"after target", "target triple = \"spir64\"\nthis line is garbage\ndefine spir_kernel void @k() {\n  ret void\n}\n", "t.ll:2:1: expected top-level entity"},
		{"after source_filename", "source_filename = \"a\"\njunk\n", "t.ll:2:1: expected top-level entity"},
		{"after global", "@g = global i32 0\njunk here\n", "t.ll:2:1: expected top-level entity"},
		{"after global property", "@g = global i32 0, align 4\njunk\n", "t.ll:2:1: expected top-level entity"},
		{"global without initializer", "@x = global i32\n", "t.ll:2:1: expected value token"},
		{"global without initializer, then define", "@x = global i32\ndefine void @f() {\n  ret void\n}\n", "t.ll:2:1: expected value token"},
		{"junk initializer", "@g = global i32 garbage\n", "t.ll:1:17: expected value token"},
		{"external with initializer", "@g = external global i32 0\n", "t.ll:1:26: expected top-level entity"},
		{"trailing comma", "@g = global i32 0,\n", "t.ll:2:1: expected global property"},
		{"truncated datalayout", "target datalayou", "t.ll:1:8: unknown target property"},
		{"datalayout without value", "target datalayout = \n", "t.ll:2:1: expected string constant"},
		{"junk on the target line", "target triple = \"x\" junk\n", "t.ll:1:21: expected top-level entity"},
		{"after declaration", "declare void @d()\nthis line is garbage\n", "t.ll:2:1: expected top-level entity"},
		{"after type", "%T = type { i32 }\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"after metadata", "!0 = !{}\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"after named metadata", "!n = !{!0}\n!0 = !{}\ngarbage\n", "t.ll:3:1: expected top-level entity"},
		{"after attributes", "attributes #0 = { nounwind }\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"after comdat", "$c = comdat any\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"bad comdat kind", "$c = comdat anyy\n", "t.ll:1:13: unknown selection kind"},
		{"after alias", "@g = global i32 0\n@a = alias i32, ptr @g\ngarbage\n", "t.ll:3:1: expected top-level entity"},
		{"after module asm", "module asm \"x\"\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"after summary", "^0 = module: (path: \"a\", hash: (0, 0, 0, 0, 0))\ngarbage\n", "t.ll:2:1: expected top-level entity"},
		{"after uselistorder", "@g = global i32 0\n@a = alias i32, ptr @g\n@b = alias i32, ptr @g\nuselistorder ptr @g, { 1, 0 }\ngarbage\n", "t.ll:5:1: expected top-level entity"},
		{"long junk token", "target triple = \"x\"\n\"" + strings.Repeat("A", 1<<16) + "\"\n", "t.ll:2:1: expected top-level entity"},
		{"long top-level token", "\"" + strings.Repeat("A", 1<<16) + "\"\n", `t.ll:1:1: unexpected top-level token "\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"...`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, parseErr(t, tc.src)); diff != "" {
				t.Errorf("Parse error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseErrorOneLine: file names and messages in a ParseError are one
// short line with control and bidi characters escaped.
func TestParseErrorOneLine(t *testing.T) {
	err := &ParseError{File: "a\nb\x1b[31m\u202e.ll", Line: 1, Col: 2, Msg: strings.Repeat("x", 1000) + "\n"}
	got := err.Error()
	prefix := `a\nb\x1b[31m\u202e.ll:1:2: xxx`
	if !strings.HasPrefix(got, prefix) || !strings.HasSuffix(got, "... (1029 bytes)") || len(got) > errtext.MaxLine+20 {
		t.Errorf("Error() = %q, want %q... cut to %d bytes", got, prefix, errtext.MaxLine)
	}
}
