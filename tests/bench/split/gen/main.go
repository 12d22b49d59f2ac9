// Command gen writes the OpenCL C sources of the splitter benchmark: a
// device program of -tus translation units, each with -kernels kernels and
// -helpers noinline helper functions, deterministic for given flags.
//
// Two shapes (-shape):
//
// "tu" (the default; tests/bench/split's original module), meant to
// resemble a SYCL application after llvm-link:
//   - helpers of a TU form clusters of 50; a helper calls one
//     lower-numbered helper of its cluster, and sometimes one of the TU's
//     ten leaf "utility" helpers;
//   - helpers have external linkage (as SYCL_EXTERNAL / linkonce_odr
//     template code would), so none is dropped before the link;
//   - every TU exports a few "lib" helpers that kernels of the next two TUs
//     call (cross-TU edges), and reads a __constant table (globals);
//   - some kernels carry reqd_work_group_size.
//
// Its kernels reach about 20 small helpers each, through the cluster
// chains (20.5 per image, as tests/bench/split/run.sh counts them).
//
// "device": device code at scale, as issue 30 describes it: each kernel's
// call graph reaches about 10 helpers, some of them shared between kernels.
//   - each kernel owns a tree of private helpers (-helpers * 6/10 per TU,
//     split evenly over the TU's kernels): it calls the two roots, a helper
//     calls its children;
//   - some kernels also call a subtree of the previous kernel's helpers (as
//     template code instantiated for both);
//   - the rest are library helpers (SYCL_EXTERNAL-style, any TU may call
//     them): "lib1" ones, called by kernels, calling one or two "lib0" math
//     leaves (which private helpers call now and then too); the callee's TU
//     is the caller's half the time, any TU otherwise, and low-numbered
//     library helpers are picked more often (a few hot ones, many cold);
//   - bodies read and write memory through generic, global, local and
//     constant address-space pointers (loops, a work-group barrier in the
//     kernels, OpenCL builtin calls); each TU reads its own internal
//     __constant table (C++ namespace-scope const arrays are internal);
//   - some kernels carry reqd_work_group_size.
//
// "sycl": the "device" shape's call graph written directly as the LLVM 15
// IR of SYCL C++ device code on issue 30's device-link path (one file,
// module.ll; see sycl.go): what the splitter sees when it serves SYCL C++.
//
// It prints how many helpers the kernels reach on standard error.
//
// Usage: gen -out DIR [-shape tu|device|sycl] [-tus 20 -kernels 100 -helpers 1010 -seed 1]
// [-stmts N -shared N (sycl only: statements per helper, a chain of
// library helpers every kernel calls)]
// (-helpers defaults to 1010 for "tu", 1000 for "device" and "sycl": 22,200 and
// 22,000 functions).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
)

const (
	clusterSize = 50
	leaves      = 10
	libsPerTU   = 10
)

