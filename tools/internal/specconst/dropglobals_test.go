package specconst

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDropUnusedGlobals(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{
			// Unused internal/private globals go, with the constant
			// expressions that name only them; a cast of one becomes null.
			name: "unused",
			in: `@used = internal addrspace(1) constant i32 1
@chain = internal addrspace(4) constant [2 x i8] c"a\00"
@holder = private constant i8 addrspace(4)* getelementptr ([2 x i8], [2 x i8] addrspace(4)* @chain, i64 0, i64 0)
@"quoted.name" = internal constant i32 2
@exported = addrspace(1) constant i32 3
@cast = internal addrspace(4) constant i32 4
define spir_kernel void @k() {
  %x = load i32, i32 addrspace(1)* @used
  %1 = bitcast i32 addrspace(4)* @cast to i8 addrspace(4)*
  %2 = getelementptr inbounds i8, i8 addrspace(4)* %1, i64 1
  %3 = addrspacecast i32 addrspace(1)* @used to i32 addrspace(4)*
  store i32 %x, i32 addrspace(4)* %3
  ret void
}`,
			want: `@used = internal addrspace(1) constant i32 1
@exported = addrspace(1) constant i32 3
define spir_kernel void @k() {
  %x = load i32, i32 addrspace(1)* @used
  %1 = bitcast i32 addrspace(4)* null to i8 addrspace(4)*
  %2 = getelementptr inbounds i8, i8 addrspace(4)* %1, i64 1
  %3 = addrspacecast i32 addrspace(1)* @used to i32 addrspace(4)*
  store i32 %x, i32 addrspace(4)* %3
  ret void
}`,
		},
		{
			// At -O0 the symbolic-ID string reaches the lowered call through a
			// stack slot: the store into it goes with the string (it names
			// null), a slot that is read keeps its global, and so does a dead
			// load.
			name: "O0 stack slot",
			in: `@__usid_str = internal unnamed_addr addrspace(4) constant [3 x i8] c"id\00", align 1
@kept = internal addrspace(4) constant [3 x i8] c"id\00", align 1
@loaded = internal addrspace(1) constant i32 5
define spir_kernel void @k() {
  %1 = alloca [3 x i8] addrspace(4)*, align 8
  %2 = alloca [3 x i8] addrspace(4)*, align 8
  %3 = addrspacecast [3 x i8] addrspace(4)** %1 to [3 x i8] addrspace(4)* addrspace(4)*
  store [3 x i8] addrspace(4)* @__usid_str, [3 x i8] addrspace(4)* addrspace(4)* %3, align 8
  %4 = load [3 x i8] addrspace(4)*, [3 x i8] addrspace(4)* addrspace(4)* %3, align 8
  %5 = bitcast [3 x i8] addrspace(4)* %4 to i8 addrspace(4)*
  store [3 x i8] addrspace(4)* @kept, [3 x i8] addrspace(4)** %2, align 8
  %6 = load volatile [3 x i8] addrspace(4)*, [3 x i8] addrspace(4)** %2, align 8
  %7 = load i32, i32 addrspace(1)* @loaded, align 4
  ret void
}`,
			want: `@kept = internal addrspace(4) constant [3 x i8] c"id\00", align 1
@loaded = internal addrspace(1) constant i32 5
define spir_kernel void @k() {
  %1 = alloca [3 x i8] addrspace(4)*, align 8
  %2 = alloca [3 x i8] addrspace(4)*, align 8
  %3 = addrspacecast [3 x i8] addrspace(4)** %1 to [3 x i8] addrspace(4)* addrspace(4)*
  store [3 x i8] addrspace(4)* null, [3 x i8] addrspace(4)* addrspace(4)* %3, align 8
  %4 = load [3 x i8] addrspace(4)*, [3 x i8] addrspace(4)* addrspace(4)* %3, align 8
  %5 = bitcast [3 x i8] addrspace(4)* %4 to i8 addrspace(4)*
  store [3 x i8] addrspace(4)* @kept, [3 x i8] addrspace(4)** %2, align 8
  %6 = load volatile [3 x i8] addrspace(4)*, [3 x i8] addrspace(4)** %2, align 8
  %7 = load i32, i32 addrspace(1)* @loaded, align 4
  ret void
}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(DropUnusedGlobals([]byte(tc.in)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("DropUnusedGlobals (-want +got):\n%s", diff)
			}
		})
	}
}
