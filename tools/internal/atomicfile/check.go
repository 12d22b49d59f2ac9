package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// OutputError is an output that cannot be written, found before any work:
// a missing or unwritable directory, a directory or special file in its
// place, or an input of the run it would replace.
type OutputError struct {
	Path string
	Msg  string
}

func (e *OutputError) Error() string { return e.Path + ": " + e.Msg }

// CheckOutputs fails, before a tool reads or computes anything, if an
// output could not be published: a tool that finds out only at the end
// has spent a compile (syclc: seconds, hundreds of MB) on nothing, and one
// that replaces an input with its report destroys what it was given.
// Empty names (an optional output not asked for) are skipped.
func CheckOutputs(outputs, inputs []string) error {
	ins := make([]os.FileInfo, len(inputs))
	for i, in := range inputs {
		ins[i], _ = os.Stat(in)
	}
	for _, out := range outputs {
		if out == "" {
			continue
		}
		for i, in := range inputs {
			if filepath.Clean(in) == filepath.Clean(out) {
				return &OutputError{Path: out, Msg: "is also an input: the output would replace it"}
			}
			if st, err := os.Stat(out); err == nil && ins[i] != nil && os.SameFile(st, ins[i]) {
				return &OutputError{Path: out, Msg: fmt.Sprintf("is the input %s: the output would replace it", in)}
			}
		}
		if st, err := os.Lstat(out); err == nil {
			switch {
			case st.IsDir():
				return &OutputError{Path: out, Msg: "is a directory"}
			case !st.Mode().IsRegular() && st.Mode()&os.ModeSymlink == 0:
				return &OutputError{Path: out, Msg: "exists and is not a regular file"}
			}
		}
		if err := CheckDir(filepath.Dir(out)); err != nil {
			return &OutputError{Path: out, Msg: err.Error()}
		}
	}
	return nil
}

// CheckDir fails unless dir is an existing directory a file can be
// created in (tried: permission bits do not tell about read-only mounts,
// and root ignores them).
func CheckDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return fmt.Errorf("directory %s does not exist", dir)
		}
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("directory %s is not writable: %v", dir, underlying(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

func underlying(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
