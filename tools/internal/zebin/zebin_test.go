package zebin

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/*.zebin.json from what Read returns")

// The zebins ocloc 26.27 (IGC 2.40) wrote for testdata/kernels.spv
// (testdata/make_testdata.sh); readelf -n and `ocloc ids` agree.
var golden = []struct {
	file string
	want File
}{
	{"pvc.zebin", File{
		Machine: EM_INTELGT, ProductFamily: 1271, GfxCore: 0xc08,
		IPVersion: IPVersion{12, 60, 7}, ZebinVersion: "1.73",
		Kernels: []string{"vadd", "scale"}, Functions: []string{"vadd", "scale"},
		// Every zebin's: IGC's patch token, not an image's import.
		Undefined: []string{"__INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0"},
	}},
	{"bmg-g21.zebin", File{
		Machine: EM_INTELGT, ProductFamily: 1274, GfxCore: 0xc09,
		IPVersion: IPVersion{20, 1, 0}, ZebinVersion: "1.73",
		Kernels: []string{"vadd", "scale"}, Functions: []string{"vadd", "scale"},
		// Every zebin's: IGC's patch token, not an image's import.
		Undefined: []string{"__INTEL_PATCH_CROSS_THREAD_OFFSET_OFF_R0"},
	}},
	// What ocloc writes (exit 0) for a SPIR-V module cut short: no kernel.
	{"nokernels.zebin", File{
		Machine: EM_INTELGT, ProductFamily: 1271, GfxCore: 0xc08,
		IPVersion: IPVersion{12, 60, 7}, ZebinVersion: "1.73",
	}},
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGolden(t *testing.T) {
	for _, g := range golden {
		t.Run(g.file, func(t *testing.T) {
			data := readTestdata(t, g.file)
			got, err := ReadBytes(data)
			if err != nil {
				t.Fatalf("ReadBytes: %v", err)
			}
			if d := cmp.Diff(&g.want, got); d != "" {
				t.Errorf("ReadBytes (-want +got):\n%s", d)
			}
			// Read through an *os.File (Stat gives the size) says the same.
			fh, err := os.Open(filepath.Join("testdata", g.file))
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			got2, err := Read(fh)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if d := cmp.Diff(got, got2); d != "" {
				t.Errorf("Read differs from ReadBytes (-ReadBytes +Read):\n%s", d)
			}
			// The golden JSON file, for reviewers and other tools.
			js, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			js = append(js, '\n')
			path := filepath.Join("testdata", g.file+".json")
			if *update {
				if err := os.WriteFile(path, js, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := readTestdata(t, g.file+".json")
			if d := cmp.Diff(string(want), string(js)); d != "" {
				t.Errorf("%s (-want +got; go test -update rewrites it):\n%s", path, d)
			}
		})
	}
}

func TestHasKernel(t *testing.T) {
	f, err := ReadBytes(readTestdata(t, "pvc.zebin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want bool
	}{{"vadd", true}, {"scale", true}, {"_entry", false}, {"", false}, {"vad", false}} {
		if got := f.HasKernel(tc.name); got != tc.want {
			t.Errorf("HasKernel(%q) = %v, want %v", tc.name, got, tc.want)
		}
		if got := f.HasFunction(tc.name); got != tc.want {
			t.Errorf("HasFunction(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// sectionHeader returns the offset of the header of the section called
// name in a copy of the pvc zebin.
func sectionHeader(t *testing.T, data []byte, name string) int {
	t.Helper()
	ef, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	shoff := int(binary.LittleEndian.Uint64(data[40:]))
	for i, s := range ef.Sections {
		if s.Name == name {
			return shoff + i*shdrSize
		}
	}
	t.Fatalf("no section %s", name)
	return 0
}

func TestErrors(t *testing.T) {
	pvc := readTestdata(t, "pvc.zebin")
	le := binary.LittleEndian
	patch := func(f func(b []byte)) []byte {
		b := append([]byte(nil), pvc...)
		f(b)
		return b
	}
	compatHdr := sectionHeader(t, pvc, CompatNotes)
	compatOff := int(le.Uint64(pvc[compatHdr+24:]))
	host, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	hostELF, err := os.ReadFile(host)
	if err != nil {
		t.Fatal(err)
	}
	notFormat := func(substr string) func(error) bool {
		return func(err error) bool {
			var fe *FormatError
			return errors.As(err, &fe) && strings.Contains(fe.Reason, substr)
		}
	}
	note := func(off int, substr string) func(error) bool {
		return func(err error) bool {
			var ne *NoteError
			return errors.As(err, &ne) && ne.Offset == off && strings.Contains(ne.Reason, substr)
		}
	}
	for _, tc := range []struct {
		name  string
		data  []byte
		check func(error) bool
		msg   string // the error's text
	}{
		{"empty", nil, is(ErrNotELF), "not an ELF file"},
		{"text", []byte("hello, world\n"), is(ErrNotELF), "not an ELF file"},
		{"SPIR-V", readTestdata(t, "kernels.spv"), is(ErrNotELF), "not an ELF file"},
		{"ELF magic only", []byte("\x7fELF"), notFormat("shorter than an ELF64 header"), "malformed ELF file: 4 bytes, shorter than an ELF64 header"},
		{"ELF32", patch(func(b []byte) { b[elf.EI_CLASS] = byte(elf.ELFCLASS32) }), notFormat("ELFCLASS32"), "malformed ELF file: class ELFCLASS32, not ELFCLASS64"},
		{"big-endian", patch(func(b []byte) { b[elf.EI_DATA] = byte(elf.ELFDATA2MSB) }), notFormat("little-endian"), "malformed ELF file: data encoding ELFDATA2MSB, not little-endian"},
		{"x86-64 machine", patch(func(b []byte) { le.PutUint16(b[18:], uint16(elf.EM_X86_64)) }),
			func(err error) bool {
				var me *MachineError
				return errors.As(err, &me) && me.Machine == elf.EM_X86_64
			}, "ELF machine 62 (EM_X86_64), not EM_INTELGT (205): not an Intel GPU zebin"},
		{"host executable", hostELF, func(err error) bool {
			var me *MachineError
			return errors.As(err, &me)
		}, ""},
		{"cut short", pvc[:2000], notFormat("past the end of the file"), "malformed ELF file: 11 section headers at offset 7344: past the end of the file (2000 bytes)"},
		{"section headers cut", pvc[:len(pvc)-1], notFormat("past the end of the file"), "malformed ELF file: 11 section headers at offset 7344: past the end of the file (8047 bytes)"},
		{"no section headers", patch(func(b []byte) { le.PutUint16(b[60:], 0) }), notFormat("no section headers"), "malformed ELF file: no section headers"},
		{"section header size", patch(func(b []byte) { le.PutUint16(b[58:], 40) }), notFormat("section header size"), "malformed ELF file: section header size 40, not 64"},
		{"name table index", patch(func(b []byte) { le.PutUint16(b[62:], 11) }), notFormat("section name table index"), "malformed ELF file: section name table index 11, only 11 sections"},
		{"section past the end", patch(func(b []byte) { le.PutUint64(b[compatHdr+32:], 1<<40) }), notFormat("past the end of the file"),
			`malformed ELF file: section 9 (".note.intelgt.compat"): 1099511627776 bytes at offset 6976, past the end of the file (8048 bytes)`},
		{"no compat note", patch(func(b []byte) {
			i := bytes.Index(b, []byte(CompatNotes+"\x00"))
			copy(b[i:], ".note.intelgt.other")
		}), is(ErrNoCompatNote), "no .note.intelgt.compat section: not a zebin, or one too old to name its device"},
		{"compat note cut in a header", patch(func(b []byte) { le.PutUint64(b[compatHdr+32:], 8) }), note(0, "shorter than a note header"),
			".note.intelgt.compat: note at offset 0: 8 bytes left, shorter than a note header (12)"},
		{"compat note cut in a description", patch(func(b []byte) { le.PutUint64(b[compatHdr+32:], 22) }), note(0, "past the end"),
			".note.intelgt.compat: note at offset 0: name of 8 bytes and description of 4 bytes: past the end of the section (22 bytes)"},
		{"huge name size", patch(func(b []byte) { le.PutUint32(b[compatOff:], 0xffffffff) }), note(0, "past the end"),
			".note.intelgt.compat: note at offset 0: name of 4294967295 bytes and description of 4 bytes: past the end of the section (172 bytes)"},
		{"huge description size", patch(func(b []byte) { le.PutUint32(b[compatOff+4:], 0xfffffffe) }), note(0, "past the end"),
			".note.intelgt.compat: note at offset 0: name of 8 bytes and description of 4294967294 bytes: past the end of the section (172 bytes)"},
		{"product family of 8 bytes", patch(func(b []byte) { le.PutUint32(b[compatOff+4:], 8) }), note(0, "not 4"),
			".note.intelgt.compat: note at offset 0: product family (type 1): 8 bytes, not 4"},
		{"compressed compat section", patch(func(b []byte) { le.PutUint64(b[compatHdr+8:], uint64(elf.SHF_COMPRESSED)) }), notFormat("compressed"),
			`malformed ELF file: section 9 (".note.intelgt.compat"): compressed (zebins have no compressed section)`},
		{"NOBITS name table", patch(func(b []byte) { le.PutUint32(b[sectionHeader(t, pvc, ".strtab")+4:], uint32(elf.SHT_NOBITS)) }), notFormat("SHT_NOBITS"),
			"malformed ELF file: section name table: no contents (SHT_NOBITS)"},
		{"compressed name table", patch(func(b []byte) { le.PutUint64(b[sectionHeader(t, pvc, ".strtab")+8:], uint64(elf.SHF_COMPRESSED)) }), notFormat("compressed"),
			"malformed ELF file: section name table: compressed (zebins have no compressed section)"},
		{"symbol table link", patch(func(b []byte) { le.PutUint32(b[sectionHeader(t, pvc, ".symtab")+40:], 50) }), notFormat("links to section 50"),
			"malformed ELF file: symbol table links to section 50, only 11 sections"},
		{"symbol entry size", patch(func(b []byte) { le.PutUint64(b[sectionHeader(t, pvc, ".symtab")+56:], 16) }), notFormat("entry size"),
			"malformed ELF file: symbol table entry size 16, not 24"},
		{"compat section NOBITS", patch(func(b []byte) { le.PutUint32(b[compatHdr+4:], uint32(elf.SHT_NOBITS)) }), note(0, "no contents"),
			".note.intelgt.compat: note at offset 0: the section has no contents (SHT_NOBITS)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ReadBytes(tc.data)
			if err == nil {
				t.Fatalf("ReadBytes = %+v, want an error", f)
			}
			if !tc.check(err) {
				t.Errorf("ReadBytes: error %T %q is not the one expected", err, err)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("ReadBytes: error\n%q, want\n%q", err, tc.msg)
			}
		})
	}
}

func is(target error) func(error) bool { return func(err error) bool { return errors.Is(err, target) } }

// Notes of other owners and of unknown types are skipped; a last note
// without padding after its description is read.
func TestNotes(t *testing.T) {
	note := func(owner string, typ uint32, desc []byte, pad bool) []byte {
		var b bytes.Buffer
		name := owner + "\x00"
		binary.Write(&b, binary.LittleEndian, []uint32{uint32(len(name)), uint32(len(desc)), typ})
		b.WriteString(name)
		b.Write(make([]byte, align4(uint64(len(name)))-uint64(len(name))))
		b.Write(desc)
		if pad {
			b.Write(make([]byte, align4(uint64(len(desc)))-uint64(len(desc))))
		}
		return b.Bytes()
	}
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	var data []byte
	data = append(data, note("Other", NoteProductFamily, u32(7), true)...)
	data = append(data, note(NoteOwner, NoteProductFamily, u32(1271), true)...)
	data = append(data, note(NoteOwner, 99, []byte{1, 2, 3}, true)...)
	data = append(data, note(NoteOwner, NoteProductConfig, u32(0x030f0007), true)...)
	data = append(data, note(NoteOwner, NoteZebinVersion, []byte("1.73\x00"), false)...)
	var f File
	if err := readNotes(data, &f); err != nil {
		t.Fatal(err)
	}
	want := File{ProductFamily: 1271, IPVersion: IPVersion{12, 60, 7}, ZebinVersion: "1.73"}
	if d := cmp.Diff(want, f); d != "" {
		t.Errorf("readNotes (-want +got):\n%s", d)
	}
	bad := note(NoteOwner, NoteZebinVersion, []byte("1.7\x1b[31m"), true)
	if err := readNotes(bad, &f); err == nil || !strings.Contains(err.Error(), "not printable ASCII") {
		t.Errorf("readNotes of an escape sequence = %v, want not printable ASCII", err)
	}
}

func TestIPVersion(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    IPVersion
		wantErr string
	}{
		{"12.60.7", IPVersion{12, 60, 7}, ""},
		{"20.1.0", IPVersion{20, 1, 0}, ""},
		{"1023.255.63", IPVersion{1023, 255, 63}, ""},
		{"0.0.0", IPVersion{}, ""},
		{"1024.0.0", IPVersion{}, "1024 is out of range (at most 1023)"},
		{"12.256.0", IPVersion{}, "256 is out of range (at most 255)"},
		{"12.60.64", IPVersion{}, "64 is out of range (at most 63)"},
		{"12.60", IPVersion{}, "want major.minor.revision"},
		{"12.60.7.1", IPVersion{}, "want major.minor.revision"},
		{"12..7", IPVersion{}, "want major.minor.revision"},
		{"12.60.x", IPVersion{}, "want major.minor.revision"},
		{"+12.60.7", IPVersion{}, "want major.minor.revision"},
		{"99999999999.0.0", IPVersion{}, "want major.minor.revision"},
		{"pvc", IPVersion{}, "want major.minor.revision"},
	} {
		got, err := ParseIPVersion(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseIPVersion(%q) = %v, %v; want error %q", tc.in, got, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseIPVersion(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if got.String() != tc.in {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tc.in)
		}
		enc := got.Major<<22 | got.Minor<<14 | got.Revision
		if DecodeIPVersion(enc) != got {
			t.Errorf("DecodeIPVersion(%#x) = %v, want %v", enc, DecodeIPVersion(enc), got)
		}
	}
	if got := DecodeIPVersion(0x030f0007); got.String() != "12.60.7" {
		t.Errorf("DecodeIPVersion(0x030f0007) = %v, want 12.60.7 (pvc)", got)
	}
}

// A reader whose size Read cannot tell is an error, not a guess.
func TestReadUnsized(t *testing.T) {
	if _, err := Read(readerAtOnly{bytes.NewReader(readTestdata(t, "pvc.zebin"))}); err == nil {
		t.Error("Read of a plain io.ReaderAt succeeded, want an error")
	}
}

type readerAtOnly struct{ r *bytes.Reader }

func (r readerAtOnly) ReadAt(p []byte, off int64) (int, error) { return r.r.ReadAt(p, off) }
