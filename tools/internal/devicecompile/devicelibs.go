package devicecompile

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
)

// deviceLibSet is the property set sycl-post-link gives the device-library
// images it adds to a program (computeDeviceLibProperties): "bfloat16" is
// 1 for the native library, 0 for the fallback one.
const deviceLibSet = "SYCL/devicelib metadata"

// deviceLibSource uses bfloat16 conversions on the device: its images
// import the bfloat16 device library, so the library's post-link returns
// that library's two images (fallback and native) beside the kernel's.
const deviceLibSource = `#include <sycl/sycl.hpp>
class rules_sycl_bfloat16;
void bfloat16(sycl::queue &q, float *p) {
  q.single_task<rules_sycl_bfloat16>([=] {
    p[0] = static_cast<float>(sycl::ext::oneapi::bfloat16(p[0]));
  });
}
`

// deviceLibKind names a device-library image by its bfloat16 metadata:
// "native" or "fallback"; "" if img is not a device-library image.
func deviceLibKind(p *propset.Registry) string {
	v, ok := p.Get(deviceLibSet, "bfloat16")
	switch {
	case !ok:
		return ""
	case v.Type() == propset.Uint32 && v.Uint32() == 1:
		return "native"
	default:
		return "fallback"
	}
}

// isDeviceLib reports whether img is a device-library image: one the
// library's post-link added, not compiled from the TU.
func isDeviceLib(img sycljit.Image) bool {
	_, ok := img.Properties.Set(deviceLibSet)
	return ok
}

// deviceLibs writes the bfloat16 device library's two images, as the
// library's own post-link makes them, with their property sets (exported
// symbols, devicelib metadata) and an empty .sym each (no kernels), and
// their file table; each image's sha256 must be the pinned one.
func deviceLibs(c *Config) error {
	lib, err := sycljit.Open(c.JIT)
	if err != nil {
		return err
	}
	const src = "rules_sycl_bfloat16.cpp"
	res, err := lib.Compile(src, []byte(deviceLibSource), []string{"-fsycl-allow-device-image-dependencies"})
	if err != nil {
		return err
	}
	want := map[string]string{"native": c.NativeSHA256, "fallback": c.FallbackSHA256}
	got := map[string]sycljit.Image{}
	for _, img := range res.Images {
		k := deviceLibKind(img.Properties)
		if k == "" {
			continue
		}
		if _, dup := got[k]; dup {
			return &sycljit.ABIError{Msg: "two " + k + " bfloat16 device-library images"}
		}
		got[k] = img
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	defer atomicfile.CleanupOnSignal(out.Abort)()
	t := newImageTable(out, c.OutDir, c.Table)
	for _, k := range []string{"fallback", "native"} {
		img, ok := got[k]
		if !ok {
			return &sycljit.ABIError{Msg: fmt.Sprintf("no %s bfloat16 device-library image (the compile returned %d images)", k, len(res.Images))}
		}
		sum := sha256.Sum256(img.Binary)
		if h := hex.EncodeToString(sum[:]); h != want[k] {
			return fmt.Errorf("the %s bfloat16 device-library image %s compiled has sha256 %s, want %s (the pinned image)", k, filepath.Base(c.JIT), h, want[k])
		}
		// No entry points: the library's images define no kernels.
		if err := t.add(k, img.Binary, img.Properties, nil); err != nil {
			return err
		}
	}
	if err := t.write(); err != nil {
		return err
	}
	return out.Commit()
}

// checkDeviceLibArgs checks the command line of -devicelibs.
func checkDeviceLibArgs(c *Config, nargs int, arg0 string) error {
	if nargs > 0 {
		return fmt.Errorf("-devicelibs takes no source (got %s)", errtext.Quote(arg0))
	}
	if c.OutDir == "" || c.Table == "" || c.NativeSHA256 == "" || c.FallbackSHA256 == "" {
		return fmt.Errorf("-devicelibs needs -out-dir, -table, -native-sha256 and -fallback-sha256")
	}
	if !strings.HasSuffix(c.Table, ".table") {
		return fmt.Errorf("-table=%s: the name must end in .table", c.Table)
	}
	return nil
}
