// Package sycljittest finds the libsycl-jit.so a test runs against: the
// path given with the test binary's -jit flag (Bazel passes the pinned
// copy's $(rootpath)), else $SYCL_JIT_LIBRARY. Without either a test is
// skipped, unless -require-jit (Bazel's runs) makes that a failure.
package sycljittest

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

var (
	jitFlag    = flag.String("jit", "", "libsycl-jit.so.23.1 to test against")
	requireJIT = flag.Bool("require-jit", false, "fail instead of skipping without a library")
)

// Pinned is the sha256 of libsycl-jit.so.23.1 in intel-sycl-rt 2026.2.0.
const Pinned = "ba6e03d3322f8ede884ea6a1c2787d85ac7f40d26e6701bdad0009c2c5ad39f0"

// PinnedBfloat16Native and PinnedBfloat16Fallback are the sha256 of the
// bfloat16 device library's SPIR-V images that library compiles
// (rules/private/sycl_jit.bzl pins the same).
const (
	PinnedBfloat16Native   = "f764a4e75941b61fd1431f86d278676de15f3ac0fda36a01d9996615da6a9eb5"
	PinnedBfloat16Fallback = "d7a8fb99ebfc8abaf95ab356b08e60deb504d064f5c48e3d20d461d32330c935"
)

// Library returns the absolute path of the library under test.
func Library(t testing.TB) string {
	t.Helper()
	p := *jitFlag
	if p == "" {
		p = os.Getenv("SYCL_JIT_LIBRARY")
	}
	if p == "" {
		if *requireJIT {
			t.Fatal("no library: -jit is required")
		}
		t.Skip("no libsycl-jit: set SYCL_JIT_LIBRARY or -jit (bazel test runs this test with the pinned library)")
	}
	if !filepath.IsAbs(p) {
		p = proctest.Runfile(p)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

var libdeviceFlag = flag.String("libdevice", "", "NVIDIA's libdevice.10.bc, for PTX compiles")

// Libdevice returns the absolute path of the libdevice.10.bc given with
// -libdevice (Bazel passes the pinned nvidia-nvvm wheel's), else
// $SYCL_LIBDEVICE; without either the test is skipped, unless
// -require-jit.
func Libdevice(t testing.TB) string {
	t.Helper()
	p := *libdeviceFlag
	if p == "" {
		p = os.Getenv("SYCL_LIBDEVICE")
	}
	if p == "" {
		if *requireJIT {
			t.Fatal("no libdevice: -libdevice is required")
		}
		t.Skip("no libdevice.10.bc: set SYCL_LIBDEVICE or -libdevice (bazel test runs this test with the pinned one)")
	}
	if !filepath.IsAbs(p) {
		p = proctest.Runfile(p)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
