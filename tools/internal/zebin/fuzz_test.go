package zebin

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: Read never panics, and every error is one of the package's.
// Seeds: the test zebins (go test -fuzz=FuzzRead ./tools/internal/zebin).
func FuzzRead(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.zebin"))
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("\x7fELF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := ReadBytes(data)
		if err != nil {
			var fe *FormatError
			var me *MachineError
			var ne *NoteError
			if !errors.Is(err, ErrNotELF) && !errors.Is(err, ErrNoCompatNote) &&
				!errors.As(err, &fe) && !errors.As(err, &me) && !errors.As(err, &ne) {
				t.Fatalf("ReadBytes: untyped error %T %v", err, err)
			}
			return
		}
		if z.Machine != EM_INTELGT {
			t.Fatalf("ReadBytes accepted machine %v", z.Machine)
		}
		for _, k := range z.Kernels {
			if k == "" {
				t.Fatal("empty kernel name")
			}
		}
	})
}
