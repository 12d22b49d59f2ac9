package postlink

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
)

// BenchmarkRunSyclSplit runs the split Bazel's SyclSplit asks for (per
// kernel, spir64 flags, bitcode images through imagec_as when IMAGEC_AS
// names it, else text images) on the module SPLIT_BENCH_MODULE names, e.g.
// one of tests/bench/split/run.sh's (BENCH_DIR/module-device-*.ll):
//
//	SPLIT_BENCH_MODULE=... IMAGEC_AS=... go test -run - -bench RunSyclSplit \
//	    -cpuprofile cpu.out ./tools/internal/postlink
func BenchmarkRunSyclSplit(b *testing.B) {
	in := os.Getenv("SPLIT_BENCH_MODULE")
	if in == "" {
		b.Skip("SPLIT_BENCH_MODULE not set")
	}
	st, err := os.Stat(in)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	dir := b.TempDir()
	c := &Config{
		Input: in, Outputs: []Output{{File: filepath.Join(dir, "m.table")}}, OutDir: dir,
		SplitMode: "kernel", SplitGiven: true, Symbols: true, Properties: true, SpecConst: "native",
		DeviceGlobals: true, OnlyKernels: true, ParamInfo: true, ExportedSymbols: true,
		SplitESIMD: true, LowerESIMD: true, SplitByRequirements: true, IDQueriesRange: "int",
		LLVMAs: "llvm-as-15", LLVMDis: "llvm-dis-15", Imagec: os.Getenv("IMAGEC_AS"),
	}
	c.Text = c.Imagec == ""
	if err := c.Check(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		outs := atomicfile.NewStaging()
		if err := Run(c, nil, outs); err != nil {
			b.Fatal(err)
		}
		outs.Abort()
	}
}
