package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

func writeBundle(t *testing.T, name string, entries ...offloadbundle.Entry) {
	t.Helper()
	data, err := (&offloadbundle.Bundle{Entries: entries}).Bytes(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Entry IDs with escape sequences or bidi overrides list quoted and are
// never used as file names; errors about them stay short.
func TestHostileEntryIDs(t *testing.T) {
	chdir(t, t.TempDir())
	esc := "sycl-spir64\x1b[2J"
	rtl := "sycl-spir64\u202egnp"
	long := "sycl-" + strings.Repeat("k", 1<<20)
	writeBundle(t, "b.bc", offloadbundle.Entry{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("h")},
		offloadbundle.Entry{ID: esc, Data: []byte("e")}, offloadbundle.Entry{ID: rtl, Data: []byte("r")})
	got := runOK(t, "list", "-type=bc", "-input=b.bc")
	want := "host-x86_64-unknown-linux-gnu\n\"sycl-spir64\\x1b[2J\"\n\"sycl-spir64\\u202egnp\"\n"
	if got != want {
		t.Errorf("list:\n%q\nwant\n%q", got, want)
	}
	if out := runOK(t, "inspect", "b.bc"); strings.ContainsAny(out, "\x1b\u202e") {
		t.Errorf("inspect printed a raw escape or override:\n%q", out)
	}
	// -json too: escaped, and still the same IDs once decoded.
	js := runOK(t, "inspect", "-json", "b.bc")
	if strings.ContainsAny(js, "\x1b\u202e") || !strings.Contains(js, `sycl-spir64\u202egnp`) {
		t.Errorf("inspect -json printed a raw escape or override:\n%q", js)
	}
	var rep struct {
		Bundle struct {
			Entries []struct{ ID string }
		}
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil || len(rep.Bundle.Entries) != 3 || rep.Bundle.Entries[2].ID != rtl {
		t.Errorf("inspect -json: %v, entries %+v", err, rep.Bundle.Entries)
	}
	for _, id := range []string{esc, rtl} {
		err := run([]string{"unbundle", "-type=bc", "-input=b.bc", "-targets=" + id, "-output-dir=out"}, &bytes.Buffer{})
		if err == nil || strings.ContainsAny(err.Error(), "\x1b\u202e") {
			t.Errorf("unbundle %q: err %v", id, err)
		}
		if _, serr := os.Stat("out"); !os.IsNotExist(serr) {
			t.Errorf("unbundle %q left out/ behind", id)
		}
	}
	writeBundle(t, "long.bc", offloadbundle.Entry{ID: long, Data: []byte("l")})
	err := run([]string{"unbundle", "-type=bc", "-input=long.bc", "-output-dir=out"}, &bytes.Buffer{})
	if err == nil || len(errtext.ToolLine("bundler", err.Error())) > 500 {
		t.Errorf("1 MiB ID: error of %d bytes", len(errtext.ToolLine("bundler", err.Error())))
	}
}

// Names of 241-255 bytes are refused before anything is written (the
// temporary file beside them would not fit in 255 bytes).
func TestLongOutputNameRefusedUpFront(t *testing.T) {
	chdir(t, t.TempDir())
	id := "sycl-" + strings.Repeat("t", 235) // 240 bytes, 243 with ".bc"
	writeBundle(t, "b.bc", offloadbundle.Entry{ID: id, Data: []byte("x")})
	err := run([]string{"unbundle", "-type=bc", "-input=b.bc", "-output-dir=out"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "243 bytes, longer than 240") {
		t.Errorf("err %v", err)
	}
	if _, serr := os.Stat("out"); !os.IsNotExist(serr) {
		t.Error("out/ was created")
	}
}

// The decompression budget covers every container of the process, is set
// by -max-decompressed or RULES_SYCL_MAX_DECOMPRESSED, and is refused
// before anything is allocated.
func TestDecompressionBudget(t *testing.T) {
	chdir(t, t.TempDir())
	one := &offloadbinary.Binary{Version: 3, Compressed: true, Entries: []offloadbinary.Entry{{ImageKind: offloadbinary.ImageSPIRV, Image: make([]byte, 600<<10)}}}
	bin, err := offloadbinary.Concat([]*offloadbinary.Binary{one, one, one}, offloadbinary.WriteOptions{Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("three.offload", bin, 0o644)
	runOK(t, "-max-decompressed=2M", "inspect", "three.offload")
	err = run([]string{"-max-decompressed=1M", "inspect", "three.offload"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "decompression budget") {
		t.Errorf("1M for 3 x 600K: %v", err)
	}
	t.Setenv(inflate.EnvVar, "1M")
	if err := run([]string{"inspect", "three.offload"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "decompression budget") {
		t.Errorf("%s=1M: %v", inflate.EnvVar, err)
	}
	runOK(t, "-max-decompressed", "4M", "inspect", "three.offload") // the flag wins
	if err := run([]string{"-max-decompressed=lots", "inspect", "three.offload"}, &bytes.Buffer{}); err == nil {
		t.Error("bad size accepted")
	}
	// mkccob.py: a CCOB declaring 4 GiB.
	ccob, err := offloadbundle.Compress(make([]byte, 64), offloadbundle.CompressedV2, 1)
	if err != nil {
		t.Fatal(err)
	}
	le := ccob[12:16]
	le[0], le[1], le[2], le[3] = 0xff, 0xff, 0xff, 0xff
	os.WriteFile("c.bc", ccob, 0o644)
	if err := run([]string{"list", "-type=bc", "-input=c.bc"}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "decompression budget") {
		t.Errorf("4 GiB CCOB: %v", err)
	}
}

// The wrapper writes entry names of any length; inspect reads them.
func TestInspectLongEntryName(t *testing.T) {
	chdir(t, t.TempDir())
	long := strings.Repeat("n", 1<<20)
	o, err := descriptor.Build([]descriptor.Image{{Target: "spir64", Format: descriptor.FormatSPIRV, Entries: []string{long},
		Data: elfobj.Source{Size: 4, Name: "m", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader("\x03\x02\x23\x07")), nil
		}}}}, descriptor.Options{Machine: elfobj.X86_64})
	if err != nil {
		t.Fatal(err)
	}
	var obj bytes.Buffer
	if err := o.Write(&obj); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("w.o", obj.Bytes(), 0o644)
	out := runOK(t, "inspect", "-json", "w.o")
	if !strings.Contains(out, long) {
		t.Error("inspect -json lacks the 1 MiB entry name")
	}
}

// overlappingOffloadBinary mirrors ../shared/redteam/mkob.py: every entry
// claims the whole binary as its image.
func overlappingOffloadBinary(size int) []byte {
	le := binary.LittleEndian
	n := (size - 32) / 40
	b := make([]byte, size)
	copy(b, offloadbinary.Magic[:])
	le.PutUint32(b[4:], 2)
	le.PutUint64(b[8:], uint64(size))
	le.PutUint64(b[16:], 32)
	le.PutUint64(b[24:], uint64(n))
	for i := 0; i < n; i++ {
		e := b[32+40*i:]
		le.PutUint16(e, uint16(offloadbinary.ImageSPIRV))
		le.PutUint16(e[2:], uint16(offloadbinary.OffloadSYCL))
		le.PutUint64(e[32:], uint64(size))
	}
	return b
}

// Overlapping OffloadBinary entries are refused however they arrive: bare,
// as a SYCLBIN v2 candidate, or in an ELF .llvm.offloading section; and
// unpack writes nothing (it wrote 1,637 files from 64 KiB).
func TestOverlappingOffloadBinary(t *testing.T) {
	chdir(t, t.TempDir())
	ob := overlappingOffloadBinary(64 << 10)
	os.WriteFile("ob.bin", ob, 0o644)
	o := elfobj.New(elfobj.X86_64)
	o.AddSection(".llvm.offloading", 0x6fff4c03, 0, 8).Append(ob)
	var obj bytes.Buffer
	if err := o.Write(&obj); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("ob.o", obj.Bytes(), 0o644)
	for _, args := range [][]string{{"inspect", "ob.bin"}, {"inspect", "-json", "ob.o"}, {"offload-binary", "unpack", "-input=ob.bin", "-output-dir=out"}} {
		err := run(args, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "entry 1: image [0, +65536) overlap those of entry 0") {
			t.Errorf("%v: %v", args, err)
		}
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Error("unpack left out/ behind")
	}
}

// TestInterruptedUnbundleLeavesNothing: SIGTERM while unbundle writes its
// outputs removes what it staged and the output directory it created, and
// leaves no temporary file (issue 14 item 7: a .tmp and one output stayed).
func TestInterruptedUnbundleLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	// Enough entries that staging them takes a while: the signal comes
	// while some are staged and others are not yet.
	entries := []offloadbundle.Entry{{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("h")}}
	for i := 0; i < 20000; i++ {
		entries = append(entries, offloadbundle.Entry{ID: fmt.Sprintf("sycl-spir64-unknown-unknown-k%05d", i), Data: bytes.Repeat([]byte{byte(i)}, 4096)})
	}
	b := &offloadbundle.Bundle{Entries: entries}
	data, err := b.Bytes(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "in.bc"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := proctest.Command("unbundle", "-type=bc", "-input="+filepath.Join(dir, "in.bc"), "-output-dir="+out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !proctest.WaitFor(20*time.Second, time.Millisecond, func() bool { return proctest.Staged(filepath.Join(out, ".staging-*", "*")) }) {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("no staged output appeared; stderr: %s", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	if !proctest.DiedOf(cmd.ProcessState, syscall.SIGTERM) {
		// It may have finished first; then every output must be there.
		if err == nil {
			t.Skipf("unbundle finished before the signal")
		}
		t.Errorf("bundler did not die of SIGTERM: %v; stderr: %s", err, stderr.String())
	}
	if got := listDir(t, dir); len(got) != 1 || got[0] != "in.bc" {
		if len(got) > 4 {
			got = append(got[:4], fmt.Sprintf("... (%d in all)", len(got)))
		}
		t.Errorf("after the interrupted run: %v, want only in.bc", got)
	}
}
