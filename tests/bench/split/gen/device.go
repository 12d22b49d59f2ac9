package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Function kinds of the "device" shape.
const (
	kindKernel = iota
	kindPrivate
	kindLib1
	kindLib0
)

type devFn struct {
	name    string
	tu      int
	kind    int
	callees []int
}

// devGraph is the call graph of the "device" shape, decided before any
// source is written (a TU's prototypes depend on its callees).
type devGraph struct {
	fns []devFn
	// byTU[t] lists TU t's functions in definition order.
	byTU [][]int
	// lib0[t], lib1[t]: TU t's library helpers, hottest first.
	lib0, lib1 [][]int
}

func (d *devGraph) add(f devFn) int {
	d.fns = append(d.fns, f)
	i := len(d.fns) - 1
	d.byTU[f.tu] = append(d.byTU[f.tu], i)
	return i
}

// pickLib returns a library helper for a caller in TU t: from t half the
// time, else from any TU; any helper half the time, else one with a low
// index (a few hot helpers).
func pickLib(r *rand.Rand, libs [][]int, t int) int {
	u := t
	if r.Intn(2) == 0 {
		u = r.Intn(len(libs))
	}
	l := libs[u]
	if r.Intn(2) == 0 {
		return l[r.Intn(len(l))]
	}
	return l[r.Intn(r.Intn(len(l))+1)]
}

func buildDevice(r *rand.Rand, tus, kernels, helpers int) *devGraph {
	private := helpers * 6 / 10
	libs := helpers - private
	n1 := libs / 2
	n0 := libs - n1
	d := &devGraph{byTU: make([][]int, tus), lib0: make([][]int, tus), lib1: make([][]int, tus)}
	priv := make([][][]int, tus) // priv[t][k]: kernel k's helpers, tree order
	kern := make([][]int, tus)
	for t := 0; t < tus; t++ {
		for j := 0; j < n0; j++ {
			d.lib0[t] = append(d.lib0[t], d.add(devFn{name: fmt.Sprintf("m%d_%d", t, j), tu: t, kind: kindLib0}))
		}
		for j := 0; j < n1; j++ {
			d.lib1[t] = append(d.lib1[t], d.add(devFn{name: fmt.Sprintf("lib%d_%d", t, j), tu: t, kind: kindLib1}))
		}
		priv[t] = make([][]int, kernels)
		for k := 0; k < kernels; k++ {
			for j := k * private / kernels; j < (k+1)*private/kernels; j++ {
				priv[t][k] = append(priv[t][k], d.add(devFn{name: fmt.Sprintf("h%d_%d", t, j), tu: t, kind: kindPrivate}))
			}
		}
		for k := 0; k < kernels; k++ {
			kern[t] = append(kern[t], d.add(devFn{name: fmt.Sprintf("k%d_%d", t, k), tu: t, kind: kindKernel}))
		}
	}
	call := func(from, to int) { d.fns[from].callees = append(d.fns[from].callees, to) }
	for t := 0; t < tus; t++ {
		for _, f := range d.lib1[t] {
			call(f, pickLib(r, d.lib0, t))
			if r.Intn(10) < 3 {
				call(f, pickLib(r, d.lib0, t))
			}
		}
		for k := 0; k < kernels; k++ {
			tree := priv[t][k]
			// Node q calls q's children 2q+2 and 2q+3: the kernel calls
			// roots 0 and 1.
			for q := 2; q < len(tree); q++ {
				call(tree[q/2-1], tree[q])
			}
			for _, h := range tree {
				if r.Intn(8) == 0 {
					call(h, pickLib(r, d.lib0, t))
				}
			}
			kf := kern[t][k]
			for q := 0; q < 2 && q < len(tree); q++ {
				call(kf, tree[q])
			}
			if prev := k - 1; prev >= 0 && r.Intn(10) < 3 && len(priv[t][prev]) > 0 {
				// A subtree shared with the previous kernel.
				q := 2
				if q >= len(priv[t][prev]) {
					q = 0
				}
				call(kf, priv[t][prev][q])
			}
			call(kf, pickLib(r, d.lib1, t))
			if r.Intn(10) < 3 {
				call(kf, pickLib(r, d.lib1, t))
			}
		}
	}
	return d
}

// stats reports how many helpers each kernel reaches and how many helpers
// more than one kernel reaches.
func (d *devGraph) stats() string {
	users := make([]int, len(d.fns))
	seen := make([]int, len(d.fns))
	for i := range seen {
		seen[i] = -1
	}
	var reach []int
	total := 0
	for i, f := range d.fns {
		if f.kind != kindKernel {
			continue
		}
		n := 0
		stack := append([]int(nil), f.callees...)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[j] == i {
				continue
			}
			seen[j] = i
			n++
			users[j]++
			stack = append(stack, d.fns[j].callees...)
		}
		reach = append(reach, n)
		total += n
	}
	sort.Ints(reach)
	helpers, shared, unused := 0, 0, 0
	for i, f := range d.fns {
		if f.kind == kindKernel {
			continue
		}
		helpers++
		switch {
		case users[i] > 1:
			shared++
		case users[i] == 0:
			unused++
		}
	}
	return fmt.Sprintf("gen: %d kernels, %d helpers (%d functions); a kernel reaches %.1f helpers on average (min %d, median %d, max %d); %d helpers reached by several kernels, %d by none",
		len(reach), helpers, len(d.fns), float64(total)/float64(len(reach)), reach[0], reach[len(reach)/2], reach[len(reach)-1], shared, unused)
}

