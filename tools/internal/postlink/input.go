package postlink

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// ErrInputChanged: the input file changed (shrank) while it was read.
var ErrInputChanged = errors.New("input file changed while being read (truncated or rewritten by another process)")

// input is the module text: a read-only mapping of a regular file (so the
// text is not in the Go heap), or what was read from a pipe or stdin, or
// the disassembly of bitcode.
type input struct {
	data   []byte
	name   string
	mapped bool
	// stat is the input file's size and time when it was opened (nil for
	// stdin), checked again before the outputs are published.
	stat os.FileInfo
	// disassembled: data is llvm-dis's text of a bitcode input, whose
	// lines mean nothing to the user.
	disassembled bool
}

// changed reports whether the input file's size or time differ from when
// it was opened: images cut from a file rewritten meanwhile mix two
// versions.
func (in *input) changed() bool {
	if in.stat == nil {
		return false
	}
	st, err := os.Stat(in.name)
	return err != nil || st.Size() != in.stat.Size() || !st.ModTime().Equal(in.stat.ModTime())
}

// dropPages releases the resident pages of a mapped input (see dropPages).
func (in *input) dropPages() {
	if in.mapped {
		dropPages(in.data)
	}
}

// readInput reads the input; release frees the mapping once the module is
// no longer used.
func readInput(c *Config, stdin io.Reader, outs *atomicfile.Staging) (in *input, release func(), err error) {
	in = &input{name: c.Input}
	release = func() {}
	if in.name == "-" {
		in.name = "<stdin>"
		in.data, err = inputfile.ReadFrom(stdin, in.name, inputfile.LLVMModule)
	} else {
		// A regular file within the limit (a FIFO or device is refused:
		// inputfile), mapped or read.
		var f *inputfile.File
		if f, err = inputfile.Open(in.name, inputfile.LLVMModule); err == nil {
			in.stat, _ = f.OS().Stat()
			if mapped, unmap, ok := mapFile(f.OS()); ok {
				in.data, in.mapped, release = mapped, true, unmap
			} else {
				in.data, err = io.ReadAll(f)
			}
			f.Close()
		}
	}
	if err != nil {
		release()
		var nr *inputfile.NotRegularError
		var tl *inputfile.TooLargeError
		if errors.As(err, &nr) || errors.As(err, &tl) {
			return nil, func() {}, err // names the file
		}
		return nil, func() {}, fmt.Errorf("%s: %v", in.name, err)
	}
	if llvmir.IsBitcode(in.data) {
		// A user running the splitter in sycl-post-link's place need not
		// know which LLVM wrote the input: without -llvm-dis, the first
		// llvm-dis that reads it is used.
		bitcode := in.data
		if in.mapped {
			// llvm-dis's stdin is fed from another goroutine, where a
			// fault on a shrinking mapping could not be recovered: copy
			// here (the copied pages were resident anyway) and unmap.
			bitcode = append([]byte(nil), in.data...)
			release()
			release = func() {}
		}
		text, textRelease, mapped, err := disassemble(c, bitcode, outs)
		release()
		if err != nil {
			return nil, func() {}, fmt.Errorf("%s: %v", in.name, err)
		}
		return &input{data: text, name: in.name, mapped: mapped, stat: in.stat, disassembled: true}, textRelease, nil
	}
	return in, release, nil
}

// disassemble turns bitcode into text through a temporary file in the
// outputs' staging directory, which it maps (and unlinks) like a text
// input, so the text stays out of the Go heap.
func disassemble(c *Config, bitcode []byte, outs *atomicfile.Staging) (text []byte, release func(), mapped bool, err error) {
	dir := filepath.Dir(c.outputPrefix() + "x")
	dis := toolChoice(c.LLVMDis, "llvm-dis")
	f, err := outs.TempFile(dir, "splitter-input-*.ll")
	if err != nil {
		_, err = dis.Run(nil, nil, func(tool string) error {
			text, err = llvmir.Disassemble(bitcode, tool)
			return err
		})
		return text, func() {}, false, err
	}
	defer func() { f.Close(); os.Remove(f.Name()) }()
	if _, err := dis.Run(nil, f, func(tool string) error { return llvmir.DisassembleTo(bitcode, f, tool) }); err != nil {
		return nil, func() {}, false, err
	}
	if data, unmap, ok := mapFile(f); ok {
		return data, unmap, true, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, func() {}, false, err
	}
	text, err = io.ReadAll(f)
	return text, func() {}, false, err
}

// toolChoice is the LLVM tool a flag names, or, without the flag, the
// versions of it to try in order (see llvmir.ToolChoice).
func toolChoice(flagValue, tool string) *llvmir.ToolChoice {
	if flagValue != "" {
		return &llvmir.ToolChoice{Tools: []string{flagValue}}
	}
	return &llvmir.ToolChoice{Tools: llvmir.ToolCandidates(tool)}
}
