package imagewriter

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// writeAll runs the Writer over every group of testdata/two_tu.ll into a
// fresh directory and returns it with the first error.
func writeAll(t *testing.T, mode split.Mode, c Config) (dir string, err error) {
	t.Helper()
	src, rerr := os.ReadFile("testdata/two_tu.ll")
	if rerr != nil {
		t.Fatal(rerr)
	}
	m, perr := llvmir.Parse(src, "two_tu.ll")
	if perr != nil {
		t.Fatal(perr)
	}
	opts := split.Options{Mode: mode}
	dir = t.TempDir()
	c.Prefix = filepath.Join(dir, "m")
	for i := range c.Tables {
		c.Tables[i].File = filepath.Join(dir, c.Tables[i].File)
	}
	outs := atomicfile.NewStaging()
	w := New(m, split.NewGraph(m, opts), &Source{Data: src, Name: "two_tu.ll"}, outs, c)
	for _, grp := range split.Groups(m, opts) {
		if err = w.Write(grp); err != nil {
			break
		}
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		outs.Abort()
		return dir, err
	}
	return dir, outs.Commit()
}

// files maps each file name under dir to its text, with dir replaced by
// DIR so the golden files hold no temporary paths.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = strings.ReplaceAll(string(b), dir, "DIR")
	}
	return got
}

func TestWriterGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode split.Mode
		c    Config
	}{
		{"per_kernel_sym_prop", split.ModeKernel, Config{Text: true, Symbols: true, Properties: true, Tables: []Table{{File: "m.table"}}}},
		{"per_source_sym", split.ModeSource, Config{Text: true, Symbols: true, Tables: []Table{{File: "m.table"}}}},
		{"two_targets", split.ModeNone, Config{Text: true, Properties: true, Tables: []Table{{Target: "spir64", File: "a.table"}, {Target: "spir64_x86_64", File: "b.table"}}}},
		{"ir_only", split.ModeNone, Config{Text: true, IROnly: true, Tables: []Table{{File: "out.ll"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := writeAll(t, tc.mode, tc.c)
			if err != nil {
				t.Fatal(err)
			}
			got := files(t, dir)
			golden := filepath.Join("testdata", "golden", tc.name)
			if *update {
				os.RemoveAll(golden)
				if err := os.MkdirAll(golden, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, text := range got {
					if err := os.WriteFile(filepath.Join(golden, name), []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			want := files(t, golden)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("outputs differ from %s (-want +got; go test -update rewrites it):\n%s", golden, diff)
			}
		})
	}
}

// A failed assembly names the image, and nothing is published.
func TestWriterAssemblyFailure(t *testing.T) {
	dir, err := writeAll(t, split.ModeKernel, Config{LLVMAs: "/nonexistent/llvm-as", Tables: []Table{{File: "m.table"}}})
	var fe *FileError
	if !errors.As(err, &fe) || fe.File != filepath.Join(dir, "m_0.bc") {
		t.Fatalf("error = %v, want a *FileError for %s", err, filepath.Join(dir, "m_0.bc"))
	}
	var names []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) != 0 {
		t.Errorf("files left in %s: %v", dir, names)
	}
}

func TestWriteAfterClose(t *testing.T) {
	src := []byte("define spir_kernel void @k() {\n  ret void\n}\n")
	m, err := llvmir.Parse(src, "k.ll")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	outs := atomicfile.NewStaging()
	defer outs.Abort()
	w := New(m, split.NewGraph(m, split.Options{}), &Source{Data: src, Name: "k.ll"}, outs,
		Config{Prefix: filepath.Join(dir, "m"), Text: true, Tables: []Table{{File: filepath.Join(dir, "m.table")}}})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(split.Group{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Close = %v, want ErrClosed", err)
	}
}
