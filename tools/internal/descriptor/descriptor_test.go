package descriptor

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

var update = flag.Bool("update", false, "rewrite golden files")

func memSource(s string) elfobj.Source {
	return elfobj.Source{Size: int64(len(s)), Name: "mem", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(s)), nil
	}}
}

// Decoded mirrors the runtime structs after relocation.
type Decoded struct {
	Version   uint16
	HostNull  bool
	Images    []DecodedImage
	CtorArg   string // symbol the constructor passes, "" if none
	DtorArg   string
	CtorCalls string // callee of the constructor
	DtorCalls string
}

type DecodedImage struct {
	Version        uint16
	Kind, Format   uint8
	Target         string
	CompileOptions string
	LinkOptions    string
	ManifestNull   bool
	Data           string
	Entries        []DecodedEntry
	Sets           []DecodedSet
}

type DecodedEntry struct {
	Name   string
	Header [4]uint16 // new layout: Version, Kind, Flags lo, Flags hi
	Rest   string    // every other field, hex; must be zero
}

type DecodedSet struct {
	Name      string
	NullRange bool
	Props     []DecodedProp
}

type DecodedProp struct {
	Name    string
	Type    uint32
	AddrNil bool
	Size    uint64
	Payload string
}

// loaded is an object with every allocated section placed at a distinct
// address and its absolute relocations applied.
type loaded struct {
	f     *elf.File
	base  []uint64
	data  [][]byte
	syms  []elf.Symbol
	text  []relocAt
	abs64 uint32
}

type relocAt struct {
	sec    int
	off    uint64
	typ    uint32
	sym    elf.Symbol
	addend int64
}

func load(t *testing.T, b []byte) *loaded {
	t.Helper()
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	l := &loaded{f: f, abs64: uint32(elf.R_X86_64_64)}
	if f.Machine == elf.EM_AARCH64 {
		l.abs64 = uint32(elf.R_AARCH64_ABS64)
	}
	l.syms, err = f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range f.Sections {
		l.base = append(l.base, uint64(i+1)<<40)
		d, _ := s.Data()
		if s.Type == elf.SHT_NOBITS || s.Type == elf.SHT_NULL {
			d = nil
		}
		l.data = append(l.data, append([]byte{}, d...))
	}
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA {
			continue
		}
		d, _ := s.Data()
		for i := 0; i+24 <= len(d); i += 24 {
			info := binary.LittleEndian.Uint64(d[i+8:])
			r := relocAt{sec: int(s.Info), off: binary.LittleEndian.Uint64(d[i:]), typ: uint32(info),
				sym: l.syms[int(info>>32)-1], addend: int64(binary.LittleEndian.Uint64(d[i+16:]))}
			if r.typ == l.abs64 {
				if r.sym.Section == elf.SHN_UNDEF {
					t.Fatalf("absolute relocation against undefined %s", r.sym.Name)
				}
				v := l.base[r.sym.Section] + r.sym.Value + uint64(r.addend)
				binary.LittleEndian.PutUint64(l.data[r.sec][r.off:], v)
			} else {
				l.text = append(l.text, r)
			}
		}
	}
	return l
}

// at resolves an address to (section, offset).
func (l *loaded) at(t *testing.T, addr uint64) (int, uint64) {
	t.Helper()
	sec := int(addr>>40) - 1
	if sec <= 0 || sec >= len(l.base) {
		t.Fatalf("address %#x is not in any section", addr)
	}
	return sec, addr - l.base[sec]
}

func (l *loaded) bytes(t *testing.T, addr, n uint64) []byte {
	t.Helper()
	sec, off := l.at(t, addr)
	if off+n > uint64(len(l.data[sec])) {
		t.Fatalf("%d bytes at %s+%#x overrun the section", n, l.f.Sections[sec].Name, off)
	}
	return l.data[sec][off : off+n]
}

func (l *loaded) u64(t *testing.T, addr uint64) uint64 {
	return binary.LittleEndian.Uint64(l.bytes(t, addr, 8))
}

func (l *loaded) cstr(t *testing.T, addr uint64) string {
	t.Helper()
	sec, off := l.at(t, addr)
	d := l.data[sec][off:]
	i := bytes.IndexByte(d, 0)
	if i < 0 {
		t.Fatalf("unterminated string at %#x", addr)
	}
	return string(d[:i])
}

