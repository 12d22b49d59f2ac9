package zebin

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The archive ocloc 26.27 wrote for -device pvc,bmg-g21: one zebin per
// device, each with both kernels, in the order of the list.
func TestReadArchive(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "pvc_bmg-g21.ar"))
	if err != nil {
		t.Fatal(err)
	}
	if !IsArchive(b) {
		t.Fatal("IsArchive: false")
	}
	devices, err := ReadArchive(b)
	if err != nil {
		t.Fatal(err)
	}
	type summary struct {
		Member, IP string
		Kernels    []string
	}
	var got []summary
	for _, d := range devices {
		got = append(got, summary{d.Member, d.File.IPVersion.String(), d.File.Kernels})
	}
	want := []summary{
		{"64.12.60.7", "12.60.7", []string{"vadd", "scale"}},
		{"64.20.1.0", "20.1.0", []string{"vadd", "scale"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("devices (-want +got):\n%s", diff)
	}
}

func TestReadArchiveErrors(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "pvc_bmg-g21.ar"))
	if err != nil {
		t.Fatal(err)
	}
	zebin, err := os.ReadFile(filepath.Join("testdata", "pvc.zebin"))
	if err != nil {
		t.Fatal(err)
	}
	header := func(name string, size int) string {
		h := []byte(fmtField(name+"/", 16) + fmtField("0", 12) + fmtField("0", 6) + fmtField("0", 6) + fmtField("644", 8) + fmtField(strconv.Itoa(size), 10) + "`\n")
		return string(h)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"not an archive", zebin, `malformed ocloc archive: no "!<arch>\n" header`},
		{"header cut short", good[:len(ArchiveMagic)+30], "malformed ocloc archive: a member header at offset 8 is cut short"},
		{"member past the end", good[:200], `malformed ocloc archive: member "64.12.60.7" (6512 bytes) runs past the end of the archive`},
		{"no device member", []byte(ArchiveMagic + header("pad_0", 2) + "\x00\x00"), "malformed ocloc archive: no device zebin (no member named <bits>.<IP version>)"},
		{"device member that is no zebin", []byte(ArchiveMagic + header("64.12.60.7", 4) + "junk"), "member 64.12.60.7: not an ELF file"},
		{"zebin of another device", []byte(ArchiveMagic + header("64.20.1.0", len(zebin)) + string(zebin)), "malformed ocloc archive: member 64.20.1.0 holds a zebin for IP version 12.60.7"},
		{"bad trailer", []byte(ArchiveMagic + header("pad_0", 0)[:58] + "xx"), "malformed ocloc archive: the member header at offset 8 does not end in \"`\\n\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadArchive(tc.data)
			if err == nil || err.Error() != tc.want {
				t.Errorf("ReadArchive: %v, want %q", err, tc.want)
			}
			var ae *ArchiveError
			if !errors.As(err, &ae) && !errors.Is(err, ErrNotELF) {
				t.Errorf("untyped error %T", err)
			}
		})
	}
}

func fmtField(s string, n int) string {
	for len(s) < n {
		s += " "
	}
	return s
}

// FuzzReadArchive: ReadArchive never panics, and every error is typed.
func FuzzReadArchive(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("testdata", "pvc_bmg-g21.ar"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(ArchiveMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		devices, err := ReadArchive(data)
		if err != nil {
			var ae *ArchiveError
			var fe *FormatError
			var me *MachineError
			var ne *NoteError
			if !errors.As(err, &ae) && !errors.Is(err, ErrNotELF) && !errors.Is(err, ErrNoCompatNote) &&
				!errors.As(err, &fe) && !errors.As(err, &me) && !errors.As(err, &ne) {
				t.Fatalf("ReadArchive: untyped error %T %v", err, err)
			}
			return
		}
		if len(devices) == 0 {
			t.Fatal("no error and no device")
		}
	})
}
