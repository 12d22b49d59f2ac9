package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// formatCompressed is SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE.
const formatCompressed = 4

// Image is one device image reduced to what the runtime's dump shows: its
// target and its (decompressed) bytes, by hash.
type Image struct {
	Target string
	SHA256 string
	Size   int
}

func (i Image) String() string {
	return fmt.Sprintf("%s %d bytes sha256:%.16s", i.Target, i.Size, i.SHA256)
}

func imageOf(target string, data []byte) Image {
	sum := sha256.Sum256(data)
	return Image{Target: target, SHA256: hex.EncodeToString(sum[:]), Size: len(data)}
}

// Wrapped is what the wrapper put into one linked file.
type Wrapped struct {
	Images     []Image
	Compressed int // images stored zstd-compressed (format 4)
	Entries    []string
	NewEntries int // images with 56-byte offload entries
	Versions   map[uint16]int
}

// CheckError is a failed check: what the runtime registered does not match
// what was wrapped, or the program did not get that far.
type CheckError struct{ Msg string }

func (e *CheckError) Error() string { return e.Msg }

func checkf(format string, args ...interface{}) error {
	return &CheckError{Msg: fmt.Sprintf(format, args...)}
}

// readWrapped reads the descriptors a linked binary or shared library
// carries and decompresses format-4 images, as the runtime does before it
// dumps them.
func readWrapped(path string) (*Wrapped, error) {
	raw, err := inputfile.Read(path, inputfile.Program)
	if err != nil {
		return nil, err
	}
	descs, err := devicebinaries.Read(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	w := &Wrapped{Versions: map[uint16]int{}}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	for _, d := range descs {
		for i, img := range d.Images {
			data := img.Data
			if img.Format == formatCompressed {
				w.Compressed++
				data, err = dec.DecodeAll(img.Data, nil)
				if err != nil {
					return nil, fmt.Errorf("%s: image %d (%s): zstd: %v", path, i, img.Target, err)
				}
			}
			w.Images = append(w.Images, imageOf(img.Target, data))
			w.Entries = append(w.Entries, img.Entries...)
			if img.NewEntries {
				w.NewEntries++
			}
			w.Versions[img.Version]++
		}
	}
	return w, nil
}

// dumpTarget maps a SYCL_DUMP_IMAGES file name, <target>[_<N>].<ext> (N
// added when a name is taken, e.g. spir64.spv, spir64_1.spv,
// spir64_x86_64_2.bin), back to its target. Targets contain '_' themselves,
// so a "_N" suffix is stripped only when what precedes it is a target that
// was wrapped. A "~N" suffix is the -preload shim's.
func dumpTarget(name string, targets map[string]bool) string {
	stem := strings.TrimSuffix(name, filepath.Ext(name))
	if i := strings.LastIndexByte(stem, '~'); i > 0 && isDigits(stem[i+1:]) {
		stem = stem[:i]
	}
	if targets[stem] {
		return stem
	}
	if i := strings.LastIndexByte(stem, '_'); i > 0 && isDigits(stem[i+1:]) && targets[stem[:i]] {
		return stem[:i]
	}
	return stem
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// readDumps reads the images the runtime wrote under dir.
func readDumps(dir string, targets map[string]bool) ([]Image, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Image
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		data, err := inputfile.Read(filepath.Join(dir, e.Name()), inputfile.DeviceImage)
		if err != nil {
			return nil, err
		}
		out = append(out, imageOf(dumpTarget(e.Name(), targets), data))
	}
	return out, nil
}

func sortImages(imgs []Image) []Image {
	s := append([]Image(nil), imgs...)
	sort.Slice(s, func(i, j int) bool {
		if s[i].Target != s[j].Target {
			return s[i].Target < s[j].Target
		}
		return s[i].SHA256 < s[j].SHA256
	})
	return s
}

// compareImages says which images only one side has (multisets: the same
// bytes may be registered twice).
func compareImages(wrapped, dumped []Image) (missing, extra []Image) {
	count := map[Image]int{}
	for _, i := range wrapped {
		count[i]++
	}
	for _, i := range dumped {
		if count[i] > 0 {
			count[i]--
		} else {
			extra = append(extra, i)
		}
	}
	for _, i := range sortImages(wrapped) {
		if count[i] > 0 {
			count[i]--
			missing = append(missing, i)
		}
	}
	return missing, sortImages(extra)
}

// runConfig is how the program under test is started.
type runConfig struct {
	binary  string
	args    []string
	libDirs []string // prepended to LD_LIBRARY_PATH
	vendors string   // OCL_ICD_VENDORS, if set
	dumpDir string
	// preload, if set: LD_PRELOAD for the program (see main.go, -preload).
	preload string
}

// runWithDumps starts the program with SYCL_DUMP_IMAGES and returns its
// combined output.
func runWithDumps(rc runConfig) (string, error) {
	cmd := exec.Command(rc.binary, rc.args...)
	env := os.Environ()
	set := func(k, v string) { env = append(env, k+"="+v) }
	set("SYCL_DUMP_IMAGES", "1")
	set("SYCL_DUMP_IMAGES_PREFIX", rc.dumpDir+string(filepath.Separator))
	if os.Getenv("ONEAPI_DEVICE_SELECTOR") == "" {
		set("ONEAPI_DEVICE_SELECTOR", "opencl:cpu")
	}
	if len(rc.libDirs) > 0 {
		dirs := append([]string(nil), rc.libDirs...)
		if old := os.Getenv("LD_LIBRARY_PATH"); old != "" {
			dirs = append(dirs, old)
		}
		set("LD_LIBRARY_PATH", strings.Join(dirs, ":"))
	}
	if rc.vendors != "" {
		set("OCL_ICD_VENDORS", rc.vendors)
	}
	if rc.preload != "" {
		set("LD_PRELOAD", rc.preload)
	}
	cmd.Env = env
	// The program's output is searched (-expect-error) and its tail shown:
	// 16 MiB of it are kept, and it runs at most childproc's timeout.
	out := childproc.NewCapped(childproc.Limits{MaxKept: 16 << 20})
	cmd.Stdout, cmd.Stderr = out, out
	err := childproc.Run(cmd, childproc.Limits{})
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		why := ""
		if !exit.Exited() {
			why = " (killed before it finished: a descriptor layout the runtime does not read crashes it at start-up)"
		}
		return out.String(), checkf("%s: %v%s\n%s", rc.binary, exit, why, tail(out.String(), 2000))
	}
	return out.String(), err
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

// expectations are the optional checks besides image equality.
type expectations struct {
	compressed bool   // at least one image is stored compressed
	newEntries string // "", "old" or "new": the entry layout of every image
	version    int    // 0, or the Version field of every image
	targets    []string
}

// check runs the whole comparison and returns a report.
func check(rc runConfig, files []string, exp expectations) (string, error) {
	var wrapped []Image
	targets := map[string]bool{}
	var report strings.Builder
	for _, f := range files {
		w, err := readWrapped(f)
		if err != nil {
			return "", err
		}
		if exp.compressed && w.Compressed == 0 {
			return "", checkf("%s: no image is stored compressed (format 4)", f)
		}
		switch {
		case exp.newEntries == "new" && w.NewEntries != len(w.Images):
			return "", checkf("%s: %d of %d images have 56-byte offload entries, want all", f, w.NewEntries, len(w.Images))
		case exp.newEntries == "old" && w.NewEntries != 0:
			return "", checkf("%s: %d images have 56-byte offload entries, want none", f, w.NewEntries)
		}
		if exp.version != 0 && w.Versions[uint16(exp.version)] != len(w.Images) {
			return "", checkf("%s: image versions %v, want all %d", f, w.Versions, exp.version)
		}
		for _, i := range w.Images {
			targets[i.Target] = true
		}
		wrapped = append(wrapped, w.Images...)
		fmt.Fprintf(&report, "%s: %d images wrapped (%d compressed), versions %v, %d entries\n", f, len(w.Images), w.Compressed, w.Versions, len(w.Entries))
	}
	if len(wrapped) == 0 {
		return "", checkf("%v: no device images wrapped", files)
	}
	out, err := runWithDumps(rc)
	if err != nil {
		return "", err
	}
	dumped, err := readDumps(rc.dumpDir, targets)
	if err != nil {
		return "", err
	}
	for _, t := range exp.targets {
		if !targets[t] {
			return "", checkf("%v: no %s image wrapped", files, t)
		}
	}
	missing, extra := compareImages(wrapped, dumped)
	if len(missing) > 0 || len(extra) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "the runtime registered images that differ from the wrapped ones (%d wrapped, %d dumped)", len(wrapped), len(dumped))
		for _, i := range missing {
			fmt.Fprintf(&b, "\n  wrapped, not registered: %v", i)
		}
		for _, i := range extra {
			fmt.Fprintf(&b, "\n  registered, not wrapped: %v", i)
		}
		return "", checkf("%s\nprogram output:\n%s", b.String(), tail(out, 2000))
	}
	fmt.Fprintf(&report, "program output:\n%s", out)
	fmt.Fprintf(&report, "OK: the runtime registered %d images, byte-identical to the %d wrapped:\n", len(dumped), len(wrapped))
	for _, i := range sortImages(dumped) {
		fmt.Fprintf(&report, "  %v\n", i)
	}
	return report.String(), nil
}
