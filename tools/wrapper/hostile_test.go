package main

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// TestInterruptRemovesCompressionTemp: SIGTERM while -offload-compress
// compresses a large image removes the compressed temporary file and
// leaves no output (issue 14 item 7: a 256 MB .zst temporary stayed).
func TestInterruptRemovesCompressionTemp(t *testing.T) {
	dir := t.TempDir()
	// 32 MiB of low-entropy noise: level 19 takes seconds on it.
	img := make([]byte, 32<<20)
	r := rand.New(rand.NewSource(1))
	for i := range img {
		img[i] = byte(r.Intn(16))
	}
	copy(img, "\x03\x02\x23\x07")
	if err := os.WriteFile(filepath.Join(dir, "big.spv"), img, 0o644); err != nil {
		t.Fatal(err)
	}
	// Absolute paths: the child's test main may change directory.
	cmd := proctest.Command("-o", filepath.Join(dir, "w.o"), "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv",
		"--offload-compress", "--offload-compression-level=19", filepath.Join(dir, "big.spv"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !proctest.WaitFor(20*time.Second, time.Millisecond, func() bool { return proctest.Staged(filepath.Join(dir, ".staging-*", "*zst*")) }) {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no compressed temporary appeared; stderr: %s", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	if !proctest.DiedOf(cmd.ProcessState, syscall.SIGTERM) {
		t.Errorf("wrapper did not die of SIGTERM: %v; stderr: %s", err, stderr.String())
	}
	var names []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"big.spv"}, names); diff != "" {
		t.Errorf("directory after the interrupted run (-want +got):\n%s", diff)
	}
}
