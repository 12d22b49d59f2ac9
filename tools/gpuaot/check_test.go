package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheck(t *testing.T) {
	oc := ocloc(t)
	chdir(t)
	writeFile(t, "other.sym", "vadd\nnope\n")
	table := func(name string, rows ...string) string {
		return writeFile(t, name, "[Code|Properties|Symbols]\n"+strings.Join(rows, "\n")+"\n")
	}
	for _, tc := range []struct {
		name       string
		args       []string
		wantRC     int
		wantStdout string
		wantStderr string
	}{
		{name: "pvc", args: []string{"-device=pvc", "-ip=12.60.7", table("pvc.table", "pvc.zebin|a.prop|kernels.sym", "pvc.zebin|b.prop|kernels.sym")},
			wantStdout: "ok   pvc.zebin: pvc 12.60.7, zebin 1.73, 2 kernels, disassembled\nok   pvc.zebin: pvc 12.60.7, zebin 1.73, 2 kernels, disassembled\ngpuaot check: 2 zebins for pvc (12.60.7): 2 ok, 0 failed\n"},
		{name: "two tables", args: []string{"-device=bmg-g21", "-ip=20.1.0", table("bmg.table", "bmg-g21.zebin|a.prop|kernels.sym"), "bmg.table"},
			wantStdout: "ok   bmg-g21.zebin: bmg-g21 20.1.0, zebin 1.73, 2 kernels, disassembled\nok   bmg-g21.zebin: bmg-g21 20.1.0, zebin 1.73, 2 kernels, disassembled\ngpuaot check: 2 zebins for bmg-g21 (20.1.0): 2 ok, 0 failed\n"},
		{name: "every failure", args: []string{"-device=pvc", "-ip=12.60.7", table("bad.table",
			"pvc.zebin|a.prop|kernels.sym",
			"bmg-g21.zebin|a.prop|kernels.sym",
			"nokernels.zebin|a.prop|kernels.sym",
			"pvc.zebin|a.prop|other.sym",
			"kernels.spv|a.prop|kernels.sym",
			"nosuch.zebin|a.prop|kernels.sym",
			"pvc.zebin|a.prop|nosuch.sym")},
			wantRC: 1,
			wantStdout: `ok   pvc.zebin: pvc 12.60.7, zebin 1.73, 2 kernels, disassembled
FAIL bmg-g21.zebin: built for IP version 20.1.0 (product family 1274), not 12.60.7 (pvc)
FAIL nokernels.zebin: lacks kernels "vadd", "scale" (2 of 2) of kernels.sym
FAIL pvc.zebin: lacks kernel "nope" of other.sym
FAIL kernels.spv: not an ELF file
FAIL nosuch.zebin: no such file or directory
FAIL pvc.zebin: nosuch.sym: no such file or directory
gpuaot check: 7 zebins for pvc (12.60.7): 1 ok, 6 failed
`,
			wantStderr: "gpuaot: bmg-g21.zebin: built for IP version 20.1.0 (product family 1274), not 12.60.7 (pvc) (and 5 more images failed)\n"},
		// The IP version right, the device wrong: ocloc disasm exits 0
		// but cannot translate the kernels.
		// (bmg-g21's zebin with -device pvc; pvc's with -device bmg-g21 is
		// translated.)
		{name: "disasm for another device", args: []string{"-device=pvc", "-ip=20.1.0", table("bmg-as-pvc.table", "bmg-g21.zebin|a.prop|kernels.sym")},
			wantRC:     1,
			wantStdout: "FAIL bmg-g21.zebin: ocloc disasm -device pvc wrote no assembly of kernel \"vadd\" (a zebin for another device?)\ngpuaot check: 1 zebin for pvc (20.1.0): 0 ok, 1 failed\n",
			wantStderr: "gpuaot: bmg-g21.zebin: ocloc disasm -device pvc wrote no assembly of kernel \"vadd\" (a zebin for another device?)\n"},
		{name: "no Symbols column", args: []string{"-device=pvc", "-ip=12.60.7", writeFile(t, "nosym.table", "[Code|Properties]\npvc.zebin|a.prop\n")},
			wantRC: 1, wantStderr: "gpuaot: nosym.table: no Symbols column: the kernels of the images cannot be checked\n"},
		{name: "no table", args: []string{"-device=pvc", "-ip=12.60.7", "nosuch.table"},
			wantRC: 1, wantStderr: "gpuaot: nosuch.table: no such file or directory\n"},
		{name: "bad IP", args: []string{"-device=pvc", "-ip=12.60", "x.table"},
			wantRC: 1, wantStderr: "gpuaot: check: -ip: IP version \"12.60\": want major.minor.revision (e.g. 12.60.7)\n"},
		{name: "no IP", args: []string{"-device=pvc", "x.table"},
			wantRC: 1, wantStderr: "gpuaot: check: -ip is required: the IP version of the device (ocloc ids DEV)\n"},
		{name: "no tables", args: []string{"-device=pvc", "-ip=12.60.7"},
			wantRC: 1, wantStderr: "gpuaot: check: no file table to check\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rc, stdout, stderr := runTool(append([]string{"check", "-ocloc=" + oc}, tc.args...)...)
			if rc != tc.wantRC {
				t.Errorf("gpuaot check = %d, want %d (stderr %q)", rc, tc.wantRC, stderr)
			}
			if d := cmp.Diff(tc.wantStdout, stdout); d != "" {
				t.Errorf("stdout (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.wantStderr, stderr); d != "" {
				t.Errorf("stderr (-want +got):\n%s", d)
			}
		})
	}
}

// ocloc disasm failing (a stand-in: the real one exits 0 for every zebin
// this test has).
func TestCheckDisasmFails(t *testing.T) {
	chdir(t)
	writeFile(t, "pvc.table", "[Code|Symbols]\npvc.zebin|kernels.sym\n")
	oc := fakeOcloc(t, "echo 'Error: cannot disassemble'; exit 3")
	rc, _, stderr := runTool("check", "-ocloc="+oc, "-device=pvc", "-ip=12.60.7", "pvc.table")
	want := "gpuaot: pvc.zebin: ocloc disasm failed for pvc (exit 3): Error: cannot disassemble\n"
	if rc != 1 || stderr != want {
		t.Errorf("gpuaot check = %d, stderr %q; want 1, %q", rc, stderr, want)
	}
	// Its temporary directory is gone.
	left, _ := filepath.Glob(filepath.Join(os.TempDir(), "gpuaot-disasm-*"))
	if len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
