// Package spirvval runs a SPIR-V validator (spirv-val) on every image of
// file tables ([Code|Properties|Symbols]) and says which image it rejected.
package spirvval

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// NoCodeColumnError is a file table without a Code column: it lists no
// images.
type NoCodeColumnError struct{ Table string }

func (e *NoCodeColumnError) Error() string {
	return fmt.Sprintf("%s: no %s column", e.Table, filetable.ColumnCode)
}

// InvalidImageError is an image spirv-val rejected (or could not be run
// on): the image, how the validator ended and what it said (its output on
// one line).
type InvalidImageError struct {
	Image  string
	Err    error
	Output string
}

func (e *InvalidImageError) Error() string {
	msg := fmt.Sprintf("%s: spirv-val failed (%v)", e.Image, e.Err)
	if e.Output != "" {
		msg += ": " + e.Output
	}
	return msg
}

func (e *InvalidImageError) Unwrap() error { return e.Err }

// Images returns the Code cells of the tables, table by table, in row
// order.
func Images(tables []string) ([]string, error) {
	var images []string
	for _, path := range tables {
		data, err := inputfile.Read(path, inputfile.FileTable)
		if err != nil {
			return nil, err
		}
		t, err := filetable.Parse(data, path)
		if err != nil {
			return nil, err
		}
		code, ok := t.Column(filetable.ColumnCode)
		if !ok {
			return nil, &NoCodeColumnError{Table: path}
		}
		images = append(images, code...)
	}
	return images, nil
}

// Result is one image a validation passed, and what of
// SPV_INTEL_global_variable_decorations spirv-val did not see (see
// WithoutGlobalVariableDecorations): the capability, and how many
// decorations.
type Result struct {
	Image      string
	Capability bool
	Dropped    int
}

// Validate runs `validator args... -` on each image in order (the image on
// standard input: an image with DPC++'s global-variable decorations goes
// without them, see WithoutGlobalVariableDecorations) and returns an
// *InvalidImageError for the first one it rejects. Each run is bounded by
// limits: one that runs past the timeout is killed (an *InvalidImageError
// wrapping a *childproc.TimeoutError), and of its output only the first
// MaxKept bytes are kept.
func Validate(validator string, args []string, images []string, limits childproc.Limits) ([]Result, error) {
	if validator == "" {
		return nil, errors.New("no validator")
	}
	results := make([]Result, 0, len(images))
	for _, image := range images {
		spv, err := inputfile.Read(image, inputfile.SPIRV)
		if err != nil {
			var nr *inputfile.NotRegularError
			var tl *inputfile.TooLargeError
			if errors.As(err, &nr) || errors.As(err, &tl) {
				return nil, err
			}
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, fmt.Errorf("%s: %w", image, err)
		}
		// An image this cannot read goes to spirv-val as it is (which
		// reads big-endian modules too, and says what is wrong).
		orig := spv
		spv, dropped, err := WithoutGlobalVariableDecorations(spv)
		if err != nil {
			spv, dropped = orig, 0
		}
		capability := len(spv) < len(orig)
		cmd := exec.Command(validator, append(append([]string(nil), args...), "-")...)
		out := childproc.NewCapped(limits)
		cmd.Stdin = bytes.NewReader(spv)
		cmd.Stdout = out
		cmd.Stderr = out
		if err := childproc.Run(cmd, limits); err != nil {
			msg := strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "; ")
			if capability {
				msg += " (in the image without SPV_INTEL_global_variable_decorations: line numbers count its instructions)"
			}
			return nil, &InvalidImageError{Image: image, Err: err, Output: msg}
		}
		results = append(results, Result{Image: image, Capability: capability, Dropped: dropped})
	}
	return results, nil
}

// Report is what a validation that passed writes: how many images, then
// each image on a line of its own (with the decorations spirv-val did not
// see, if any).
func Report(results []Result) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "spirv-val: valid SPIR-V images: %d\n", len(results))
	for _, r := range results {
		b.WriteString(r.Image)
		if r.Capability {
			fmt.Fprintf(&b, " (without %s, capability %d and %d decorations: DPC++'s, not in SPIRV-Headers)", globalVariableDecorations, capGlobalVariableDecorations, r.Dropped)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}
