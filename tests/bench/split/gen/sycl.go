package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
)

// The "sycl" shape: the "device" shape's call graph (buildDevice) written
// as the LLVM 15 IR SYCL C++ device code becomes on issue 30's device-link
// path (libsycl-jit's SPIR-V read back with llvm-spirv -r
// --spirv-target-env=SPV-IR, annotated, linked): typed pointers, spir64,
// mangled C++ names, weak_odr spir_kernel functions with accessor-shaped
// parameters (global pointers, byval sycl::range/sycl::id, a local
// accessor), __spirv_BuiltIn* globals, __spirv_* builtin calls,
// linkonce_odr/internal helpers taking generic (addrspace(4)) and local
// pointers, SYCL_EXTERNAL library helpers with "sycl-module-id",
// attribute groups per TU, TBAA on every access, !llvm.loop, !srcloc,
// kernel-argument metadata (buffer locations, runtime alignment, omitted
// arguments), some !reqd_work_group_size, !intel_reqd_sub_group_size and
// !sycl_used_aspects, an internal constant table and a global counter
// (atomics) per TU. writeSycl writes one module, module.ll, in the order an
// llvm-link of the TUs would give (run.sh normalises it with llvm-as/llvm-dis).

// syclStmts is the number of statements of a helper's body besides its
// calls; -1: one or two (gen -stmts).
var syclStmts = -1

// syclShared is the length of a chain of library helpers (TU 0's
// "core" helpers, as a device library's) that every kernel calls (gen
// -shared): each image then carries all of them, so the images' summed size
// grows against the module's.
var syclShared = 0

// mangledName returns the Itanium nested name bench::<ns>::<id> with the
// parameter mangling params.
func mangledName(ns, id, params string) string {
	return fmt.Sprintf("_ZN5bench%d%s%d%sE%s", len(ns), ns, len(id), id, params)
}

func syclName(f *devFn, t int) string {
	ns := fmt.Sprintf("tu%02d", f.tu)
	switch f.kind {
	case kindKernel:
		// A kernel's name is its type's typeinfo name (_ZTS...).
		return fmt.Sprintf("_ZTSN5bench%d%s%d%sE", len(ns), ns, len(f.name)+6, "Kernel"+f.name)
	case kindLib0:
		return mangledName(ns, "math_"+f.name, "fi")
	case kindLib1:
		return mangledName(ns, "lib_"+f.name, "PU3AS4fPU3AS3ffi")
	}
	return mangledName(ns, "detail_"+f.name, "PU3AS4fPU3AS3ffi")
}

// syclWriter writes one function body: numbered values, the current block.
type syclWriter struct {
	b     *strings.Builder
	r     *rand.Rand
	n     int // next value number suffix
	block string
	nmd   *int // next metadata number (loops' distinct nodes)
	loops *strings.Builder
}

func (w *syclWriter) p(format string, args ...interface{}) { fmt.Fprintf(w.b, format, args...) }

func (w *syclWriter) val(prefix string) string {
	w.n++
	return fmt.Sprintf("%%%s%d", prefix, w.n)
}

// Metadata numbers fixed by writeSycl's module-level metadata.
const (
	mdTBAAFloat   = 8
	mdTBAAInt     = 10
	mdMustProg    = 11
	mdBufLoc      = 12
	mdRuntimeAl   = 13
	mdExclusive   = 14
	mdFixedTgts   = 15
	mdOmitArgs    = 16
	mdWG16        = 17 // !reqd_work_group_size 16, 32, 64: 17, 18, 19
	mdSubGroup    = 20
	mdAspectsFP64 = 21
	mdFirstFree   = 22
)

const floatPtrG = "float addrspace(4)*"

