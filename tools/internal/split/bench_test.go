package split

import (
	"fmt"
	"io"
	"os"
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

// deviceBenchModule builds a module of tests/bench/split/gen's "device"
// shape, as llvm-dis prints it: each kernel calls two roots of its own tree
// of six helpers and a library helper calling a shared math leaf (eight
// helpers per kernel), bodies with several blocks and their "; preds"
// comments, generic/global/local/constant memory.
func deviceBenchModule(kernels int) []byte {
	var b strings.Builder
	b.WriteString("source_filename = \"llvm-link\"\ntarget datalayout = \"e-i64:64-v16:16-v24:32\"\ntarget triple = \"spir64\"\n\n")
	b.WriteString("@ctab = internal addrspace(2) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4\n\n")
	libs := kernels/4 + 1
	for j := 0; j < libs; j++ {
		fmt.Fprintf(&b, "; Function Attrs: noinline\ndefine dso_local spir_func float @m%d(float noundef %%0, i32 noundef %%1) local_unnamed_addr #1 {\n", j)
		fmt.Fprintf(&b, "  %%3 = and i32 %%1, 3\n  %%4 = zext i32 %%3 to i64\n  %%5 = getelementptr inbounds [4 x float], [4 x float] addrspace(2)* @ctab, i64 0, i64 %%4\n  %%6 = load float, float addrspace(2)* %%5, align 4, !tbaa !4\n  %%7 = fmul float %%0, %%6\n  %%8 = tail call spir_func float @_Z4sqrtf(float noundef %%7) #2\n  ret float %%8\n}\n\n")
		fmt.Fprintf(&b, "; Function Attrs: noinline\ndefine dso_local spir_func float @lib%d(float addrspace(4)* noundef %%0, float addrspace(3)* noundef %%1, float noundef %%2, i32 noundef %%3) local_unnamed_addr #1 {\n", j)
		fmt.Fprintf(&b, "  %%5 = tail call spir_func float @m%d(float noundef %%2, i32 noundef %%3) #2\n  ret float %%5\n}\n\n", (j*7)%libs)
	}
	for k := 0; k < kernels; k++ {
		for q := 5; q >= 0; q-- {
			fmt.Fprintf(&b, "; Function Attrs: noinline\ndefine dso_local spir_func float @h%d_%d(float addrspace(4)* noundef %%0, float addrspace(3)* noundef %%1, float noundef %%2, i32 noundef %%3) local_unnamed_addr #1 {\n", k, q)
			b.WriteString("  br label %5\n\n5:                                                ; preds = %5, %4\n")
			b.WriteString("  %6 = phi i32 [ 0, %4 ], [ %11, %5 ]\n  %7 = phi float [ %2, %4 ], [ %10, %5 ]\n  %8 = zext i32 %6 to i64\n")
			b.WriteString("  %9 = getelementptr inbounds float, float addrspace(4)* %0, i64 %8\n  %12 = load float, float addrspace(4)* %9, align 4, !tbaa !4\n")
			b.WriteString("  %10 = fadd float %7, %12\n  %11 = add nuw nsw i32 %6, 1\n  %13 = icmp ult i32 %6, 3\n  br i1 %13, label %5, label %14\n\n14:                                               ; preds = %5\n")
			b.WriteString("  %15 = getelementptr inbounds float, float addrspace(3)* %1, i64 3\n  store float %10, float addrspace(3)* %15, align 4, !tbaa !4\n")
			last := "%10"
			for c, n := 2*q+2, 16; c <= 2*q+3 && c < 6; c, n = c+1, n+1 {
				fmt.Fprintf(&b, "  %%%d = tail call spir_func float @h%d_%d(float addrspace(4)* noundef %%0, float addrspace(3)* noundef %%1, float noundef %s, i32 noundef %%3) #2\n", n, k, c, last)
				last = fmt.Sprintf("%%%d", n)
			}
			fmt.Fprintf(&b, "  ret float %s\n}\n\n", last)
		}
		fmt.Fprintf(&b, "define dso_local spir_kernel void @k%d(float addrspace(1)* noundef align 4 %%0, float addrspace(3)* noundef align 4 %%1, i32 noundef %%2) local_unnamed_addr #0 !kernel_arg_addr_space !5 {\n", k)
		b.WriteString("  %4 = load float, float addrspace(1)* %0, align 4, !tbaa !4\n  %5 = addrspacecast float addrspace(1)* %0 to float addrspace(4)*\n")
		fmt.Fprintf(&b, "  %%6 = tail call spir_func float @h%d_0(float addrspace(4)* noundef %%5, float addrspace(3)* noundef %%1, float noundef %%4, i32 noundef %%2) #2\n", k)
		fmt.Fprintf(&b, "  %%7 = tail call spir_func float @h%d_1(float addrspace(4)* noundef %%5, float addrspace(3)* noundef %%1, float noundef %%6, i32 noundef %%2) #2\n", k)
		fmt.Fprintf(&b, "  %%8 = tail call spir_func float @lib%d(float addrspace(4)* noundef %%5, float addrspace(3)* noundef %%1, float noundef %%7, i32 noundef %%2) #2\n", (k*13)%libs)
		b.WriteString("  store float %8, float addrspace(1)* %0, align 4, !tbaa !4\n  ret void\n}\n\n")
	}
	b.WriteString(`declare spir_func float @_Z4sqrtf(float noundef) #2

attributes #0 = { convergent norecurse nounwind "uniform-work-group-size"="false" }
attributes #1 = { noinline nounwind }
attributes #2 = { convergent nounwind }

!llvm.module.flags = !{!0}
!opencl.ocl.version = !{!1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 3, i32 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!2, !2, i64 0}
!5 = !{i32 1, i32 3, i32 0}
`)
	return []byte(b.String())
}

// BenchmarkSplitDevice is the splitter's hot path on a module of the
// "device" shape (eight helpers per kernel, disassembler comments):
// build the graph, then extract every kernel's image (streamed to
// io.Discard) and compute its property sets and symbols, as the image
// writer does per image.
func BenchmarkSplitDevice(b *testing.B) {
	src := deviceBenchModule(500)
	m, err := llvmir.Parse(src, "bench.ll")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	opts := Options{Mode: ModeKernel, EmitOnlyKernelsAsEntryPoints: true}
	groups := Groups(m, opts)
	if len(groups) != 500 {
		b.Fatalf("%d groups, want 500", len(groups))
	}
	po := PropOptions{Mode: ModeKernel, ParamInfo: true, ExportedSymbols: true, DeviceGlobals: true}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := NewGraph(m, opts)
		for _, grp := range groups {
			img, err := g.ExtractTo(grp, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			if len(img.Defs) != 9 {
				b.Fatalf("%v: %d definitions, want 9", img.Entries, len(img.Defs))
			}
			Properties(m, img, po)
			Symbols(img)
		}
	}
	b.ReportMetric(float64(len(groups)), "images/op")
}

// BenchmarkSplitModule is BenchmarkSplitDevice's work (graph, then every
// kernel's image streamed to io.Discard, its property sets and symbols) on
// the module SPLIT_BENCH_MODULE names, e.g. tests/bench/split/run.sh's
// BENCH_DIR/module-sycl-*.ll, parse included: the splitter's own CPU
// without the files and the assembler.
//
//	SPLIT_BENCH_MODULE=... go test -run - -bench SplitModule -cpuprofile cpu.out ./tools/internal/split
func BenchmarkSplitModule(b *testing.B) {
	in := os.Getenv("SPLIT_BENCH_MODULE")
	if in == "" {
		b.Skip("SPLIT_BENCH_MODULE not set")
	}
	src, err := os.ReadFile(in)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	opts := Options{Mode: ModeKernel, EmitOnlyKernelsAsEntryPoints: true}
	po := PropOptions{Mode: ModeKernel, ParamInfo: true, ExportedSymbols: true, DeviceGlobals: true}
	images := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := llvmir.Parse(src, in)
		if err != nil {
			b.Fatal(err)
		}
		g := NewGraph(m, opts)
		groups := Groups(m, opts)
		for _, grp := range groups {
			img, err := g.ExtractTo(grp, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			Properties(m, img, po)
			Symbols(img)
		}
		images = len(groups)
	}
	b.ReportMetric(float64(images), "images/op")
}
