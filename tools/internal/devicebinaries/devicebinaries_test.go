package devicebinaries

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

func memSource(s string) elfobj.Source {
	return elfobj.Source{Size: int64(len(s)), Name: "mem", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(s)), nil
	}}
}

func props(t testing.TB, text string) *propset.Registry {
	t.Helper()
	r, err := propset.Parse([]byte(text), "t.prop")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

type imageSpec struct {
	target, copts, lopts string
	format               descriptor.Format
	entries              []string
	props                string
	data                 string
}

var specs = []imageSpec{
	{"spir64", "-g -O2", "", descriptor.FormatSPIRV, []string{"kernel_a", "_ZTS6kernelB"},
		"[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAFAAAAA\n[SYCL/misc properties]\noptLevel=1|2\nsanUsed=2|gAAAAAAAAAQYzFmb\n[SYCL/kernel param opt]\nkernel_a=2|KAAAAAAAAAQBCA\n[SYCL/exported symbols]\n",
		"\x03\x02\x23\x07first image"},
	{"spir64_gen", "", "-device pvc", descriptor.FormatNative, nil, "", "\x7fELF native"},
	{"spir64", "", "", descriptor.FormatSPIRV, []string{"only_one"}, "[SYCL/kernel names]\nonly_one=1|1\n", ""},
}

func build(t testing.TB, m elfobj.Machine, opt descriptor.Options) ([]byte, []Image) {
	var imgs []descriptor.Image
	var want []Image
	version := uint16(opt.ImageVersion)
	if version == 0 {
		version = descriptor.DefaultImageVersion
	}
	for _, s := range specs {
		var reg *propset.Registry
		if s.props != "" {
			reg = props(t, s.props)
		}
		imgs = append(imgs, descriptor.Image{Target: s.target, Format: s.format, CompileOptions: s.copts, LinkOptions: s.lopts,
			Entries: s.entries, Properties: reg, Data: memSource(s.data)})
		w := Image{Version: version, Kind: KindSYCL, Format: uint8(s.format), Target: s.target, CompileOptions: s.copts, LinkOptions: s.lopts,
			Data: []byte(s.data), Entries: s.entries, Properties: reg}
		if len(s.entries) > 0 {
			w.NewEntries = opt.NewEntries
		}
		want = append(want, w)
	}
	opt.Machine = m
	o, err := descriptor.Build(imgs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), want
}

var cmpOpts = []cmp.Option{cmpopts.EquateEmpty(), cmp.Comparer(func(a, b *propset.Registry) bool { return a.Equal(b) })}

func TestReadObject(t *testing.T) {
	tests := []struct {
		name string
		m    elfobj.Machine
		opt  descriptor.Options
		sym  string
	}{
		{"x86_64", elfobj.X86_64, descriptor.Options{}, ".sycl_offloading.descriptor"},
		{"aarch64", elfobj.AArch64, descriptor.Options{}, ".sycl_offloading.descriptor"},
		{"v3 new entries", elfobj.X86_64, descriptor.Options{ImageVersion: 3, NewEntries: true}, ".sycl_offloading.descriptor"},
		{"v2", elfobj.X86_64, descriptor.Options{ImageVersion: 2}, ".sycl_offloading.descriptor"},
		{"v2 new entries", elfobj.AArch64, descriptor.Options{ImageVersion: 2, NewEntries: true}, ".sycl_offloading.descriptor"},
		{"desc-name", elfobj.AArch64, descriptor.Options{DescName: "mine", NoRegFuncs: true}, ".sycl_offloading.mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj, want := build(t, tt.m, tt.opt)
			descs, err := Read(obj)
			if err != nil {
				t.Fatal(err)
			}
			if len(descs) != 1 {
				t.Fatalf("%d descriptors", len(descs))
			}
			if descs[0].Symbol != tt.sym || descs[0].Version != 1 {
				t.Errorf("symbol %q version %d", descs[0].Symbol, descs[0].Version)
			}
			if diff := cmp.Diff(want, descs[0].Images, cmpOpts...); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadGolden reads the descriptor package's checked-in objects.
func TestReadGolden(t *testing.T) {
	for _, f := range []string{"sample_x86_64.o", "sample_aarch64.o"} {
		raw, err := os.ReadFile(filepath.Join("..", "descriptor", "testdata", f))
		if err != nil {
			t.Skip(err)
		}
		descs, err := Read(raw)
		if err != nil || len(descs) != 1 || len(descs[0].Images) == 0 {
			t.Errorf("%s: %v %+v", f, err, descs)
		}
	}
}

func findCC(t *testing.T) string {
	for _, cc := range []string{os.Getenv("CC"), "cc", "gcc", "clang"} {
		if cc == "" {
			continue
		}
		if p, err := exec.LookPath(cc); err == nil {
			return p
		}
	}
	t.Skip("no C compiler found")
	return ""
}

// TestReadLinked links the wrapper object into a shared library, a PIE and
// a non-PIE executable (and, if available, with RELR packing) and reads
// every field back.
func TestReadLinked(t *testing.T) {
	cc := findCC(t)
	if out, err := exec.Command(cc, "-dumpmachine").Output(); err != nil || !strings.HasPrefix(string(out), "x86_64") {
		t.Skip("host compiler does not target x86_64")
	}
	dir := t.TempDir()
	obj, want := build(t, elfobj.X86_64, descriptor.Options{})
	objPath := filepath.Join(dir, "w.o")
	os.WriteFile(objPath, obj, 0o644)
	// A second wrapper object, as when two device libraries link into one
	// shared object: each keeps its own local descriptor.
	obj2, want2 := build(t, elfobj.X86_64, descriptor.Options{ImageVersion: 3, NewEntries: true})
	objPath2 := filepath.Join(dir, "w2.o")
	os.WriteFile(objPath2, obj2, 0o644)
	rt := filepath.Join(dir, "rt.c")
	os.WriteFile(rt, []byte("void __sycl_register_lib(void *d) {}\nvoid __sycl_unregister_lib(void *d) {}\nint main(void) { return 0; }\n"), 0o644)
	tests := []struct {
		name string
		args []string
	}{
		{"shared", []string{"-shared", "-o", "out", objPath}},
		{"pie", []string{"-pie", "-fPIE", "-o", "out", rt, objPath}},
		{"no-pie", []string{"-no-pie", "-o", "out", rt, objPath}},
		{"relr", []string{"-pie", "-fPIE", "-Wl,-z,pack-relative-relocs", "-o", "out", rt, objPath}},
		{"stripped", []string{"-shared", "-s", "-o", "out", objPath}},
		{"two objects", []string{"-shared", "-o", "out", objPath, objPath2}},
		{"two objects stripped", []string{"-shared", "-s", "-o", "out", objPath, objPath2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, tt.name)
			args := append([]string{}, tt.args...)
			for i, a := range args {
				if a == "out" {
					args[i] = out
				}
			}
			if b, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
				if tt.name == "relr" {
					t.Skipf("linker without RELR: %s", b)
				}
				t.Fatalf("%v\n%s", err, b)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			descs, err := Read(raw)
			if err != nil {
				t.Fatal(err)
			}
			wants := [][]Image{want}
			if strings.HasPrefix(tt.name, "two") {
				wants = append(wants, want2)
			}
			if len(descs) != len(wants) {
				t.Fatalf("%d descriptors, want %d", len(descs), len(wants))
			}
			wantSym := ".sycl_offloading.descriptor"
			if strings.Contains(tt.name, "stripped") {
				wantSym = ""
			}
			for i, d := range descs {
				if d.Symbol != wantSym {
					t.Errorf("symbol %q", d.Symbol)
				}
				if diff := cmp.Diff(wants[i], d.Images, cmpOpts...); diff != "" {
					t.Errorf("descriptor %d (-want +got):\n%s", i, diff)
				}
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	obj, _ := build(t, elfobj.X86_64, descriptor.Options{})
	tests := []struct {
		name string
		data []byte
		want interface{}
	}{
		{"not ELF", []byte("hello"), &FormatError{}},
		{"truncated", obj[:len(obj)/2], &FormatError{}},
		{"no descriptor", func() []byte {
			o := elfobj.New(elfobj.X86_64)
			o.AddSection(".data", elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC, 8).Append([]byte("12345678"))
			var b bytes.Buffer
			o.Write(&b)
			return b.Bytes()
		}(), &NotFoundError{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(tt.data)
			if err == nil {
				t.Fatal("no error")
			}
			switch tt.want.(type) {
			case *FormatError:
				var fe *FormatError
				if !errors.As(err, &fe) {
					t.Errorf("error %T %v", err, err)
				}
			case *NotFoundError:
				var ne *NotFoundError
				if !errors.As(err, &ne) {
					t.Errorf("error %T %v", err, err)
				}
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	obj, _ := build(f, elfobj.X86_64, descriptor.Options{})
	f.Add(obj)
	obj3, _ := build(f, elfobj.AArch64, descriptor.Options{ImageVersion: 3, NewEntries: true})
	f.Add(obj3)
	f.Add(sharedImages(8, 64, 0))
	f.Add(sharedImages(8, 64, 3))
	f.Fuzz(func(t *testing.T, data []byte) {
		descs, err := Read(data) // must not panic or allocate wildly
		if err != nil {
			return
		}
		var total int
		for _, d := range descs {
			for _, img := range d.Images {
				total += len(img.Data)
			}
		}
		if total > len(data) {
			t.Fatalf("images hold %d bytes of a %d-byte file", total, len(data))
		}
	})
}

func TestOffloadSections(t *testing.T) {
	obj, _ := build(t, elfobj.X86_64, descriptor.Options{})
	secs, err := OffloadSections(obj)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range secs {
		got = append(got, s.Name+"="+string(s.Data))
	}
	// Images of one target share a section, each 16-byte aligned.
	want := []string{
		"__CLANG_OFFLOAD_BUNDLE__sycl-spir64=\x03\x02\x23\x07first image\x00", // padding before the empty third image
		"__CLANG_OFFLOAD_BUNDLE__sycl-spir64_gen=\x7fELF native",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
