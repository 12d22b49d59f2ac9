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
