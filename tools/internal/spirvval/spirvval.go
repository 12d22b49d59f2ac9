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

	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
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
		data, err := os.ReadFile(path)
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

// Validate runs `validator args... IMAGE` for each image in order and
// returns an *InvalidImageError for the first one it rejects.
func Validate(validator string, args []string, images []string) error {
	if validator == "" {
		return errors.New("no validator")
	}
	for _, image := range images {
		cmd := exec.Command(validator, append(append([]string(nil), args...), image)...)
		var out bytes.Buffer
		cmd.Stdout = &out
		cmd.Stderr = &out
		if err := cmd.Run(); err != nil {
			return &InvalidImageError{
				Image:  image,
				Err:    err,
				Output: strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "; "),
			}
		}
	}
	return nil
}

// Report is what a validation that passed writes: how many images, then
// each image on a line of its own.
func Report(images []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "spirv-val: valid SPIR-V images: %d\n", len(images))
	for _, image := range images {
		b.WriteString(image + "\n")
	}
	return b.Bytes()
}
