package imagewriter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/imagec"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// toolChoice is the LLVM tool a flag names, or, without the flag, the
// versions of it to try in order (see llvmir.ToolChoice).
func toolChoice(flagValue, tool string) *llvmir.ToolChoice {
	if flagValue != "" {
		return &llvmir.ToolChoice{Tools: []string{flagValue}}
	}
	return &llvmir.ToolChoice{Tools: llvmir.ToolCandidates(tool)}
}

// assembler writes images, running llvm-as (or imagec) for several images
// at once.
type assembler struct {
	c     *Config
	src   *Source
	outs  *atomicfile.Staging
	as    *llvmir.ToolChoice
	mu    sync.Mutex
	wg    sync.WaitGroup
	slots chan struct{}
	errID int
	err   error
	// written counts image bytes since the input's pages were last
	// released (see dropWriter).
	written int
	// specConsts holds each lowered image's spec constants by image ID.
	specConsts map[int]*specconst.Result
	// pool: the -imagec processes, nil without -imagec.
	pool *imagec.Pool
}

func newAssembler(c *Config, src *Source, outs *atomicfile.Staging) *assembler {
	a := &assembler{c: c, src: src, outs: outs, as: toolChoice(c.LLVMAs, "llvm-as"), slots: make(chan struct{}, c.Workers), errID: -1}
	if c.Imagec != "" {
		a.pool = imagec.NewPool(c.Imagec, []string{"serve"}, c.Workers)
	}
	return a
}

func (a *assembler) dropWriter(w io.Writer) io.Writer {
	return &dropWriter{w: w, src: a.src, written: &a.written}
}

