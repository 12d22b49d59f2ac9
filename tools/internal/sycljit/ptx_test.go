package sycljit

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
)

// ptxEntries lists the kernels (.entry) a PTX module defines.
func ptxEntries(ptx []byte) []string {
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^\.(?:weak|visible) \.entry ([A-Za-z0-9_$]+)\(`).FindAllSubmatch(ptx, -1) {
		names = append(names, string(m[1]))
	}
	return names
}

const mathKernel = `#include <sycl/sycl.hpp>
class roots;
void run(sycl::queue &q, float *p) {
  q.single_task<roots>([=] { p[0] = sycl::sqrt(p[1]) + sycl::exp(p[2]); });
}
`

// TestCompilePTX: both work-arounds applied, the self-test source gives
// one PTX image for sm_75 whose entry point is the kernel, with the
// property sets libsycl reads; libdevice resolves the math built-ins.
func TestCompilePTX(t *testing.T) {
	l := library(t)
	dir, remove, err := CUDAPath(sycljittest.Libdevice(t))
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	res, err := l.CompilePTX("check.cpp", []byte(CheckSource), []string{"-std=c++17"}, dir)
	if err != nil {
		t.Fatalf("CompilePTX: %v", err)
	}
	if len(res.Images) != 1 {
		t.Fatalf("%d images, want 1", len(res.Images))
	}
	img := res.Images[0]
	if img.Format != FormatPTX || img.AddressBits != 64 {
		t.Errorf("format %d, %d bits; want %d, 64", img.Format, img.AddressBits, FormatPTX)
	}
	if diff := cmp.Diff([]string{CheckKernel}, img.Symbols); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{CheckKernel}, ptxEntries(img.Binary)); diff != "" {
		t.Errorf("PTX entries (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(img.Binary), "\n.target "+PTXTarget+"\n") {
		t.Errorf("PTX does not target %s:\n%.300s", PTXTarget, img.Binary)
	}
	for _, set := range []string{"SYCL/kernel param opt", "SYCL/device requirements"} {
		if _, ok := img.Properties.Set(set); !ok {
			t.Errorf("no property set %s", set)
		}
	}
	if res.Log != "" {
		t.Errorf("log %q, want none", res.Log)
	}

	res, err = l.CompilePTX("math.cpp", []byte(mathKernel), []string{"-std=c++17"}, dir)
	if err != nil {
		t.Fatalf("CompilePTX: %v", err)
	}
	if ptx := string(res.Images[0].Binary); strings.Contains(ptx, "__nv_") {
		t.Errorf("PTX still calls libdevice functions: %q", regexp.MustCompile(`__nv_[a-z0-9_]+`).FindAllString(ptx, -1))
	}
}

// TestCompilePTXIR: SaveIR returns the front end's bitcode; given back as
// CachedIR it compiles to the same PTX as the source did; bitcode the
// library cannot read is a CachedIRError (it would silently compile the
// source instead).
func TestCompilePTXIR(t *testing.T) {
	l := library(t)
	dir, remove, err := CUDAPath(sycljittest.Libdevice(t))
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	args := []string{"-std=c++17"}
	saved, err := l.CompilePTXIR("math.cpp", []byte(mathKernel), args, dir, IR{Save: true})
	if err != nil {
		t.Fatalf("CompilePTXIR(Save): %v", err)
	}
	if !bytes.HasPrefix(saved.IR, []byte("BC\xc0\xde")) {
		t.Fatalf("IR is not LLVM bitcode: % x", saved.IR[:min(8, len(saved.IR))])
	}
	cached, err := l.CompilePTXIR("math.cpp", []byte(mathKernel), args, dir, IR{Cached: saved.IR})
	if err != nil {
		t.Fatalf("CompilePTXIR(Cached): %v", err)
	}
	if len(cached.Images) != 1 || !bytes.Equal(cached.Images[0].Binary, saved.Images[0].Binary) {
		t.Errorf("PTX from the cached bitcode differs from the source's")
	}
	_, err = l.CompilePTXIR("math.cpp", []byte(mathKernel), args, dir, IR{Cached: saved.IR[:len(saved.IR)/2]})
	var ce *CachedIRError
	if !errors.As(err, &ce) {
		t.Fatalf("truncated bitcode: got %v, want a CachedIRError", err)
	}
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// TestCompilePTXWithoutLibdevice: without libdevice the compile fails
// with the library's own message, not a crash.
func TestCompilePTXWithoutLibdevice(t *testing.T) {
	l := library(t)
	_, err := l.CompilePTX("check.cpp", []byte(CheckSource), []string{"-std=c++17"}, t.TempDir())
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a CompileError", err)
	}
	if !strings.Contains(ce.Log, "cannot find libdevice") {
		t.Errorf("log %q does not say libdevice is missing", ce.Log)
	}
}

// TestPTXBuildFor: a library of another sha256 gets no work-around, and one
// line names the one rules_sycl knows.
func TestPTXBuildFor(t *testing.T) {
	if _, err := ptxBuildFor("lib/libsycl-jit.so.23.1", sycljittest.Pinned); err != nil {
		t.Errorf("the pinned library: %v", err)
	}
	_, err := ptxBuildFor("lib/libsycl-jit.so.23.1", "00ff")
	want := "lib/libsycl-jit.so.23.1: sha256 00ff is not a libsycl-jit whose PTX work-arounds rules_sycl knows (intel-sycl-rt==2026.2.0 (sha256 " + sycljittest.Pinned + ")): nvptx64 SYCL C++ needs that library"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
