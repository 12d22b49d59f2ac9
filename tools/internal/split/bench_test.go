package split

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// benchModule builds a linked-module-like text: tus translation units of
// kernels kernels and helpers helpers each; helpers call a lower helper of
// their cluster and a leaf, kernels call a few helpers (the shape of
// tests/bench/split, without needing clang).
func benchModule(tus, kernels, helpers int) []byte {
	var b strings.Builder
	b.WriteString("source_filename = \"llvm-link\"\ntarget datalayout = \"e-i64:64-v16:16-v24:32\"\ntarget triple = \"spir64\"\n\n")
	for t := 0; t < tus; t++ {
		fmt.Fprintf(&b, "@tab%d = addrspace(2) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4\n", t)
	}
	b.WriteString("\n")
	r := uint32(1)
	rnd := func(n int) int { r = r*1664525 + 1013904223; return int(r>>8) % n }
	for t := 0; t < tus; t++ {
		for i := 0; i < helpers; i++ {
			fmt.Fprintf(&b, "; Function Attrs: noinline\ndefine dso_local spir_func float @h%d_%d(float noundef %%0, i32 noundef %%1) local_unnamed_addr #1 {\n", t, i)
			fmt.Fprintf(&b, "  %%3 = xor i32 %%1, %d\n  %%4 = sitofp i32 %%3 to float\n  %%5 = fadd float %%0, %%4\n", rnd(1000))
			fmt.Fprintf(&b, "  %%6 = getelementptr inbounds [4 x float], [4 x float] addrspace(2)* @tab%d, i64 0, i64 %d\n  %%7 = load float, float addrspace(2)* %%6, align 4, !tbaa !4\n  %%8 = fadd float %%5, %%7\n", t, rnd(4))
			if i%50 > 0 {
				fmt.Fprintf(&b, "  %%9 = tail call spir_func float @h%d_%d(float noundef %%8, i32 noundef %%1) #2\n  ret float %%9\n}\n\n", t, i-i%50+rnd(i%50))
			} else {
				b.WriteString("  ret float %8\n}\n\n")
			}
		}
		for k := 0; k < kernels; k++ {
			fmt.Fprintf(&b, "define dso_local spir_kernel void @k%d_%d(float addrspace(1)* nocapture noundef %%0) local_unnamed_addr #0 !kernel_arg_addr_space !5 {\n", t, k)
			fmt.Fprintf(&b, "  %%2 = load float, float addrspace(1)* %%0, align 4, !tbaa !4\n  %%3 = tail call spir_func float @h%d_%d(float noundef %%2, i32 noundef %d) #2\n", t, rnd(helpers), k)
			b.WriteString("  store float %3, float addrspace(1)* %0, align 4, !tbaa !4\n  ret void\n}\n\n")
		}
	}
	b.WriteString(`attributes #0 = { convergent norecurse nounwind "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nofree noinline norecurse nosync nounwind readnone willreturn }
attributes #2 = { convergent nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!2, !2, i64 0}
!5 = !{i32 1}
`)
	return []byte(b.String())
}

// BenchmarkParse reports the Go heap the parsed module keeps
// (live-B/input-B) and allocates while parsing (alloc-B/input-B): the
// source text itself is the caller's (the splitter maps it) and not counted.
func BenchmarkParse(b *testing.B) {
	src := benchModule(4, 100, 1000)
	b.SetBytes(int64(len(src)))
	var m *llvmir.Module
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if m, err = llvmir.Parse(src, "bench.ll"); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(src)), "alloc-B/input-B")
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(len(src)), "live-B/input-B")
	runtime.KeepAlive(m)
}

// BenchmarkSplitPerKernel splits a module into one image per kernel,
// streaming images to io.Discard, and reports the heap allocated per input
// byte and the live heap (module + graph) per input byte.
func BenchmarkSplitPerKernel(b *testing.B) {
	src := benchModule(4, 100, 1000)
	b.SetBytes(int64(len(src)))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var live int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := llvmir.Parse(src, "bench.ll")
		if err != nil {
			b.Fatal(err)
		}
		opts := Options{Mode: ModeKernel}
		g := NewGraph(m, opts)
		for _, grp := range Groups(m, opts) {
			if _, err := g.ExtractTo(grp, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
		if i == 0 {
			b.StopTimer()
			var s runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&s)
			live = int64(s.HeapAlloc) - int64(before.HeapAlloc)
			runtime.KeepAlive(g)
			b.StartTimer()
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(src)), "alloc-B/input-B")
	b.ReportMetric(float64(live)/float64(len(src)), "live-B/input-B")
}