// writeImage extracts the image of grp into path: directly for text
// output; for bitcode, into memory (imagec) or a temporary text file
// (llvm-as) that a worker then assembles into path.
func (a *assembler) writeImage(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	if a.c.LowerSpecConsts {
		return a.writeLowered(g, id, grp, path)
	}
	if a.c.Text {
		f, err := a.outs.Create(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		img, err := g.ExtractTo(grp, a.dropWriter(f))
		if err != nil {
			return nil, &FileError{File: path, Err: err}
		}
		if err := f.Close(); err != nil {
			return nil, &FileError{File: path, Err: err}
		}
		return img, nil
	}
	if a.pool != nil {
		// imagec reads the text from memory: no temporary file. The
		// buffers are reused (at most Workers+1 are in use at once), so
		// that thousands of images do not make thousands of buffers
		// for the garbage collector.
		buf := textBufs.Get().(*bytes.Buffer)
		buf.Reset()
		scan := &llvmir.PtrScanner{W: a.dropWriter(buf)}
		img, err := g.ExtractTo(grp, scan)
		scan.Close()
		if err != nil {
			textBufs.Put(buf)
			return nil, &FileError{File: path, Err: err}
		}
		a.submitText(id, path, buf.Bytes(), scan.Found, func() { textBufs.Put(buf) })
		return img, nil
	}
	tmp, err := a.outs.TempFile(filepath.Dir(path), filepath.Base(path)+".ll.tmp*")
	if err != nil {
		return nil, atomicfile.CreateError(path, err)
	}
	scan := &llvmir.PtrScanner{W: a.dropWriter(tmp)}
	img, err := g.ExtractTo(grp, scan)
	scan.Close()
	if err == nil {
		_, err = tmp.Seek(0, io.SeekStart)
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, &FileError{File: path, Err: err}
	}
	a.submit(id, path, tmp, scan.Found)
	return img, nil
}

// submit assembles the text in tmp (which it closes and removes) into path.
// Until an llvm-as has been chosen (see toolChoice), images are assembled
// one at a time, so that the first image makes the choice.
func (a *assembler) submit(id int, path string, tmp *os.File, opaque bool) {
	first := len(a.as.Tools) > 1 && a.as.Chosen() == ""
	a.run(id, path, first, func(out *os.File) error {
		_, err := a.as.Run(tmp, out, func(tool string) error {
			return llvmir.AssembleStream(tmp, out, tool, opaque)
		})
		return err
	}, func() { tmp.Close(); os.Remove(tmp.Name()) })
}

// textBufs holds the image texts' buffers between images.
var textBufs = sync.Pool{New: func() interface{} { return new(bytes.Buffer) }}

// submitText assembles text into path through the -imagec pool (LLVM 15
// always: there is no llvm-as to choose), then runs done.
func (a *assembler) submitText(id int, path string, text []byte, opaque bool, done func()) {
	a.run(id, path, false, func(out *os.File) error { return a.pool.Assemble(text, opaque, out) }, done)
}

// run writes path with assemble on one of the worker slots (in this
// goroutine when inline), then runs cleanup.
func (a *assembler) run(id int, path string, inline bool, assemble func(out *os.File) error, cleanup func()) {
	a.slots <- struct{}{}
	a.wg.Add(1)
	if inline {
		a.assemble(id, path, assemble, cleanup)
		return
	}
	go a.assemble(id, path, assemble, cleanup)
}

func (a *assembler) assemble(id int, path string, assemble func(out *os.File) error, cleanup func()) {
	defer func() { <-a.slots; a.wg.Done() }()
	defer cleanup()
	out, err := a.outs.Create(path)
	if err == nil {
		if err = assemble(out); err != nil {
			err = &FileError{File: path, Err: err}
		}
		if cerr := out.Close(); err == nil && cerr != nil {
			err = &FileError{File: path, Err: cerr}
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil {
		// Report the lowest failing image so the message is deterministic.
		if a.err == nil || id < a.errID {
			a.err, a.errID = err, id
		}
	}
}

func (a *assembler) failed() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err != nil
}

// wait waits for every assembly and stops the imagec processes.
func (a *assembler) wait() error {
	a.wg.Wait()
	if a.pool != nil {
		a.err = a.locateImagec(a.err)
		if err := a.pool.Close(); err != nil && a.err == nil {
			return err
		}
	}
	return a.err
}

// locate turns llvm-as's rejection of an image into an error at the
// input's line when the llvm-as in use rejects the input text too. A
// bitcode input's disassembly has no lines the user knows. When no
// candidate read the first image, the first one installed places the error
// and the message still says that none read it.
func (a *assembler) locate(err error) error {
	var te *llvmir.ToolError
	if err == nil || a.src.Disassembled || a.pool != nil || (len(a.as.Tools) == 1 && !errors.As(err, &te)) {
		return err
	}
	tool, installed := a.as.Chosen(), []string{}
	for _, t := range a.as.Tools {
		if _, lerr := exec.LookPath(t); lerr == nil {
			installed = append(installed, t)
		}
	}
	if tool == "" && len(installed) > 0 {
		tool = installed[0]
	}
	if tool == "" {
		return err
	}
	located := llvmir.LocateAssemblyError(a.src.Data, a.src.Name, tool)
	switch {
	case located == nil:
		return err
	case a.as.Chosen() == "" && len(installed) > 1:
		return fmt.Errorf("%v; no LLVM tool read it (tried %s)", located, strings.Join(installed, ", "))
	}
	return located
}

// locateImagec is locate for the -imagec pool (which wait calls while the
// pool still runs): the input text goes through imagec's own LLVM 15
// assembler, the one that rejected the image.
func (a *assembler) locateImagec(err error) error {
	var ie *imagec.Error
	if err == nil || a.src.Disassembled || !errors.As(err, &ie) {
		return err
	}
	aerr := a.pool.Assemble(a.src.Data, llvmir.UsesOpaquePointers(a.src.Data), io.Discard)
	if !errors.As(aerr, &ie) {
		return err
	}
	if located := llvmir.LocateStdinError(ie.Msg, a.src.Name, filepath.Base(a.c.Imagec)); located != nil {
		return located
	}
	return err
}
