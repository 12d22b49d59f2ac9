package imagewriter

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// benchSource is a module of n kernels, each calling its own helper and a
// shared leaf.
func benchSource(n int) []byte {
	var b strings.Builder
	b.WriteString("target triple = \"spir64-unknown-unknown\"\n\n")
	b.WriteString("define internal spir_func i32 @leaf(i32 %x) {\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "define internal spir_func i32 @h%d(i32 %%x) {\n  %%y = call spir_func i32 @leaf(i32 %%x)\n  %%z = mul i32 %%y, %d\n  ret i32 %%z\n}\n\n", i, i+2)
		fmt.Fprintf(&b, "define spir_kernel void @k%d(i32 addrspace(1)* %%p) #0 {\n  %%v = load i32, i32 addrspace(1)* %%p\n  %%r = call spir_func i32 @h%d(i32 %%v)\n  store i32 %%r, i32 addrspace(1)* %%p\n  ret void\n}\n\n", i, i)
	}
	b.WriteString("attributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n")
	return []byte(b.String())
}

// BenchmarkWriterPerKernelText writes one text image, .prop and .sym per
// kernel of a 500-kernel module and the table (staged, then discarded):
// the writer's own cost without an assembler. On the shared 2-core machine
// (load 7-10) it took from 0.09 to 3 s/op from one run to the next, almost
// all of it in openat of the 1,500 staged files (go test -cpuprofile): the
// extraction is noise next to them.
func BenchmarkWriterPerKernelText(b *testing.B) {
	src := benchSource(500)
	m, err := llvmir.Parse(src, "bench.ll")
	if err != nil {
		b.Fatal(err)
	}
	opts := split.Options{Mode: split.ModeKernel}
	groups := split.Groups(m, opts)
	g := split.NewGraph(m, opts)
	dir := b.TempDir()
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		outs := atomicfile.NewStaging()
		w := New(m, g, &Source{Data: src, Name: "bench.ll"}, outs, Config{
			Prefix: filepath.Join(dir, "m"), Tables: []Table{{File: filepath.Join(dir, "m.table")}},
			Text: true, Symbols: true, Properties: true, Props: split.PropOptions{Mode: split.ModeKernel},
		})
		for _, grp := range groups {
			if err := w.Write(grp); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
		outs.Abort()
	}
	b.ReportMetric(float64(len(groups)), "images/op")
}