// decode walks the descriptor the constructor registers.
func decode(t *testing.T, b []byte, descSym string, imgVersion int, newEntries bool) Decoded {
	t.Helper()
	l := load(t, b)
	var d Decoded
	var desc uint64
	for _, s := range l.syms {
		if s.Name == descSym {
			desc = l.base[s.Section] + s.Value
		}
	}
	if desc == 0 {
		t.Fatalf("no symbol %s", descSym)
	}
	// The constructor/destructor: who do they call, with what argument?
	for i, name := range []string{InitArraySection, FiniArraySection} {
		s := l.f.Section(name)
		if s == nil {
			continue
		}
		fn := binary.LittleEndian.Uint64(l.data[sectionIndex(l.f, name)])
		fsec, foff := l.at(t, fn)
		var arg, callee string
		for _, r := range l.text {
			if r.sec != fsec || r.off < foff || r.off >= foff+12 {
				continue
			}
			switch elf.R_X86_64(r.typ) {
			case elf.R_X86_64_PC32:
				if l.base[r.sym.Section]+r.sym.Value+uint64(r.addend+4) == desc {
					arg = descSym
				}
			case elf.R_X86_64_PLT32:
				callee = r.sym.Name
			}
			switch elf.R_AARCH64(r.typ) {
			case elf.R_AARCH64_ADR_PREL_PG_HI21, elf.R_AARCH64_ADD_ABS_LO12_NC:
				if l.base[r.sym.Section]+r.sym.Value+uint64(r.addend) == desc {
					arg = descSym
				}
			case elf.R_AARCH64_JUMP26:
				callee = r.sym.Name
			}
		}
		if i == 0 {
			d.CtorArg, d.CtorCalls = arg, callee
		} else {
			d.DtorArg, d.DtorCalls = arg, callee
		}
	}

	hdr := l.bytes(t, desc, DescriptorSize)
	d.Version = binary.LittleEndian.Uint16(hdr)
	count := binary.LittleEndian.Uint16(hdr[2:])
	d.HostNull = binary.LittleEndian.Uint64(hdr[16:]) == 0 && binary.LittleEndian.Uint64(hdr[24:]) == 0
	imgSize := uint64(ImageSizeV2)
	if imgVersion == 3 {
		imgSize = ImageSizeV3
	}
	arr := binary.LittleEndian.Uint64(hdr[8:])
	for i := uint64(0); i < uint64(count); i++ {
		p := arr + i*imgSize
		raw := l.bytes(t, p, imgSize)
		img := DecodedImage{
			Version:        binary.LittleEndian.Uint16(raw),
			Kind:           raw[2],
			Format:         raw[3],
			Target:         l.cstr(t, l.u64(t, p+8)),
			CompileOptions: l.cstr(t, l.u64(t, p+16)),
			LinkOptions:    l.cstr(t, l.u64(t, p+24)),
		}
		f := p + 32
		if imgVersion == 2 {
			img.ManifestNull = l.u64(t, p+32) == 0 && l.u64(t, p+40) == 0
			f = p + 48
		}
		start, end := l.u64(t, f), l.u64(t, f+8)
		if end > start {
			img.Data = string(l.bytes(t, start, end-start))
		} else if end < start {
			t.Fatalf("image %d: end before start", i)
		}
		eb, ee := l.u64(t, f+16), l.u64(t, f+24)
		esz := uint64(EntrySizeOld)
		if newEntries {
			esz = EntrySizeNew
		}
		for e := eb; e < ee; e += esz {
			raw := append([]byte{}, l.bytes(t, e, esz)...)
			var de DecodedEntry
			if newEntries {
				de.Name = l.cstr(t, binary.LittleEndian.Uint64(raw[24:]))
				for k := range de.Header {
					de.Header[k] = binary.LittleEndian.Uint16(raw[8+2*k:])
				}
				copy(raw[8:16], make([]byte, 8))
				copy(raw[24:32], make([]byte, 8))
			} else {
				de.Name = l.cstr(t, binary.LittleEndian.Uint64(raw[8:]))
				copy(raw[8:16], make([]byte, 8))
			}
			if !bytes.Equal(raw, make([]byte, esz)) {
				de.Rest = string(raw)
			}
			img.Entries = append(img.Entries, de)
		}
		sb, se := l.u64(t, f+32), l.u64(t, f+40)
		for s := sb; s < se; s += PropertySetSize {
			ds := DecodedSet{Name: l.cstr(t, l.u64(t, s))}
			pb, pe := l.u64(t, s+8), l.u64(t, s+16)
			ds.NullRange = pb == 0 && pe == 0
			for q := pb; q < pe; q += PropertySize {
				raw := l.bytes(t, q, PropertySize)
				dp := DecodedProp{
					Name:    l.cstr(t, binary.LittleEndian.Uint64(raw)),
					Type:    binary.LittleEndian.Uint32(raw[16:]),
					AddrNil: binary.LittleEndian.Uint64(raw[8:]) == 0,
					Size:    binary.LittleEndian.Uint64(raw[24:]),
				}
				if !dp.AddrNil {
					dp.Payload = string(l.bytes(t, binary.LittleEndian.Uint64(raw[8:]), dp.Size))
				}
				ds.Props = append(ds.Props, dp)
			}
			img.Sets = append(img.Sets, ds)
		}
		d.Images = append(d.Images, img)
	}
	return d
}

