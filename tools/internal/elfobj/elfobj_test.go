package elfobj

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sample builds a small object exercising every feature: in-memory and
// streamed content, zero fill, pointers, a tail-call stub, init_array,
// local/global/undefined symbols.
func sample(m Machine) *Object {
	o := New(m)
	ro := o.AddSection(".rodata", SHT_PROGBITS, SHF_ALLOC, 8)
	ro.Append([]byte("hello\x00"))
	img := o.AddSection("__payload", SHT_PROGBITS, SHF_ALLOC, 16)
	img.AppendSource(Source{Size: 5, Name: "mem", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("ABCDE")), nil
	}})
	data := o.AddSection(".data.rel.ro", SHT_PROGBITS, SHF_ALLOC|SHF_WRITE, 8)
	data.AppendZeros(4)
	p := o.AppendPointer(data, ro.Symbol(), 0)
	o.AppendPointer(data, img.Symbol(), 5)
	o.AppendPointer(data, nil, 0)
	obj := o.AddSymbol(&Symbol{Name: "table", Section: data, Value: p, Size: 24})
	ext := o.AddSymbol(&Symbol{Name: "ext_fn", Global: true})
	text := o.AddSection(".text.startup", SHT_PROGBITS, SHF_ALLOC|SHF_EXECINSTR, 16)
	fn := o.AddTailCall(text, "stub", obj, 0, ext)
	init := o.AddSection(".init_array.1", SHT_INIT_ARRAY, SHF_ALLOC|SHF_WRITE, 8)
	init.EntSize = 8
	o.AppendPointer(init, fn, 0)
	return o
}

func write(t *testing.T, o *Object) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type relocInfo struct {
	Section string
	Offset  uint64
	Type    uint32
	Symbol  string
	Addend  int64
}

// readRelocs decodes every RELA section with debug/elf.
func readRelocs(t *testing.T, f *elf.File) []relocInfo {
	t.Helper()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var out []relocInfo
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA {
			continue
		}
		data, err := s.Data()
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+24 <= len(data); i += 24 {
			info := binary.LittleEndian.Uint64(data[i+8:])
			si := int(info >> 32)
			name := ""
			if si > 0 {
				sym := syms[si-1] // Symbols() drops the null symbol
				name = sym.Name
				if elf.ST_TYPE(sym.Info) == elf.STT_SECTION {
					name = f.Sections[sym.Section].Name
				}
			}
			out = append(out, relocInfo{
				Section: f.Sections[s.Info].Name,
				Offset:  binary.LittleEndian.Uint64(data[i:]),
				Type:    uint32(info),
				Symbol:  name,
				Addend:  int64(binary.LittleEndian.Uint64(data[i+16:])),
			})
		}
	}
	return out
}

