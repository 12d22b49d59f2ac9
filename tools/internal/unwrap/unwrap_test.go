package unwrap

import (
	"bytes"
	"errors"
	"io"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/zstdimage"
)

func spv(s string) []byte { return append([]byte{0x03, 0x02, 0x23, 0x07}, s...) }

// zst compresses as the wrapper does (one frame with its content size).
func zst(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	if err := zstdimage.Compress(&b, bytes.NewReader(data), int64(len(data)), zstdimage.DefaultLevel); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sample(t testing.TB) []devicebinaries.Descriptor {
	props := &propset.Registry{}
	props.Add("SYCL/kernel names", "k", propset.U32(1))
	return []devicebinaries.Descriptor{
		{Symbol: ".sycl_offloading.descriptor", Version: 1, Images: []devicebinaries.Image{
			{Version: 3, Kind: 4, Format: 2, Target: "spir64", CompileOptions: "-O2", Data: spv("a"), Entries: []string{"k", "l"}, Properties: props},
			{Version: 3, Kind: 4, Format: 2, Target: "spir64", CompileOptions: "-O2", Data: spv("b")},
			{Version: 3, Kind: 4, Format: 4, Target: "spir64_gen", LinkOptions: "-device pvc", Data: zst(t, spv("c"))},
		}},
		{Symbol: ".sycl_offloading.lib", Version: 1, Images: []devicebinaries.Image{
			{Version: 2, Kind: 4, Format: 1, Target: "spir64_x86_64", Data: []byte("native"), Entries: []string{"k"}, NewEntries: true},
		}},
	}
}

func names(fs []File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func content(fs []File, name string) string {
	for _, f := range fs {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return "<none>"
}

func TestFiles(t *testing.T) {
	fs, err := Files(sample(t), nil, Options{Dir: "out", Host: "x86_64-unknown-linux-gnu", NoRegFuncs: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"descriptor-0/image-0.spv", "descriptor-0/image-0.prop", "descriptor-0/image-0.sym", "descriptor-0/image-1.spv",
		"descriptor-0/images-0.table", "descriptor-0/image-2.zst", "descriptor-0/images-1.table", "descriptor-0/wrapper.args",
		"descriptor-1/image-0.bin", "descriptor-1/image-0.sym", "descriptor-1/images-0.table", "descriptor-1/wrapper.args",
	}
	if diff := cmp.Diff(want, names(fs)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	checks := map[string]string{
		"descriptor-0/images-0.table": "[Code|Properties|Symbols]\nout/descriptor-0/image-0.spv|out/descriptor-0/image-0.prop|out/descriptor-0/image-0.sym\nout/descriptor-0/image-1.spv||\n",
		"descriptor-0/image-0.prop":   "[SYCL/kernel names]\nk=1|1\n",
		"descriptor-0/image-0.sym":    "k\nl\n",
		"descriptor-0/wrapper.args": "-host=x86_64-unknown-linux-gnu\n-kind=sycl\n-emit-reg-funcs=false\n-batch\n" +
			"-target=spir64\n-format=spirv\n-compile-opts=-O2\n-link-opts=\nout/descriptor-0/images-0.table\n" +
			"-target=spir64_gen\n-format=compressed\n-compile-opts=\n-link-opts=-device pvc\nout/descriptor-0/images-1.table\n",
		"descriptor-1/wrapper.args": "-host=x86_64-unknown-linux-gnu\n-kind=sycl\n-image-version=2\n-new-offload-entries\n-desc-name=lib\n-emit-reg-funcs=false\n-batch\n" +
			"-target=spir64_x86_64\n-format=native\n-compile-opts=\n-link-opts=\nout/descriptor-1/images-0.table\n",
	}
	for name, want := range checks {
		if diff := cmp.Diff(want, content(fs, name)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if !bytes.Equal([]byte(content(fs, "descriptor-0/image-2.zst")), sample(t)[0].Images[2].Data) {
		t.Error("compressed image not written as stored")
	}

	// -decompress: the frame's content, named and formatted by its magic;
	// -descriptor: only the ones asked for; a directory named like an
	// option stays a path.
	fs, err = Files(sample(t), []int{0}, Options{Dir: "-o", Host: "h", Decompress: true, Budget: inflate.New(1 << 20)})
	if err != nil {
		t.Fatal(err)
	}
	if got := content(fs, "descriptor-0/image-2.spv"); got != string(spv("c")) {
		t.Errorf("decompressed image %q", got)
	}
	if args := content(fs, "descriptor-0/wrapper.args"); !strings.Contains(args, "-format=spirv\n-compile-opts=\n-link-opts=-device pvc\n./-o/descriptor-0/images-1.table\n") {
		t.Errorf("args:\n%s", args)
	}
	if len(names(fs)) != 8 {
		t.Errorf("-descriptor 0 wrote %v", names(fs))
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(d *devicebinaries.Descriptor)
		image  int
		want   string
	}{
		{"mixed versions", func(d *devicebinaries.Descriptor) { d.Images[1].Version = 2 }, 1, "image version 2 after 3"},
		{"version 1", func(d *devicebinaries.Descriptor) {
			for i := range d.Images {
				d.Images[i].Version = 1
			}
		}, 0, "image version 1"},
		{"kind", func(d *devicebinaries.Descriptor) { d.Images[2].Kind = 2 }, 2, "offload kind 2"},
		{"format", func(d *devicebinaries.Descriptor) { d.Images[1].Format = 9 }, 1, "format 9"},
		{"entry line break", func(d *devicebinaries.Descriptor) { d.Images[0].Entries[1] = "a\nb" }, 0, ".sym line"},
		{"entry CR", func(d *devicebinaries.Descriptor) { d.Images[0].Entries[1] = "a\r" }, 0, ".sym line"},
		{"empty entry", func(d *devicebinaries.Descriptor) { d.Images[0].Entries[1] = "" }, 0, ".sym line"},
		{"options line break", func(d *devicebinaries.Descriptor) { d.Images[2].LinkOptions = "-a\n-b" }, 2, "line break"},
		{"entry layouts", func(d *devicebinaries.Descriptor) { d.Images[1].Entries, d.Images[1].NewEntries = []string{"x"}, true }, 1, "entry layouts"},
		{"bad frame", func(d *devicebinaries.Descriptor) { d.Images[2].Data = []byte("junk") }, 2, "compressed image"},
		{"frame over budget", func(d *devicebinaries.Descriptor) { d.Images[2].Data = zst(t, make([]byte, 4096)) }, 2, "budget"},
		{"property name", func(d *devicebinaries.Descriptor) {
			r := &propset.Registry{}
			r.Add("SYCL/x", "a=b", propset.U32(1))
			d.Images[1].Properties = r
		}, 1, "property sets"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			descs := sample(t)
			tt.change(&descs[0])
			_, err := Files(descs, nil, Options{Dir: "out", Host: "h", Decompress: true, Budget: inflate.New(1024)})
			var ue *Error
			if !errors.As(err, &ue) || ue.Descriptor != 0 || ue.Image != tt.image || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want descriptor 0 image %d: %q", err, tt.image, tt.want)
			}
		})
	}
}

// FuzzFiles reads descriptors from any ELF bytes and unwraps them: no
// panic, bounded decompression, and every file in its descriptor's
// directory with the param file last.
func FuzzFiles(f *testing.F) {
	props := &propset.Registry{}
	props.Add("SYCL/kernel names", "k", propset.U32(1))
	imgs := []descriptor.Image{
		{Target: "spir64", Format: descriptor.FormatSPIRV, Entries: []string{"k"}, Properties: props, Data: elfobj.Source{Size: 5, Open: openString("\x03\x02\x23\x07a")}},
		{Target: "spir64_gen", Format: descriptor.FormatCompressedNone, Data: elfobj.Source{Size: 0, Open: openString("")}},
	}
	for _, opt := range []descriptor.Options{{}, {ImageVersion: 2, NewEntries: true, DescName: "x", NoRegFuncs: true}} {
		opt.Machine = elfobj.X86_64
		o, err := descriptor.Build(imgs, opt)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := o.Write(&b); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, hostErr := devicebinaries.ReadHost(data)
		descs, err := devicebinaries.Read(data)
		if err != nil {
			return
		}
		if hostErr != nil {
			t.Fatalf("Read accepted what ReadHost rejects: %v", hostErr)
		}
		fs, err := Files(descs, nil, Options{Dir: "d", Host: "h", Decompress: true, Budget: inflate.New(1 << 20)})
		if err != nil {
			return
		}
		last := ""
		for _, file := range fs {
			if !strings.HasPrefix(file.Name, "descriptor-") || strings.Count(file.Name, "/") != 1 {
				t.Fatalf("file %q outside a descriptor directory", file.Name)
			}
			if last != "" && path.Dir(file.Name) != path.Dir(last) && path.Base(last) != ArgsName {
				t.Fatalf("%s follows a descriptor without its param file", file.Name)
			}
			last = file.Name
		}
		if last != "" && path.Base(last) != ArgsName {
			t.Fatalf("the last descriptor has no param file")
		}
	})
}

func openString(s string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(s)), nil }
}
