package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

var spirvVal = flag.String("spirv-val", "", "spirv-val of SPIRV-Tools 2026.4 (sid's)")

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

func validate(t *testing.T, path string) error {
	t.Helper()
	if *spirvVal == "" {
		t.Fatal("-spirv-val is required")
	}
	out, err := exec.Command(proctest.Runfile(*spirvVal), path).CombinedOutput()
	if err != nil {
		return &validationError{strings.SplitN(strings.TrimSpace(string(out)), "\n", 2)[0]}
	}
	return nil
}

type validationError struct{ first string }

func (e *validationError) Error() string { return e.first }

// The images are what llvm-spirv 22.1.0 wrote for tests/idioms' programs on
// the device link: spirv-val 2026.4 rejects each, and accepts what
// spirvdedup makes of it, which is the golden file.
func TestTranslatorImages(t *testing.T) {
	for _, tc := range []struct {
		image, rejected string
	}{
		{"group_copies", "Duplicate non-aggregate type declarations are not allowed. Opcode: TypeEvent"},
		{"rounding_conversions", "decorated with FPRoundingMode multiple times is not allowed"},
	} {
		t.Run(tc.image, func(t *testing.T) {
			in := filepath.Join("testdata", tc.image+".spv")
			err := validate(t, in)
			if err == nil || !strings.Contains(err.Error(), tc.rejected) {
				t.Fatalf("spirv-val %s: %v, want %q", in, err, tc.rejected)
			}
			out := filepath.Join(t.TempDir(), "out.spv")
			var stdout, stderr bytes.Buffer
			if rc := run([]string{"-o", out, in}, &stdout, &stderr); rc != 0 {
				t.Fatalf("rc %d: %s", rc, stderr.String())
			}
			if stdout.Len()+stderr.Len() > 0 {
				t.Errorf("output %q %q, want none", stdout.String(), stderr.String())
			}
			if err := validate(t, out); err != nil {
				t.Errorf("spirv-val of the output: %v", err)
			}
			got, _ := os.ReadFile(out)
			want, err := os.ReadFile(filepath.Join("testdata", tc.image+".golden.spv"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s.golden.spv", tc.image)
			}
		})
	}
}

// In place (foreach --then): a changed image is replaced, an unchanged one
// is not written at all.
func TestInPlace(t *testing.T) {
	dir := t.TempDir()
	changed := filepath.Join(dir, "a.spv")
	data, _ := os.ReadFile("testdata/group_copies.spv")
	os.WriteFile(changed, data, 0o644)
	golden, _ := os.ReadFile("testdata/group_copies.golden.spv")
	var stderr bytes.Buffer
	if rc := run([]string{changed}, &stderr, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	got, _ := os.ReadFile(changed)
	if !bytes.Equal(got, golden) {
		t.Errorf("in place: not the golden output")
	}
	before, _ := os.Stat(changed)
	time.Sleep(10 * time.Millisecond)
	if rc := run([]string{changed, "-o", changed}, &stderr, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	after, _ := os.Stat(changed)
	if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("an image with nothing to remove was rewritten")
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"a.spv"}, names); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// Bad input: one line naming the file, exit 1, nothing written, the input
// unchanged.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.spv")
	text := filepath.Join(dir, "text.spv")
	os.WriteFile(text, []byte("; SPIR-V, as text, not!\n"), 0o644) // 24 bytes
	image := filepath.Join(dir, "image.spv")
	data, _ := os.ReadFile("testdata/group_copies.spv")
	os.WriteFile(image, data, 0o644)
	truncated := filepath.Join(dir, "truncated.spv")
	// The header and the first word of its first instruction (OpCapability).
	os.WriteFile(truncated, data[:24], 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"/dev/zero", []string{"-o", out, "/dev/zero"}, "spirvdedup: /dev/zero: a character device, not a regular file: cannot be read as a SPIR-V image"},
		{"a missing image", []string{"-o", out, filepath.Join(dir, "none.spv")}, "spirvdedup: stat " + filepath.Join(dir, "none.spv") + ": no such file or directory"},
		{"text", []string{"-o", out, text}, "spirvdedup: " + text + ": not a SPIR-V module: magic 0x5053203b, not 0x07230203 (little-endian)"},
		{"a truncated image", []string{"-o", out, truncated}, "spirvdedup: " + truncated + ": not a SPIR-V module: an instruction of 2 words past the end (6 words) at word 5"},
		{"-o in a missing directory", []string{"-o", filepath.Join(dir, "none", "o.spv"), image}, "directory " + filepath.Join(dir, "none") + " does not exist"},
		{"no image", []string{"-o", out}, "spirvdedup: exactly one IMAGE is required"},
		{"two images", []string{image, text}, "spirvdedup: exactly one IMAGE is required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(out)
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want)
			proctest.NotWritten(t, out)
			proctest.Unchanged(t, image, data)
		})
	}
}