func sectionIndex(f *elf.File, name string) int {
	for i, s := range f.Sections {
		if s.Name == name {
			return i
		}
	}
	return -1
}

func sampleProps() *propset.Registry {
	var r propset.Registry
	r.Add("SYCL/device requirements", "aspects", propset.U32s([]uint32{1, 5}))
	r.Add("SYCL/misc properties", "optLevel", propset.U32(2))
	r.Add("SYCL/kernel param opt", "k", propset.BitVector([]bool{true, false, true}))
	r.AddSet("SYCL/exported symbols")
	return &r
}

func sampleImages() []Image {
	return []Image{
		{Target: "spir64", Format: FormatSPIRV, CompileOptions: "-g", LinkOptions: "",
			Entries: []string{"k", "_ZTS1K"}, Properties: sampleProps(), Data: memSource("\x03\x02\x23\x07spirv")},
		{Target: "spir64_gen", Format: FormatNative, CompileOptions: "", LinkOptions: "-O3",
			Data: memSource("native")},
		{Target: "spir64", Format: FormatNone, Entries: []string{"k"}, Data: memSource("")},
	}
}

// wantDecoded is what the runtime must see for sampleImages.
func wantDecoded(imgVersion int, newEntries bool, descSym string) Decoded {
	entry := func(n string) DecodedEntry {
		e := DecodedEntry{Name: n}
		if newEntries {
			e.Header = [4]uint16{1, 8, 0, 0}
		}
		return e
	}
	props := []DecodedSet{
		{Name: "SYCL/device requirements", Props: []DecodedProp{{Name: "aspects", Type: 2, Size: 16,
			Payload: "\x40\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x05\x00\x00\x00"}}},
		{Name: "SYCL/misc properties", Props: []DecodedProp{{Name: "optLevel", Type: 1, AddrNil: true, Size: 2}}},
		{Name: "SYCL/kernel param opt", Props: []DecodedProp{{Name: "k", Type: 2, Size: 9,
			Payload: "\x03\x00\x00\x00\x00\x00\x00\x00\x05"}}},
		{Name: "SYCL/exported symbols", NullRange: true},
	}
	v2 := imgVersion == 2
	return Decoded{
		Version: 1, HostNull: true,
		CtorArg: descSym, DtorArg: descSym,
		CtorCalls: "__sycl_register_lib", DtorCalls: "__sycl_unregister_lib",
		Images: []DecodedImage{
			{Version: uint16(imgVersion), Kind: 4, Format: 2, Target: "spir64", CompileOptions: "-g",
				ManifestNull: v2, Data: "\x03\x02\x23\x07spirv", Entries: []DecodedEntry{entry("k"), entry("_ZTS1K")}, Sets: props},
			{Version: uint16(imgVersion), Kind: 4, Format: 1, Target: "spir64_gen", LinkOptions: "-O3",
				ManifestNull: v2, Data: "native"},
			{Version: uint16(imgVersion), Kind: 4, Format: 0, Target: "spir64", ManifestNull: v2,
				Entries: []DecodedEntry{entry("k")}},
		},
	}
}

