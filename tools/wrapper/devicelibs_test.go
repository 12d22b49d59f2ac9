package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Files of a program whose image imports the bfloat16 device library, and
// the library's two images as the toolchain's SyclDeviceLibs writes them.
var deviceLibFiles = map[string]string{
	"k.spv":       "\x03\x02\x23\x07kernel",
	"k.sym":       "_ZTS1K\n",
	"k.prop":      "[SYCL/imported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n",
	"plain.spv":   "\x03\x02\x23\x07plain",
	"plain.sym":   "_ZTS5Plain\n",
	"plain.prop":  "[SYCL/kernel names]\n_ZTS5Plain=1|1\n",
	"other.prop":  "[SYCL/imported symbols]\n_Z5twicei=1|1\n",
	"k.table":     "[Code|Properties|Symbols]\nk.spv|k.prop|k.sym\n",
	"plain.table": "[Code|Properties|Symbols]\nplain.spv|plain.prop|plain.sym\n",
	"other.table": "[Code|Properties|Symbols]\nplain.spv|other.prop|plain.sym\n",
	"dl/f.spv":    "\x03\x02\x23\x07fallback",
	"dl/n.spv":    "\x03\x02\x23\x07native",
	"dl/f.prop":   "[SYCL/exported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n__devicelib_ConvertBF16ToFINTEL=1|1\n[SYCL/devicelib metadata]\nbfloat16=1|0\n",
	"dl/n.prop":   "[SYCL/exported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n__devicelib_ConvertBF16ToFINTEL=1|1\n[SYCL/devicelib metadata]\nbfloat16=1|1\n",
	"dl/none.sym": "",
	"dl/bf16.table": "[Code|Properties|Symbols]\n" +
		"dl/f.spv|dl/f.prop|dl/none.sym\ndl/n.spv|dl/n.prop|dl/none.sym\n",
	// Not device-library images.
	"dl/nometa.prop":  "[SYCL/exported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n",
	"dl/noexp.prop":   "[SYCL/devicelib metadata]\nbfloat16=1|0\n",
	"dl/nometa.table": "[Code|Properties]\ndl/f.spv|dl/nometa.prop\n",
	"dl/noexp.table":  "[Code|Properties]\ndl/f.spv|dl/noexp.prop\n",
	"dl/noprop.table": "[Code]\ndl/f.spv\n",
}

// wrapped is one image of an object, as the runtime sees it.
type wrapped struct {
	Target, Data string
	Entries      []string
	DeviceLib    string   // the bfloat16 metadata's value, "" if none
	Imports      []string // SYCL/imported symbols
}