func TestObjectStructure(t *testing.T) {
	for _, m := range []Machine{X86_64, AArch64} {
		t.Run(m.String(), func(t *testing.T) {
			b := write(t, sample(m))
			f, err := elf.NewFile(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			wantMachine := map[Machine]elf.Machine{X86_64: elf.EM_X86_64, AArch64: elf.EM_AARCH64}[m]
			if f.Type != elf.ET_REL || f.Machine != wantMachine || f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB {
				t.Fatalf("header: %v %v %v %v", f.Type, f.Machine, f.Class, f.Data)
			}
			var names []string
			for _, s := range f.Sections[1:] {
				names = append(names, s.Name)
			}
			wantNames := []string{".rodata", "__payload", ".data.rel.ro", ".text.startup", ".init_array.1",
				".note.GNU-stack", ".rela.data.rel.ro", ".rela.text.startup", ".rela.init_array.1",
				".symtab", ".strtab", ".shstrtab"}
			if diff := cmp.Diff(wantNames, names); diff != "" {
				t.Errorf("sections (-want +got):\n%s", diff)
			}
			payload, _ := f.Section("__payload").Data()
			if string(payload) != "ABCDE" {
				t.Errorf("payload = %q", payload)
			}
			if s := f.Section(".init_array.1"); s.Type != elf.SHT_INIT_ARRAY || s.Flags != elf.SHF_ALLOC|elf.SHF_WRITE || s.Entsize != 8 {
				t.Errorf("init_array header: %+v", s.SectionHeader)
			}
			if s := f.Section(".text.startup"); s.Flags != elf.SHF_ALLOC|elf.SHF_EXECINSTR || s.Addralign != 16 {
				t.Errorf("text header: %+v", s.SectionHeader)
			}
			syms, err := f.Symbols()
			if err != nil {
				t.Fatal(err)
			}
			type symInfo struct {
				Name, Section string
				Bind          elf.SymBind
				Type          elf.SymType
				Value, Size   uint64
			}
			var got []symInfo
			for _, s := range syms {
				sec := ""
				if s.Section != elf.SHN_UNDEF {
					sec = f.Sections[s.Section].Name
				}
				got = append(got, symInfo{s.Name, sec, elf.ST_BIND(s.Info), elf.ST_TYPE(s.Info), s.Value, s.Size})
			}
			want := []symInfo{
				{"", ".rodata", elf.STB_LOCAL, elf.STT_SECTION, 0, 0},
				{"", "__payload", elf.STB_LOCAL, elf.STT_SECTION, 0, 0},
				{"", ".data.rel.ro", elf.STB_LOCAL, elf.STT_SECTION, 0, 0},
				{"", ".text.startup", elf.STB_LOCAL, elf.STT_SECTION, 0, 0},
				{"", ".init_array.1", elf.STB_LOCAL, elf.STT_SECTION, 0, 0},
				{"table", ".data.rel.ro", elf.STB_LOCAL, elf.STT_OBJECT, 8, 24},
				{"stub", ".text.startup", elf.STB_LOCAL, elf.STT_FUNC, 0, 12},
				{"ext_fn", "", elf.STB_GLOBAL, elf.STT_NOTYPE, 0, 0},
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("symbols (-want +got):\n%s", diff)
			}
			abs := uint32(R_X86_64_64)
			wantRel := []relocInfo{
				{".data.rel.ro", 8, abs, ".rodata", 0},
				{".data.rel.ro", 16, abs, "__payload", 5},
				{".text.startup", 3, R_X86_64_PC32, "table", -4},
				{".text.startup", 8, R_X86_64_PLT32, "ext_fn", -4},
				{".init_array.1", 0, abs, "stub", 0},
			}
			if m == AArch64 {
				abs = R_AARCH64_ABS64
				wantRel = []relocInfo{
					{".data.rel.ro", 8, abs, ".rodata", 0},
					{".data.rel.ro", 16, abs, "__payload", 5},
					{".text.startup", 0, R_AARCH64_ADR_PREL_PG_HI21, "table", 0},
					{".text.startup", 4, R_AARCH64_ADD_ABS_LO12_NC, "table", 0},
					{".text.startup", 8, R_AARCH64_JUMP26, "ext_fn", 0},
					{".init_array.1", 0, abs, "stub", 0},
				}
			}
			if diff := cmp.Diff(wantRel, readRelocs(t, f)); diff != "" {
				t.Errorf("relocations (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGolden(t *testing.T) {
	for _, m := range []Machine{X86_64, AArch64} {
		got := write(t, sample(m))
		path := filepath.Join("testdata", "sample_"+m.String()+".o")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: output differs from golden file (run with -update after checking readelf -a)", path)
		}
	}
}

// TestTailCallMatchesAssembler compares the hand-assembled stub with what
// clang's integrated assembler makes of the same instructions.
func TestTailCallMatchesAssembler(t *testing.T) {
	clang, err := exec.LookPath("clang-15")
	if err != nil {
		if clang, err = exec.LookPath("clang"); err != nil {
			t.Skip("no clang to assemble the reference")
		}
	}
	asm := map[Machine]struct{ triple, code string }{
		X86_64:  {"x86_64-linux-gnu", "lea table(%rip), %rdi\n\tjmp ext_fn\n"},
		AArch64: {"aarch64-linux-gnu", "adrp x0, table\n\tadd x0, x0, :lo12:table\n\tb ext_fn\n"},
	}
	for m, a := range asm {
		dir := t.TempDir()
		src := ".section .text.startup,\"ax\",@progbits\nstub:\n\t" + a.code +
			".section .data.rel.ro,\"aw\",@progbits\ntable: .quad 0\n"
		os.WriteFile(filepath.Join(dir, "ref.s"), []byte(src), 0o644)
		out, err := exec.Command(clang, "--target="+a.triple, "-c", "-o", filepath.Join(dir, "ref.o"), filepath.Join(dir, "ref.s")).CombinedOutput()
		if err != nil {
			t.Skipf("clang cannot assemble for %s: %v\n%s", a.triple, err, out)
		}
		ref, err := elf.Open(filepath.Join(dir, "ref.o"))
		if err != nil {
			t.Fatal(err)
		}
		mine, err := elf.NewFile(bytes.NewReader(write(t, sample(m))))
		if err != nil {
			t.Fatal(err)
		}
		refText, _ := ref.Section(".text.startup").Data()
		myText, _ := mine.Section(".text.startup").Data()
		if len(myText) != 16 {
			t.Errorf("%v: stub slot is %d bytes, want 16", m, len(myText))
		}
		if !bytes.Equal(refText, myText[:len(refText)]) {
			t.Errorf("%v: text %x, assembler %x", m, myText, refText)
		}
		// clang relocates against the section symbol; compare type, offset
		// and addend of the text relocations.
		strip := func(rs []relocInfo) []relocInfo {
			var out []relocInfo
			for _, r := range rs {
				if r.Section == ".text.startup" {
					r.Symbol = ""
					out = append(out, r)
				}
			}
			return out
		}
		if diff := cmp.Diff(strip(readRelocs(t, ref)), strip(readRelocs(t, mine))); diff != "" {
			t.Errorf("%v: text relocations (-assembler +mine):\n%s", m, diff)
		}
	}
}

func TestSourceSizeMismatch(t *testing.T) {
	for _, tt := range []struct {
		name    string
		size    int64
		content string
	}{
		{"shrank", 10, "short"},
		{"grew", 2, "longer"},
	} {
		o := New(X86_64)
		s := o.AddSection("d", SHT_PROGBITS, SHF_ALLOC, 1)
		s.AppendSource(Source{Size: tt.size, Name: "f", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(tt.content)), nil
		}})
		var e *Error
		if err := o.Write(io.Discard); !errors.As(err, &e) {
			t.Errorf("%s: error %v, want *Error", tt.name, err)
		}
	}
}

func TestBadRelocations(t *testing.T) {
	o := New(X86_64)
	s := o.AddSection("d", SHT_PROGBITS, SHF_ALLOC, 8)
	s.AppendZeros(4)
	s.AddReloc(Reloc{Offset: 0, Type: R_X86_64_64, Sym: s.Symbol()})
	var e *Error
	if err := o.Write(io.Discard); !errors.As(err, &e) {
		t.Errorf("out-of-range relocation: %v", err)
	}
	o = New(X86_64)
	s = o.AddSection("d", SHT_PROGBITS, SHF_ALLOC, 8)
	o.AppendPointer(s, &Symbol{Name: "stranger"}, 0)
	if err := o.Write(io.Discard); !errors.As(err, &e) {
		t.Errorf("relocation against foreign symbol: %v", err)
	}
}

// patternReader yields n bytes without allocating them.
type patternReader struct{ left int64 }

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	for i := range p {
		p[i] = byte(i)
	}
	r.left -= int64(len(p))
	return len(p), nil
}

// TestStreamingMemory checks that a large source is copied through, not
// buffered: allocation stays far below its size.
func TestStreamingMemory(t *testing.T) {
	const size = 256 << 20
	o := New(X86_64)
	s := o.AddSection("big", SHT_PROGBITS, SHF_ALLOC, 16)
	s.AppendSource(Source{Size: size, Name: "big", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(&patternReader{left: size}), nil
	}})
	s.AppendZeros(size) // large zero fill is recorded, not stored
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cw := &countWriter{}
	if err := o.Write(cw); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if cw.n < 2*size {
		t.Fatalf("wrote %d bytes", cw.n)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("allocated %d bytes to write %d", alloc, cw.n)
	}
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

func TestSetPanicsOutsideMemory(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Set on streamed content did not panic")
		}
	}()
	o := New(X86_64)
	s := o.AddSection("d", SHT_PROGBITS, SHF_ALLOC, 1)
	s.AppendSource(Source{Size: 4, Open: func() (io.ReadCloser, error) { return nil, nil }})
	s.Set(0, []byte{1})
}