// stmt writes one of a helper's statements on a (the current value),
// returning the new value.
func (w *syclWriter) stmt(a string, t int) string {
	switch w.r.Intn(7) {
	case 0: // for (j = 0; j < K; ++j) a = fma(a, c, p[(i + j*s) & 1023]);
		k, s := 2+w.r.Intn(5), 1+w.r.Intn(7)
		body, end := w.val("for.body"), w.val("for.end")
		body, end = body[1:], end[1:]
		from := w.block
		w.p("  br label %%%s\n\n%s:\n", body, body)
		j, acc := w.val("j"), w.val("acc")
		jn, accn := w.val("j.next"), w.val("acc.next")
		m, ad, an, idx, gep, ld, ex := w.val("mul"), w.val("add"), w.val("and"), w.val("idx"), w.val("arrayidx"), w.val("ld"), w.val("exitcond")
		w.p("  %s = phi i32 [ 0, %%%s ], [ %s, %%%s ]\n", j, from, jn, body)
		w.p("  %s = phi float [ %s, %%%s ], [ %s, %%%s ]\n", acc, a, from, accn, body)
		w.p("  %s = mul nsw i32 %s, %d\n  %s = add nsw i32 %s, %%i\n  %s = and i32 %s, 1023\n", m, j, s, ad, m, an, ad)
		w.p("  %s = zext i32 %s to i64\n  %s = getelementptr inbounds float, %s %%p, i64 %s\n", idx, an, gep, floatPtrG, idx)
		w.p("  %s = load float, %s %s, align 4, !tbaa !%d\n", ld, floatPtrG, gep, mdTBAAFloat)
		w.p("  %s = tail call float @llvm.fmuladd.f32(float %s, float 0x3FE%d000000000000, float %s)\n", accn, acc, w.r.Intn(10), ld)
		w.p("  %s = add nuw nsw i32 %s, 1\n  %s = icmp eq i32 %s, %d\n", jn, j, ex, jn, k)
		loop := *w.nmd
		*w.nmd++
		fmt.Fprintf(w.loops, "!%d = distinct !{!%d, !%d}\n", loop, loop, mdMustProg)
		w.p("  br i1 %s, label %%%s, label %%%s, !llvm.loop !%d\n\n%s:\n", ex, end, body, loop, end)
		w.block = end
		return accn
	case 1: // p[(i ^ c) & 1023] = a * c;
		x, an, idx, gep, m := w.val("xor"), w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("mul")
		w.p("  %s = xor i32 %%i, %d\n  %s = and i32 %s, 1023\n  %s = zext i32 %s to i64\n", x, w.r.Intn(1024), an, x, idx, an)
		w.p("  %s = getelementptr inbounds float, %s %%p, i64 %s\n", gep, floatPtrG, idx)
		w.p("  %s = fmul float %s, %d.250000e+00\n  store float %s, %s %s, align 4, !tbaa !%d\n", m, a, w.r.Intn(9), m, floatPtrG, gep, mdTBAAFloat)
		return a
	case 2: // l[i & 63] = a; a += l[(i + c) & 63];
		an, idx, gep, ad, an2, idx2, gep2, ld, s := w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("add"), w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("ld"), w.val("add")
		w.p("  %s = and i32 %%i, 63\n  %s = zext i32 %s to i64\n  %s = getelementptr inbounds float, float addrspace(3)* %%l, i64 %s\n", an, idx, an, gep, idx)
		w.p("  store float %s, float addrspace(3)* %s, align 4, !tbaa !%d\n", a, gep, mdTBAAFloat)
		w.p("  %s = add nsw i32 %%i, %d\n  %s = and i32 %s, 63\n  %s = zext i32 %s to i64\n", ad, 1+w.r.Intn(63), an2, ad, idx2, an2)
		w.p("  %s = getelementptr inbounds float, float addrspace(3)* %%l, i64 %s\n  %s = load float, float addrspace(3)* %s, align 4, !tbaa !%d\n", gep2, idx2, ld, gep2, mdTBAAFloat)
		w.p("  %s = fadd float %s, %s\n", s, a, ld)
		return s
	case 3: // a += ctab[(i + c) & 63] * x;
		ad, an, idx, gep, ld, m, s := w.val("add"), w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("ld"), w.val("mul"), w.val("add")
		w.p("  %s = add nsw i32 %%i, %d\n  %s = and i32 %s, 63\n  %s = zext i32 %s to i64\n", ad, w.r.Intn(64), an, ad, idx, an)
		w.p("  %s = getelementptr inbounds [64 x float], [64 x float] addrspace(1)* @_ZN5benchL6ctab%02dE, i64 0, i64 %s\n", gep, t, idx)
		w.p("  %s = load float, float addrspace(1)* %s, align 4, !tbaa !%d\n", ld, gep, mdTBAAFloat)
		w.p("  %s = fmul float %s, %%x\n  %s = fadd float %s, %s\n", m, ld, s, a, m)
		return s
	case 4: // a = a > c ? a - p[i & 1023] : a + c;
		c, an, idx, gep, ld, sub, ad, sel := w.val("cmp"), w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("ld"), w.val("sub"), w.val("add"), w.val("cond")
		w.p("  %s = fcmp ogt float %s, %d.000000e+00\n  %s = and i32 %%i, 1023\n  %s = zext i32 %s to i64\n", c, a, w.r.Intn(100), an, idx, an)
		w.p("  %s = getelementptr inbounds float, %s %%p, i64 %s\n  %s = load float, %s %s, align 4, !tbaa !%d\n", gep, floatPtrG, idx, ld, floatPtrG, gep, mdTBAAFloat)
		w.p("  %s = fsub float %s, %s\n  %s = fadd float %s, %d.000000e+00\n  %s = select i1 %s, float %s, float %s\n", sub, a, ld, ad, a, 1+w.r.Intn(9), sel, c, sub, ad)
		return sel
	case 5: // a = builtin(a);
		return w.builtin(a)
	default: // atomic_ref<int>(counter).fetch_add(1) on a global counter.
		old, cv, s := w.val("old"), w.val("conv"), w.val("add")
		w.p("  %s = atomicrmw add i32 addrspace(1)* @_ZN5bench4tu%02d7counterE, i32 1 monotonic, align 4\n", old, t)
		w.p("  %s = sitofp i32 %s to float\n  %s = fadd float %s, %s\n", cv, old, s, a, cv)
		return s
	}
}