func writeDevice(out string, r *rand.Rand, tus, kernels, helpers int) error {
	d := buildDevice(r, tus, kernels, helpers)
	for t := 0; t < tus; t++ {
		if err := writeDeviceTU(filepath.Join(out, fmt.Sprintf("tu%02d.cl", t)), r, d, t); err != nil {
			return err
		}
	}
	fmt.Fprintln(os.Stderr, d.stats())
	return nil
}

// Signatures: library math leaves take values; every other helper takes a
// generic pointer (global memory, as SYCL code passes accessors' pointers),
// a local-memory pointer and two values.
func prototype(f *devFn) string {
	if f.kind == kindLib0 {
		return "float " + f.name + "(float x, int i)"
	}
	return "float " + f.name + "(float *p, __local float *l, float x, int i)"
}

var builtins = []string{"sqrt(fabs(%s))", "exp(-fabs(%s))", "sin(%s)", "fabs(%s)", "log1p(fabs(%s))", "fma(%s, 0.5f, 1.0f)"}

// bodyStmt writes one of a helper's statements on a, its value.
func bodyStmt(b *strings.Builder, r *rand.Rand, t int) {
	switch r.Intn(6) {
	case 0:
		fmt.Fprintf(b, "  for (int j = 0; j < %d; ++j) a = a * 0.%d5f + p[(i + j * %d) & 1023];\n", 2+r.Intn(5), r.Intn(10), 1+r.Intn(7))
	case 1:
		fmt.Fprintf(b, "  p[(i ^ %d) & 1023] = a * %d.25f;\n", r.Intn(1024), r.Intn(9))
	case 2:
		fmt.Fprintf(b, "  l[i & 63] = a;\n  a += l[(i + %d) & 63];\n", 1+r.Intn(63))
	case 3:
		fmt.Fprintf(b, "  a += ctab%d[(i + %d) & 63] * x;\n", t, r.Intn(64))
	case 4:
		fmt.Fprintf(b, "  if (a > %d.0f) a = a - p[i & 1023]; else a = a + %d.0f;\n", r.Intn(100), 1+r.Intn(9))
	case 5:
		fmt.Fprintf(b, "  {\n    float q[4];\n    for (int j = 0; j < 4; ++j) q[j] = a + (float)(i * j + %d);\n    a = q[(i + %d) & 3];\n  }\n", r.Intn(100), r.Intn(4))
	}
}

func writeCall(b *strings.Builder, r *rand.Rand, f *devFn, args string) {
	if f.kind == kindLib0 {
		fmt.Fprintf(b, "  a += %s(a, i ^ %d);\n", f.name, r.Intn(64))
		return
	}
	fmt.Fprintf(b, "  a = %s(%s, a, i + %d);\n", f.name, args, r.Intn(16))
}

func writeDeviceTU(path string, r *rand.Rand, d *devGraph, t int) error {
	var b strings.Builder
	p := func(format string, args ...interface{}) { fmt.Fprintf(&b, format, args...) }
	p("// Generated by tests/bench/split/gen -shape device: TU %d.\n", t)
	// static: a namespace-scope const table has internal linkage in C++.
	p("static __constant float ctab%d[64] = {", t)
	for i := 0; i < 64; i++ {
		if i > 0 {
			p(", ")
		}
		p("%d.%df", r.Intn(100), r.Intn(10))
	}
	p("};\n\n")
	// Prototypes of every callee (library helpers of other TUs included).
	protos := map[int]bool{}
	for _, i := range d.byTU[t] {
		for _, c := range d.fns[i].callees {
			protos[c] = true
		}
	}
	var names []int
	for c := range protos {
		names = append(names, c)
	}
	sort.Ints(names)
	for _, c := range names {
		p("%s;\n", prototype(&d.fns[c]))
	}
	p("\n")
	for _, i := range d.byTU[t] {
		f := &d.fns[i]
		switch f.kind {
		case kindLib0:
			p("__attribute__((noinline)) %s {\n", prototype(f))
			p("  float a = x * %d.5f + ctab%d[(i + %d) & 63];\n", r.Intn(9), t, r.Intn(64))
			p("  a = "+builtins[r.Intn(len(builtins))]+" + (float)(i & %d);\n", "a", r.Intn(64))
			if r.Intn(2) == 0 {
				p("  a = a * "+builtins[r.Intn(len(builtins))]+";\n", "x")
			}
			p("  return a;\n}\n\n")
		case kindLib1, kindPrivate:
			p("__attribute__((noinline)) %s {\n", prototype(f))
			p("  float a = x + (float)(i & %d);\n", r.Intn(64))
			for s := 1 + r.Intn(4)/3; s > 0; s-- {
				bodyStmt(&b, r, t)
			}
			for _, c := range f.callees {
				writeCall(&b, r, &d.fns[c], "p, l")
			}
			p("  return a;\n}\n\n")
		case kindKernel:
			if r.Intn(5) == 0 {
				p("__attribute__((reqd_work_group_size(%d, 1, 1)))\n", 16<<uint(r.Intn(3)))
			}
			p("__kernel void %s(__global float *out, __global const float *in, __local float *tmp, int n) {\n", f.name)
			p("  int i = get_global_id(0);\n  int lid = get_local_id(0);\n")
			p("  tmp[lid] = in[i];\n  barrier(CLK_LOCAL_MEM_FENCE);\n")
			p("  float a = tmp[(lid + %d) %% get_local_size(0)];\n", 1+r.Intn(7))
			for _, c := range f.callees {
				writeCall(&b, r, &d.fns[c], "out, tmp")
			}
			p("  out[i] = a + in[(i + n) & 1023];\n}\n\n")
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(b.String())
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
