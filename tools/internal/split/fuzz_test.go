package split

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// FuzzSplit checks that grouping, extraction and property computation
// never panic on any module the reader accepts.
func FuzzSplit(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "two_tu.ll")); err == nil {
		f.Add(b)
	}
	// The property-set fixtures reach every property computation.
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "props", "*.ll"))
	for _, path := range fixtures {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("define spir_kernel void @k() {\n call void %x()\n ret void\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @k, !\"kernel\", i32 1}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := llvmir.Parse(data, "fuzz.ll")
		if err != nil {
			return
		}
		g := NewGraph(m, Options{})
		for _, mode := range []Mode{ModeKernel, ModeSource, ModeNone} {
			for _, grp := range Groups(m, Options{Mode: mode}) {
				img := g.Extract(grp)
				Properties(m, img, PropOptions{Mode: mode, ProgramMetadata: true, ExportedSymbols: true, ImportedSymbols: true, KernelNames: true, ParamInfo: true, DeviceGlobals: true})
				Symbols(img)
			}
		}
	})
}