var syclBuiltins = []string{"_Z16__spirv_ocl_sqrtf", "_Z15__spirv_ocl_expf", "_Z15__spirv_ocl_sinf", "_Z16__spirv_ocl_fabsf", "_Z17__spirv_ocl_log1pf"}

func (w *syclWriter) builtin(a string) string {
	v := w.val("call")
	w.p("  %s = tail call spir_func float @%s(float noundef %s) #%d\n", v, syclBuiltins[w.r.Intn(len(syclBuiltins))], a, attrCall)
	return v
}

// Attribute group numbers: per TU kernel and library groups follow.
const (
	attrHelper    = 0
	attrInline    = 1 // linkonce_odr helpers (no noinline: the optimizer kept them)
	attrBuiltin   = 2
	attrIntrinsic = 3
	attrCall      = 4
	attrTUBase    = 5 // TU t: kernels 5+2t, library helpers 6+2t
)

func (w *syclWriter) call(f *devFn, t int, a, p, l string) string {
	v := w.val("call")
	if f.kind == kindLib0 {
		w.p("  %s = tail call spir_func float @%s(float noundef %s, i32 noundef %%i) #%d\n", v, syclName(f, t), a, attrCall)
		s := w.val("add")
		w.p("  %s = fadd float %s, %s\n", s, a, v)
		return s
	}
	ii := w.val("add")
	w.p("  %s = add nsw i32 %%i, %d\n", ii, w.r.Intn(16))
	w.p("  %s = tail call spir_func float @%s(%s noundef %s, float addrspace(3)* noundef %s, float noundef %s, i32 noundef %s) #%d\n", v, syclName(f, t), floatPtrG, p, l, a, ii, attrCall)
	return v
}