func build(t *testing.T, imgs []Image, opt Options) []byte {
	t.Helper()
	o, err := Build(imgs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLayout(t *testing.T) {
	for _, m := range []elfobj.Machine{elfobj.X86_64, elfobj.AArch64} {
		for _, tt := range []struct {
			name       string
			version    int
			newEntries bool
		}{
			{"default", 0, false},
			{"v3-old-entries", 3, false},
			{"v3-new-entries", 3, true},
			{"v2-old-entries", 2, false},
			{"v2-new-entries", 2, true},
		} {
			t.Run(m.String()+"/"+tt.name, func(t *testing.T) {
				b := build(t, sampleImages(), Options{Machine: m, ImageVersion: tt.version, NewEntries: tt.newEntries})
				v := tt.version
				if v == 0 {
					v = 3 // the default: libsycl.so.9's 80-byte layout
				}
				sym := ".sycl_offloading.descriptor"
				got := decode(t, b, sym, v, tt.newEntries)
				if diff := cmp.Diff(wantDecoded(v, tt.newEntries, sym), got); diff != "" {
					t.Errorf("decoded descriptor (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func TestSectionsAndSymbols(t *testing.T) {
	b := build(t, sampleImages(), Options{Machine: elfobj.X86_64})
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range f.Sections[1:] {
		names = append(names, s.Name)
	}
	want := []string{".rodata", ".data.rel.ro", "__CLANG_OFFLOAD_BUNDLE__sycl-spir64",
		"__CLANG_OFFLOAD_BUNDLE__sycl-spir64_gen", ".text.startup", ".init_array.1", ".fini_array.1",
		".note.GNU-stack", ".rela.data.rel.ro", ".rela.text.startup", ".rela.init_array.1",
		".rela.fini_array.1", ".symtab", ".strtab", ".shstrtab"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	syms, _ := f.Symbols()
	var globals []string
	for _, s := range syms {
		if elf.ST_BIND(s.Info) == elf.STB_GLOBAL {
			globals = append(globals, s.Name)
		}
	}
	if diff := cmp.Diff([]string{"__sycl_register_lib", "__sycl_unregister_lib"}, globals); diff != "" {
		t.Errorf("global symbols (-want +got):\n%s", diff)
	}
}

func TestNoRegFuncsAndDescName(t *testing.T) {
	b := build(t, sampleImages()[:1], Options{Machine: elfobj.X86_64, NoRegFuncs: true, DescName: "mylib"})
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{".text.startup", InitArraySection, FiniArraySection} {
		if f.Section(n) != nil {
			t.Errorf("section %s present with NoRegFuncs", n)
		}
	}
	syms, _ := f.Symbols()
	var globals []string
	for _, s := range syms {
		if elf.ST_BIND(s.Info) == elf.STB_GLOBAL {
			globals = append(globals, s.Name)
		}
	}
	if diff := cmp.Diff([]string{".sycl_offloading.mylib"}, globals); diff != "" {
		t.Errorf("globals (-want +got):\n%s", diff)
	}
	got := decode(t, b, ".sycl_offloading.mylib", DefaultImageVersion, false)
	if len(got.Images) != 1 || got.Images[0].Target != "spir64" || got.CtorCalls != "" {
		t.Errorf("decoded: %+v", got)
	}
}

func TestEmpty(t *testing.T) {
	b := build(t, nil, Options{Machine: elfobj.AArch64})
	got := decode(t, b, ".sycl_offloading.descriptor", DefaultImageVersion, false)
	want := Decoded{Version: 1, HostNull: true, CtorArg: ".sycl_offloading.descriptor", DtorArg: ".sycl_offloading.descriptor",
		CtorCalls: "__sycl_register_lib", DtorCalls: "__sycl_unregister_lib"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestGolden pins the bytes of every layout: the default (80-byte images,
// 32-byte entries), the 96-byte images of libsycl.so.8, and 56-byte entries.
func TestGolden(t *testing.T) {
	layouts := []struct {
		suffix string
		opt    Options
	}{
		{"", Options{}},
		{"_v2", Options{ImageVersion: ImageVersion2}},
		{"_new_entries", Options{NewEntries: true}},
	}
	for _, m := range []elfobj.Machine{elfobj.X86_64, elfobj.AArch64} {
		for _, l := range layouts {
			opt := l.opt
			opt.Machine = m
			got := build(t, sampleImages(), opt)
			path := filepath.Join("testdata", "sample_"+m.String()+l.suffix+".o")
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
				t.Errorf("%s: output differs from golden file (inspect with readelf -a / objdump -dr, then -update)", path)
			}
		}
	}
}

func TestBuildErrors(t *testing.T) {
	img := func(mod func(*Image)) []Image {
		i := sampleImages()[:1]
		mod(&i[0])
		return i
	}
	nulProps := &propset.Registry{}
	nulProps.Add("S\x00", "p", propset.U32(1))
	badValue := &propset.Registry{}
	badValue.Add("S", "p", propset.Value{})
	tests := []struct {
		name string
		imgs []Image
		opt  Options
	}{
		{"bad machine", sampleImages(), Options{}},
		{"bad version", sampleImages(), Options{Machine: elfobj.X86_64, ImageVersion: 1}},
		{"nul target", img(func(i *Image) { i.Target = "a\x00" }), Options{Machine: elfobj.X86_64}},
		{"empty target", img(func(i *Image) { i.Target = "" }), Options{Machine: elfobj.X86_64}},
		{"native_cpu", img(func(i *Image) { i.Target = "native_cpu" }), Options{Machine: elfobj.X86_64}},
		{"nul entry", img(func(i *Image) { i.Entries = []string{"x\x00"} }), Options{Machine: elfobj.X86_64}},
		{"nul set name", img(func(i *Image) { i.Properties = nulProps }), Options{Machine: elfobj.X86_64}},
		{"invalid value", img(func(i *Image) { i.Properties = badValue }), Options{Machine: elfobj.X86_64}},
		{"too many images", make([]Image, 65536), Options{Machine: elfobj.X86_64}},
	}
	for _, tt := range tests {
		var e *Error
		if _, err := Build(tt.imgs, tt.opt); !errors.As(err, &e) {
			t.Errorf("%s: error %v, want *Error", tt.name, err)
		}
	}
}
