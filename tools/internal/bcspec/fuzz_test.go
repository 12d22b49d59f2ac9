package bcspec

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

// passThrough writes stand-ins for llvm-dis and llvm-as that copy standard
// input to standard output (llvm-as answers --version as LLVM 22's does):
// the fuzzer's bytes are the "disassembled" text, so that Lower's own work
// (the lowering, its errors, the reassembly of what it wrote) runs on any
// input without an LLVM installed, at the cost of two processes a run.
func passThrough(f *testing.F) Tools {
	dir := f.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			f.Fatal(err)
		}
		return p
	}
	return Tools{
		Assembler:    write("llvm-as", `if [ "$1" = --version ]; then echo "LLVM version 22.1.0"; exit 0; fi; exec cat`),
		Disassembler: write("llvm-dis", "exec cat"),
	}
}

// FuzzLower: Lower of any module text either fails with an error or
// returns the module unchanged when it reads no spec constant, and else
// exactly the text specconst's lowering wrote (reassembled by the
// stand-in), with the constants it found.
func FuzzLower(f *testing.F) {
	inputs, _ := filepath.Glob("../specconst/testdata/*.ll")
	for _, in := range inputs {
		// The inputs (NAME.ll), not the expected outputs (NAME.MODE.ll).
		if filepath.Ext(filepath.Base(in[:len(in)-3])) == "" {
			if b, err := os.ReadFile(in); err == nil {
				f.Add(b)
			}
		}
	}
	tl := passThrough(f)
	f.Fuzz(func(t *testing.T, text []byte) {
		out, res, err := Lower(text, "fuzz.cpp", tl)
		if err != nil {
			if out != nil || res != nil {
				t.Fatalf("an error (%v) with a result", err)
			}
			return
		}
		want, werr := specconst.Lower(text, "fuzz.cpp", specconst.Emulation)
		if werr != nil {
			t.Fatalf("Lower passed, specconst.Lower failed: %v", werr)
		}
		if len(res.SpecConsts) == 0 {
			if !bytes.Equal(out, text) {
				t.Fatalf("no spec constants, but the module changed")
			}
			return
		}
		if !bytes.Equal(out, want.Text) {
			t.Fatalf("out is not the lowered text (%d bytes, want %d)", len(out), len(want.Text))
		}
	})
}