func writeSycl(out string, r *rand.Rand, tus, kernels, helpers int) error {
	d := buildDevice(r, tus, kernels, helpers)
	if syclShared > 0 {
		first := len(d.fns)
		for j := 0; j < syclShared; j++ {
			c := d.add(devFn{name: fmt.Sprintf("core%d", j), tu: 0, kind: kindLib1})
			if j > 0 {
				d.fns[c-1].callees = append(d.fns[c-1].callees, c)
			}
		}
		for i := range d.fns[:first] {
			if d.fns[i].kind == kindKernel {
				d.fns[i].callees = append(d.fns[i].callees, first)
			}
		}
	}
	f, err := os.Create(filepath.Join(out, "module.ll"))
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	p := func(format string, args ...interface{}) { fmt.Fprintf(bw, format, args...) }
	p("; ModuleID = 'llvm-link'\nsource_filename = \"llvm-link\"\n")
	p("target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64\"\n")
	p("target triple = \"spir64-unknown-unknown\"\n\n")
	p("%%\"class.sycl::_V1::range\" = type { %%\"class.sycl::_V1::detail::array\" }\n")
	p("%%\"class.sycl::_V1::detail::array\" = type { [1 x i64] }\n")
	p("%%\"class.sycl::_V1::id\" = type { %%\"class.sycl::_V1::detail::array\" }\n\n")
	for _, g := range []string{"GlobalInvocationId", "LocalInvocationId", "WorkgroupSize", "GlobalOffset"} {
		p("@__spirv_BuiltIn%s = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32\n", g)
	}
	for t := 0; t < tus; t++ {
		p("@_ZN5benchL6ctab%02dE = internal unnamed_addr addrspace(1) constant [64 x float] [", t)
		for i := 0; i < 64; i++ {
			if i > 0 {
				p(", ")
			}
			p("float %d.%s", r.Intn(100), []string{"000000e+00", "250000e+00", "500000e+00", "750000e+00"}[r.Intn(4)])
		}
		p("], align 4\n")
		p("@_ZN5bench4tu%02d7counterE = dso_local addrspace(1) global i32 0, align 4\n", t)
	}
	p("\n")
	loops := &strings.Builder{}
	nmd := mdFirstFree
	var bodies strings.Builder
	for t := 0; t < tus; t++ {
		for _, i := range d.byTU[t] {
			fn := &d.fns[i]
			w := &syclWriter{b: &bodies, r: r, block: "entry", nmd: &nmd, loops: loops}
			srcloc := nmd
			nmd++
			fmt.Fprintf(loops, "!%d = !{i32 %d}\n", srcloc, 1000+r.Intn(1<<20))
			switch fn.kind {
			case kindKernel:
				w.kernel(fn, d, t, srcloc)
			case kindLib0:
				w.p("; Function Attrs: convergent mustprogress noinline norecurse nounwind\n")
				w.p("define dso_local spir_func float @%s(float noundef %%x, i32 noundef %%i) local_unnamed_addr #%d !srcloc !%d {\nentry:\n", syclName(fn, t), attrTUBase+2*t+1, srcloc)
				ad, an, idx, gep, ld, m := w.val("add"), w.val("and"), w.val("idxprom"), w.val("arrayidx"), w.val("ld"), w.val("mul")
				w.p("  %s = add nsw i32 %%i, %d\n  %s = and i32 %s, 63\n  %s = zext i32 %s to i64\n", ad, w.r.Intn(64), an, ad, idx, an)
				w.p("  %s = getelementptr inbounds [64 x float], [64 x float] addrspace(1)* @_ZN5benchL6ctab%02dE, i64 0, i64 %s\n", gep, t, idx)
				w.p("  %s = load float, float addrspace(1)* %s, align 4, !tbaa !%d\n", ld, gep, mdTBAAFloat)
				w.p("  %s = tail call float @llvm.fmuladd.f32(float %%x, float %d.500000e+00, float %s)\n", m, w.r.Intn(9), ld)
				a := w.builtin(m)
				if w.r.Intn(2) == 0 {
					xb := w.builtin("%x")
					v := w.val("mul")
					w.p("  %s = fmul float %s, %s\n", v, a, xb)
					a = v
				}
				w.p("  ret float %s\n}\n\n", a)
			default:
				linkage, attr := "internal", attrHelper
				switch {
				case fn.kind == kindLib1:
					linkage, attr = "dso_local", attrTUBase+2*t+1
				case r.Intn(2) == 0:
					linkage, attr = "linkonce_odr dso_local", attrInline
				}
				w.p("; Function Attrs: convergent mustprogress norecurse nounwind\n")
				w.p("define %s spir_func float @%s(%s noundef %%p, float addrspace(3)* noundef %%l, float noundef %%x, i32 noundef %%i) local_unnamed_addr #%d !srcloc !%d {\nentry:\n", linkage, syclName(fn, t), floatPtrG, attr, srcloc)
				an, cv, a := w.val("and"), w.val("conv"), w.val("add")
				w.p("  %s = and i32 %%i, %d\n  %s = sitofp i32 %s to float\n  %s = fadd float %%x, %s\n", an, r.Intn(64), cv, an, a, cv)
				n := 1 + r.Intn(4)/3
				if syclStmts >= 0 {
					n = syclStmts
				}
				for s := n; s > 0; s-- {
					a = w.stmt(a, t)
				}
				for _, c := range fn.callees {
					a = w.call(&d.fns[c], t, a, "%p", "%l")
				}
				w.p("  ret float %s\n}\n\n", a)
			}
		}
	}
	bw.WriteString(bodies.String())
	p("declare spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #%d\n", attrBuiltin)
	for _, b := range syclBuiltins {
		p("declare spir_func float @%s(float noundef) local_unnamed_addr #%d\n", b, attrBuiltin)
	}
	p("declare float @llvm.fmuladd.f32(float, float, float) #%d\n", attrIntrinsic)
	p("declare void @llvm.assume(i1 noundef) #%d\n\n", attrIntrinsic)
	common := `"frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8"`
	p("attributes #%d = { convergent mustprogress noinline norecurse nounwind %s \"sycl-optlevel\"=\"2\" }\n", attrHelper, common)
	p("attributes #%d = { convergent mustprogress norecurse nounwind %s \"sycl-optlevel\"=\"2\" }\n", attrInline, common)
	p("attributes #%d = { convergent nounwind }\n", attrBuiltin)
	p("attributes #%d = { nocallback nofree nosync nounwind readnone speculatable willreturn }\n", attrIntrinsic)
	p("attributes #%d = { convergent nounwind }\n", attrCall)
	for t := 0; t < tus; t++ {
		p("attributes #%d = { convergent mustprogress norecurse nounwind %s \"sycl-module-id\"=\"tu%02d.cpp\" \"sycl-optlevel\"=\"2\" \"uniform-work-group-size\"=\"true\" }\n", attrTUBase+2*t, common, t)
		p("attributes #%d = { convergent mustprogress noinline norecurse nounwind %s \"sycl-module-id\"=\"tu%02d.cpp\" \"sycl-optlevel\"=\"2\" }\n", attrTUBase+2*t+1, common, t)
	}
	p("\n!llvm.module.flags = !{!0, !1}\n!opencl.spir.version = !{!2}\n!spirv.Source = !{!3}\n!llvm.ident = !{!4}\n\n")
	p("!0 = !{i32 1, !\"wchar_size\", i32 4}\n!1 = !{i32 7, !\"frame-pointer\", i32 2}\n!2 = !{i32 1, i32 2}\n!3 = !{i32 4, i32 100000}\n")
	p("!4 = !{!\"clang version 17.0.0 (https://github.com/intel/llvm)\"}\n")
	p("!5 = !{!\"Simple C++ TBAA\"}\n!6 = !{!\"omnipotent char\", !5, i64 0}\n!7 = !{!\"float\", !6, i64 0}\n!%d = !{!7, !7, i64 0}\n", mdTBAAFloat)
	p("!9 = !{!\"int\", !6, i64 0}\n!%d = !{!9, !9, i64 0}\n!%d = !{!\"llvm.loop.mustprogress\"}\n", mdTBAAInt, mdMustProg)
	p("!%d = !{i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1}\n", mdBufLoc)
	p("!%d = !{i1 true, i1 false, i1 false, i1 true, i1 false, i1 false}\n", mdRuntimeAl)
	p("!%d = !{i1 false, i1 false, i1 false, i1 false, i1 false, i1 false}\n", mdExclusive)
	p("!%d = !{}\n", mdFixedTgts)
	p("!%d = !{i1 false, i1 false, i1 true, i1 false, i1 false, i1 false}\n", mdOmitArgs)
	for i := 0; i < 3; i++ {
		p("!%d = !{i32 %d, i32 1, i32 1}\n", mdWG16+i, 16<<uint(i))
	}
	p("!%d = !{i32 16}\n!%d = !{i32 6}\n", mdSubGroup, mdAspectsFP64)
	bw.WriteString(loops.String())
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	fmt.Fprintln(os.Stderr, d.stats())
	return f.Close()
}

