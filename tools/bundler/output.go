package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// NameError reports a file name taken from an input (an entry ID, a
// string of a container) that is unsafe to create inside the output
// directory.
type NameError struct {
	Name string
	Msg  string
}

func (e *NameError) Error() string {
	return fmt.Sprintf("unsafe output name %s: %s", errtext.Quote(e.Name), e.Msg)
}

// MaxName bounds output names: 255 bytes is the file system's limit, and
// the temporary file written beside each output (".NAME.tmp" and up to 10
// random digits) needs 15 of them.
const MaxName = 240

// checkName accepts a single path component without "..", separators,
// NUL, control, format or bidi characters (and only valid UTF-8), so
// extraction stays inside its directory and names list as they are.
func checkName(name string) error {
	switch {
	case name == "":
		return &NameError{name, "empty"}
	case len(name) > MaxName:
		return &NameError{name, fmt.Sprintf("%d bytes, longer than %d (255 less the temporary file's 15)", len(name), MaxName)}
	case strings.Contains(name, ".."):
		return &NameError{name, "contains \"..\""}
	case strings.ContainsAny(name, "/\\"):
		return &NameError{name, "contains a path separator"}
	case filepath.IsAbs(name):
		return &NameError{name, "absolute path"}
	}
	for i := 0; i < len(name); i++ {
		if name[i] < 0x20 || name[i] == 0x7f {
			return &NameError{name, "contains NUL or a control character"}
		}
	}
	if !errtext.Safe(name) {
		return &NameError{name, "contains invalid UTF-8 or a format character (such as a right-to-left override)"}
	}
	return nil
}

// outputs publishes several files together: they are staged next to their
// destinations and moved into place by commit; on failure or SIGINT/SIGTERM
// the staged files (and the output directory, if this run created it) are
// removed, and files that were there before stay as they were.
type outputs struct {
	stage       *atomicfile.Staging
	stop        func()
	createdDirs []string // in creation order
}

// staging returns the run's staging set, starting it (and the removal on
// a signal) on first use.
func (o *outputs) staging() *atomicfile.Staging {
	if o.stage == nil {
		o.stage = atomicfile.NewStaging()
		o.stop = atomicfile.CleanupOnSignal(o.abortFiles)
	}
	return o.stage
}

// dir prepares an output directory, creating it if needed.
func (o *outputs) dir(path string) error {
	st, err := os.Stat(path)
	if err == nil {
		if !st.IsDir() {
			return fmt.Errorf("%s: not a directory", path)
		}
		return nil
	}
	if !os.IsNotExist(err) {
		return err
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		return err
	}
	o.createdDirs = append(o.createdDirs, path)
	return nil
}

// write stages data for path.
func (o *outputs) write(path string, data []byte) error {
	return o.staging().WriteFile(path, data)
}

// writeIn publishes data as name inside dir after checking the name.
func (o *outputs) writeIn(dir, name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	return o.write(filepath.Join(dir, name), data)
}

// commit publishes every staged file.
func (o *outputs) commit() error {
	if o.stage == nil {
		return nil
	}
	err := o.stage.Commit()
	o.stop()
	if err != nil {
		o.abortFiles()
	}
	return err
}

// abort removes everything staged, and the output directories this run
// created.
func (o *outputs) abort() {
	if o.stop != nil {
		o.stop()
	}
	o.abortFiles()
}

func (o *outputs) abortFiles() {
	if o.stage != nil {
		o.stage.Abort()
	}
	for i := len(o.createdDirs) - 1; i >= 0; i-- {
		os.Remove(o.createdDirs[i]) // only succeeds when empty, i.e. ours
	}
}