func wrappedImages(t *testing.T, obj string) []wrapped {
	t.Helper()
	raw, err := os.ReadFile(obj)
	if err != nil {
		t.Fatal(err)
	}
	descs, err := devicebinaries.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	var out []wrapped
	for _, d := range descs {
		for _, img := range d.Images {
			w := wrapped{Target: img.Target, Data: string(img.Data), Entries: img.Entries}
			if img.Properties != nil {
				if v, ok := img.Properties.Get(deviceLibSet, "bfloat16"); ok && v.Type() == propset.Uint32 {
					w.DeviceLib = map[uint32]string{0: "fallback", 1: "native"}[v.Uint32()]
				}
				if set, ok := img.Properties.Set(importedSymbolsSet); ok {
					for _, p := range set.Properties() {
						w.Imports = append(w.Imports, p.Name)
					}
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// TestDeviceLibraries: the library's images join the object, once, only
// where an image of their target imports a symbol they export.
func TestDeviceLibraries(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, deviceLibFiles)
	chdir(t, dir)
	kernel := wrapped{Target: "spir64", Data: deviceLibFiles["k.spv"], Entries: []string{"_ZTS1K"}, Imports: []string{"__devicelib_ConvertFToBF16INTEL"}}
	plain := wrapped{Target: "spir64", Data: deviceLibFiles["plain.spv"], Entries: []string{"_ZTS5Plain"}}
	fallback := wrapped{Target: "spir64", Data: deviceLibFiles["dl/f.spv"], DeviceLib: "fallback"}
	native := wrapped{Target: "spir64", Data: deviceLibFiles["dl/n.spv"], DeviceLib: "native"}
	for _, tc := range []struct {
		name string
		args []string
		want []wrapped
	}{
		{"imported", []string{"-target=spir64", "-batch", "k.table", "plain.table", "-device-libraries=dl/bf16.table"}, []wrapped{kernel, plain, fallback, native}},
		{"library first", []string{"-target=spir64", "-device-libraries", "dl/bf16.table", "-batch", "plain.table", "k.table"}, []wrapped{plain, kernel, fallback, native}},
		{"not imported", []string{"-target=spir64", "-batch", "plain.table", "-device-libraries=dl/bf16.table"}, []wrapped{plain}},
		{"other imports", []string{"-target=spir64", "-batch", "other.table", "-device-libraries=dl/bf16.table"}, []wrapped{{Target: "spir64", Data: deviceLibFiles["plain.spv"], Entries: []string{"_ZTS5Plain"}, Imports: []string{"_Z5twicei"}}}},
		// The import is of another target's image: nothing to link it with.
		{"other target", []string{"-target=spir64_x86_64", "-batch", "k.table", "-target=spir64", "-device-libraries=dl/bf16.table"}, []wrapped{{Target: "spir64_x86_64", Data: deviceLibFiles["k.spv"], Entries: []string{"_ZTS1K"}, Imports: []string{"__devicelib_ConvertFToBF16INTEL"}}}},
		// Linked ahead of time into the target's images: their imports of
		// the library go, the set with them; the library is not wrapped.
		{"linked", []string{"-target=spir64_x86_64", "-format=native", "-batch", "k.table", "-linked-device-libraries=dl/bf16.table"}, []wrapped{{Target: "spir64_x86_64", Data: deviceLibFiles["k.spv"], Entries: []string{"_ZTS1K"}}}},
		// Other imports stay, and so do other targets' images.
		{"linked, other imports", []string{"-target=spir64_gen", "-format=native", "-batch", "other.table", "k.table", "-target=spir64", "-format=spirv", "-batch", "k.table", "-target=spir64_gen", "-linked-device-libraries=dl/bf16.table"}, []wrapped{
			{Target: "spir64_gen", Data: deviceLibFiles["plain.spv"], Entries: []string{"_ZTS5Plain"}, Imports: []string{"_Z5twicei"}},
			{Target: "spir64_gen", Data: deviceLibFiles["k.spv"], Entries: []string{"_ZTS1K"}},
			kernel,
		}},
		// Skipping images without entries does not drop the library's.
		{"skip empty", []string{"-skip-images-without-entries", "-target=spir64", "-batch", "k.table", "-device-libraries=dl/bf16.table"}, []wrapped{kernel, fallback, native}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-o", "out.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-format=spirv"}, tc.args...)
			if err := run(args); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, wrappedImages(t, "out.o"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("wrapper %s: images (-want +got):\n%s", strings.Join(tc.args, " "), diff)
			}
		})
	}
}

// TestDeviceLibrariesErrors: a table that does not hold device-library
// images is refused, on one line naming it, and no object is written.
func TestDeviceLibrariesErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, deviceLibFiles)
	chdir(t, dir)
	for _, tc := range []struct{ table, want string }{
		{"dl/nometa.table", "dl/nometa.table: dl/f.spv: not a device-library image (no [SYCL/devicelib metadata] property set)"},
		{"dl/noexp.table", "dl/noexp.table: dl/f.spv: a device-library image exports nothing (no [SYCL/exported symbols])"},
		{"dl/noprop.table", "dl/noprop.table: dl/f.spv: a device-library image needs its property sets (no Properties file)"},
		{"dl/missing.table", "stat dl/missing.table: no such file or directory"},
	} {
		for _, flag := range []string{"-device-libraries", "-linked-device-libraries"} {
			err := run([]string{"-o", "bad.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", "-batch", "k.table", flag, tc.table})
			if err == nil || err.Error() != tc.want {
				t.Errorf("%s %s: error %v, want %q", flag, tc.table, err, tc.want)
			}
			if _, serr := os.Stat("bad.o"); serr == nil {
				t.Errorf("%s %s: wrote bad.o", flag, tc.table)
			}
		}
	}
}

// FuzzDeviceLibraries: whatever the property sets of the images and of
// the library's, the selection never panics, and every library image it
// keeps exports a symbol some image imports.
func FuzzDeviceLibraries(f *testing.F) {
	f.Add([]byte(deviceLibFiles["k.prop"]), []byte(deviceLibFiles["dl/n.prop"]))
	f.Add([]byte(deviceLibFiles["other.prop"]), []byte(deviceLibFiles["dl/noexp.prop"]))
	f.Fuzz(func(t *testing.T, imgProp, libProp []byte) {
		ip, err := propset.Parse(imgProp, "k.prop")
		if err != nil {
			return
		}
		lp, err := propset.Parse(libProp, "l.prop")
		if err != nil {
			return
		}
		img := descriptor.Image{Target: "spir64", Properties: ip}
		lib := descriptor.Image{Target: "spir64", Properties: lp}
		if _, err := exportsOf(lib, "l.table"); err != nil {
			return
		}
		got := neededDeviceLibs([]descriptor.Image{img}, []descriptor.Image{lib})
		if len(got) > 1 {
			t.Fatalf("%d library images from one", len(got))
		}
		if len(got) == 1 {
			imports, _ := ip.Set(importedSymbolsSet)
			exports, _ := lp.Set(exportedSymbolsSet)
			shared := false
			for _, e := range exports.Properties() {
				if _, ok := imports.Get(e.Name); ok {
					shared = true
				}
			}
			if !shared {
				t.Fatal("kept a library image that exports nothing the image imports")
			}
		}
	})
}