// kernel writes a SYCL kernel: parallel_for over an output accessor (global
// pointer, range, offset), an input accessor, a local accessor and a value.
func (w *syclWriter) kernel(fn *devFn, d *devGraph, t, srcloc int) {
	md := fmt.Sprintf("!srcloc !%d !kernel_arg_buffer_location !%d !kernel_arg_runtime_aligned !%d !kernel_arg_exclusive_ptr !%d !sycl_fixed_targets !%d !sycl_kernel_omit_args !%d",
		srcloc, mdBufLoc, mdRuntimeAl, mdExclusive, mdFixedTgts, mdOmitArgs)
	if w.r.Intn(5) == 0 {
		md += fmt.Sprintf(" !reqd_work_group_size !%d", mdWG16+w.r.Intn(3))
	}
	if w.r.Intn(4) == 0 {
		md += fmt.Sprintf(" !intel_reqd_sub_group_size !%d", mdSubGroup)
	}
	if w.r.Intn(20) == 0 {
		md += fmt.Sprintf(" !sycl_used_aspects !%d", mdAspectsFP64)
	}
	rng, id := `%"class.sycl::_V1::range"`, `%"class.sycl::_V1::id"`
	w.p("; Function Attrs: convergent mustprogress norecurse nounwind\n")
	w.p("define weak_odr dso_local spir_kernel void @%s(float addrspace(1)* noundef align 4 %%_arg_out, %s* noundef byval(%s) align 8 %%_arg_outRange, %s* noundef byval(%s) align 8 %%_arg_outOffset, float addrspace(1)* noundef readonly align 4 %%_arg_in, float addrspace(3)* noundef align 4 %%_arg_tmp, i32 noundef %%_arg_n) local_unnamed_addr #%d %s {\nentry:\n",
		syclName(fn, t), rng, rng, id, id, attrTUBase+2*t, md)
	rp, rl, gid, g0, lid, l0, c, off, gp := w.val("range"), w.val("range.len"), w.val("gid"), w.val("gid0"), w.val("lid"), w.val("lid0"), w.val("cmp"), w.val("off"), w.val("out")
	w.p("  %s = getelementptr inbounds %s, %s* %%_arg_outRange, i64 0, i32 0, i32 0, i64 0\n  %s = load i64, i64* %s, align 8\n", rp, rng, rng, rl, rp)
	w.p("  %s = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalInvocationId, align 32\n  %s = extractelement <3 x i64> %s, i64 0\n", gid, g0, gid)
	w.p("  %s = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInLocalInvocationId, align 32\n  %s = extractelement <3 x i64> %s, i64 0\n", lid, l0, lid)
	w.p("  %s = icmp ult i64 %s, 2147483648\n  tail call void @llvm.assume(i1 %s)\n", c, g0, c)
	w.p("  %s = getelementptr inbounds float, float addrspace(1)* %%_arg_out, i64 %s\n", off, rl)
	w.p("  %s = addrspacecast float addrspace(1)* %s to %s\n", gp, off, floatPtrG)
	in, ld, tp := w.val("arrayidx"), w.val("ld"), w.val("arrayidx")
	w.p("  %s = getelementptr inbounds float, float addrspace(1)* %%_arg_in, i64 %s\n  %s = load float, float addrspace(1)* %s, align 4, !tbaa !%d\n", in, g0, ld, in, mdTBAAFloat)
	w.p("  %s = getelementptr inbounds float, float addrspace(3)* %%_arg_tmp, i64 %s\n  store float %s, float addrspace(3)* %s, align 4, !tbaa !%d\n", tp, l0, ld, tp, mdTBAAFloat)
	w.p("  tail call spir_func void @_Z22__spirv_ControlBarrierjjj(i32 noundef 2, i32 noundef 2, i32 noundef 272) #%d\n", attrCall)
	ws, w0, lp, rem, ri, ldl := w.val("wgsize"), w.val("wgsize0"), w.val("add"), w.val("rem"), w.val("arrayidx"), w.val("ld")
	w.p("  %s = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInWorkgroupSize, align 32\n  %s = extractelement <3 x i64> %s, i64 0\n", ws, w0, ws)
	w.p("  %s = add i64 %s, %d\n  %s = urem i64 %s, %s\n", lp, l0, 1+w.r.Intn(7), rem, lp, w0)
	w.p("  %s = getelementptr inbounds float, float addrspace(3)* %%_arg_tmp, i64 %s\n  %s = load float, float addrspace(3)* %s, align 4, !tbaa !%d\n", ri, rem, ldl, ri, mdTBAAFloat)
	i := w.val("conv")
	w.p("  %s = trunc i64 %s to i32\n", i, g0)
	// Helpers see %i as the work-item index.
	a := ldl
	for _, cidx := range fn.callees {
		cf := &d.fns[cidx]
		v := w.val("call")
		if cf.kind == kindLib0 {
			w.p("  %s = tail call spir_func float @%s(float noundef %s, i32 noundef %s) #%d\n", v, syclName(cf, t), a, i, attrCall)
			s := w.val("add")
			w.p("  %s = fadd float %s, %s\n", s, a, v)
			a = s
			continue
		}
		w.p("  %s = tail call spir_func float @%s(%s noundef %s, float addrspace(3)* noundef %%_arg_tmp, float noundef %s, i32 noundef %s) #%d\n", v, syclName(cf, t), floatPtrG, gp, a, i, attrCall)
		a = v
	}
	st := w.val("arrayidx")
	w.p("  %s = getelementptr inbounds float, float addrspace(1)* %s, i64 %s\n  store float %s, float addrspace(1)* %s, align 4, !tbaa !%d\n  ret void\n}\n\n", st, off, g0, a, st, mdTBAAFloat)
}
