package llvmir

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The comment gaps Parse records strip comments exactly as the token walk
// does (appendSpan takes the walk when a rename may apply): every span of
// every entity, with comments on their own lines, after tokens, several in
// one gap, at the end of the input, and ';' inside strings.
func TestCommentGapsMatchTokenWalk(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"disassembled blocks", `; ModuleID = 'x'
source_filename = "x;y"
@g = global [3 x i8] c"a;b" ; trailing
; Function Attrs: noinline
define spir_func i32 @f(i32 %0) #0 {
  br label %2 ; branch

2:                                                ; preds = %1, %2
  %3 = phi i32 [ 0, %1 ], [ %4, %2 ]
  ; own line
    ; indented, two in a gap
  %4 = add i32 %3, ptrtoint (ptr @g to i32) ;; double
  %5 = icmp ult i32 %4, 3
  br i1 %5, label %2, label %6, !llvm.loop !0

6:                                                ; preds = %2
  ret i32 %4 ; last
}
; between
attributes #0 = { noinline "a;b"="c;d" } ; attrs
!0 = distinct !{!0, !1} ; md
!1 = !{!"llvm.loop;mustprogress", ptr @f}
; end without newline`},
		{"comment before the closing brace", "define void @h() {\n  ret void\n  ; bye\n}\n"},
		{"comment lines with spaces and tabs", "define void @k(ptr %p) { \t; a\n\t  ; b  \n  store i8 0, ptr @k ; c\n  ret void\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Parse([]byte(tc.src), "x.ll")
			if err != nil {
				t.Fatal(err)
			}
			walk := map[string]string{"@not_in_module": "@x"}
			n := 0
			for i := range m.Entities {
				e := &m.Entities[i]
				for lo := e.Lo; lo < e.Hi; lo++ {
					for _, hi := range []int{lo + 1, e.Hi} {
						want := string(m.appendSpan(nil, lo, hi, walk))
						got := string(m.appendSpan(nil, lo, hi, nil))
						if strings.Contains(m.Span(lo, hi), "@") {
							n++
						}
						if diff := cmp.Diff(want, got); diff != "" {
							t.Fatalf("%s tokens [%d,%d) (-token walk +gaps):\n%s", e.Name, lo, hi, diff)
						}
					}
				}
			}
			if n == 0 {
				t.Fatal("no span took the token walk")
			}
		})
	}
}

// FuncAttr reads keys from the tail items' recorded first tokens and finds
// numbered groups by number; what it answers is what the token walk
// (attrAt, groupAttr by the token's text) answers, for words, strings
// with and without values, c-strings, groups named #N, #0N and undefined
// groups.
func TestFuncAttrMatchesTokenWalk(t *testing.T) {
	src := `define void @f() local_unnamed_addr "sycl-module-id"="a.cpp" "flag" noinline #0 #7 #01 {
  ret void
}
declare void @g() #1 "x"="y;z"
attributes #0 = { "indirectly-callable"="set" convergent }
attributes #1 = { "referenced-indirectly" }
attributes #7 = { "sycl-grf-size"="256" }
`
	m, err := Parse([]byte(src), "x.ll")
	if err != nil {
		t.Fatal(err)
	}
	walk := func(e *Entity, key string) (string, bool) {
		for _, it := range e.Fn.Tail {
			switch it.Kind {
			case TailAttr:
				if v, ok := m.attrAt(int(it.Lo), int(it.Hi), key); ok {
					return v, true
				}
			case TailAttrGroup:
				if v, ok := m.groupAttr(m.Text(int(it.Lo)), key); ok {
					return v, true
				}
			}
		}
		return "", false
	}
	type answer struct {
		V  string
		OK bool
	}
	n := 0
	for _, name := range []string{"@f", "@g"} {
		i, _ := m.Lookup(name)
		e := &m.Entities[i]
		for _, key := range []string{"local_unnamed_addr", "sycl-module-id", "flag", "noinline", "indirectly-callable", "convergent",
			"referenced-indirectly", "sycl-grf-size", "x", "y;z", `"flag"`, "a.cpp", "absent"} {
			wv, wok := walk(e, key)
			gv, gok := m.FuncAttr(e, key)
			if diff := cmp.Diff(answer{wv, wok}, answer{gv, gok}); diff != "" {
				t.Errorf("%s %q (-token walk +FuncAttr):\n%s", name, key, diff)
			}
			if wok {
				n++
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d keys found", n)
	}
}