func main() {
	out := flag.String("out", "", "output directory")
	tus := flag.Int("tus", 20, "translation units")
	kernels := flag.Int("kernels", 100, "kernels per TU")
	helpers := flag.Int("helpers", 0, "helpers per TU (including exported lib helpers; default 1010 for tu, 1000 for device)")
	seed := flag.Int64("seed", 1, "random seed")
	shape := flag.String("shape", "tu", "tu|device|sycl (see the package comment)")
	flag.IntVar(&syclStmts, "stmts", -1, "sycl shape: statements per helper besides its calls (-1: one or two)")
	flag.IntVar(&syclShared, "shared", 0, "sycl shape: a chain of this many library helpers every kernel calls")
	flag.Parse()
	if *helpers == 0 {
		*helpers = 1010
		if *shape == "device" || *shape == "sycl" {
			*helpers = 1000
		}
	}
	usage := func() {
		fmt.Fprintln(os.Stderr, "usage: gen -out DIR [-shape tu|device|sycl] [-tus N -kernels N -helpers N -seed S] (tu: helpers >= 60; device: helpers >= 10, kernels >= 1)")
		os.Exit(2)
	}
	switch {
	case *out == "" || *tus < 1:
		usage()
	case *shape == "tu" && *helpers < clusterSize+libsPerTU:
		usage()
	case (*shape == "device" || *shape == "sycl") && (*helpers < 10 || *kernels < 1):
		usage()
	case *shape != "tu" && *shape != "device" && *shape != "sycl":
		usage()
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	r := rand.New(rand.NewSource(*seed))
	if *shape == "sycl" {
		if err := writeSycl(*out, r, *tus, *kernels, *helpers); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *shape == "device" {
		if err := writeDevice(*out, r, *tus, *kernels, *helpers); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	for t := 0; t < *tus; t++ {
		path := filepath.Join(*out, fmt.Sprintf("tu%02d.cl", t))
		if err := writeTU(path, r, t, *tus, *kernels, *helpers); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func writeTU(path string, r *rand.Rand, t, tus, kernels, helpers int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	p := func(format string, args ...interface{}) { fmt.Fprintf(w, format, args...) }
	local := helpers - libsPerTU
	p("// Generated by tests/bench/split/gen: TU %d.\n", t)
	p("__constant float tab%d[64] = {", t)
	for i := 0; i < 64; i++ {
		if i > 0 {
			p(", ")
		}
		p("%d.%df", r.Intn(100), r.Intn(10))
	}
	p("};\n")
	// Exported helpers of the two previous TUs, called by this TU's kernels.
	for _, d := range []int{1, 2} {
		if t-d < 0 {
			continue
		}
		for j := 0; j < libsPerTU; j++ {
			p("float lib%d_%d(float x, int n);\n", t-d, j)
		}
	}
	p("\n")
	for i := 0; i < local; i++ {
		p("__attribute__((noinline)) float h%d_%d(float x, int n) {\n", t, i)
		p("  float a = x * %d.5f + (float)(n ^ %d);\n", r.Intn(9)+1, r.Intn(1000))
		if r.Intn(3) == 0 {
			p("  a += tab%d[(n + %d) & 63];\n", t, r.Intn(64))
		}
		if i >= leaves {
			base := i - i%clusterSize
			if base < leaves {
				base = leaves
			}
			if i > base {
				callee := base + r.Intn(i-base)
				p("  a = h%d_%d(a, n + 1);\n", t, callee)
			}
			if r.Intn(4) == 0 {
				p("  a = a * h%d_%d(a, n) - 1.0f;\n", t, r.Intn(leaves))
			}
		}
		p("  return a;\n}\n\n")
	}
	for j := 0; j < libsPerTU; j++ {
		p("__attribute__((noinline)) float lib%d_%d(float x, int n) {\n", t, j)
		p("  return h%d_%d(x, n) + h%d_%d(x, n + 1);\n}\n\n", t, leaves+r.Intn(local-leaves), t, r.Intn(leaves))
	}
	for k := 0; k < kernels; k++ {
		if r.Intn(5) == 0 {
			p("__attribute__((reqd_work_group_size(%d, 1, 1)))\n", 16<<uint(r.Intn(3)))
		}
		p("__kernel void k%d_%d(__global float *out, __global const float *in, int n) {\n", t, k)
		p("  int i = get_global_id(0);\n  float a = in[i];\n")
		calls := 2 + r.Intn(4)
		for c := 0; c < calls; c++ {
			p("  a = h%d_%d(a, n + %d);\n", t, leaves+r.Intn(local-leaves), c)
		}
		if t > 0 && r.Intn(3) == 0 {
			d := 1
			if t > 1 && r.Intn(2) == 0 {
				d = 2
			}
			p("  a += lib%d_%d(a, n);\n", t-d, r.Intn(libsPerTU))
		}
		p("  out[i] = a;\n}\n\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
