package imagewriter

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// Spec constants are lowered per image after the split (as sycl-post-link
// does since images stopped advertising constants they don't use): the
// image text is small, so it is extracted into memory, lowered by
// specconst, and written like any other image.

// writeLowered extracts the image of grp, lowers its spec constants and
// writes it to path.
func (a *assembler) writeLowered(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	mode, err := specconst.ParseMode(a.c.SpecConst)
	if err != nil {
		return nil, err
	}
	img, res, err := a.lowerTo(g, id, grp, path, mode)
	if err != nil {
		return nil, err
	}
	if a.specConsts == nil {
		a.specConsts = map[int]*specconst.Result{}
	}
	a.specConsts[id] = res
	return img, nil
}

// usesSpecConsts tells whether image id has spec constants.
func (a *assembler) usesSpecConsts(id int) bool {
	res := a.specConsts[id]
	return res != nil && len(res.SpecConsts) > 0
}

// paramMasks are the parameter masks of image id's kernels whose
// spec-constant buffer its emulation restored.
func (a *assembler) paramMasks(id int) map[string][]bool {
	if res := a.specConsts[id]; res != nil {
		return res.ParamMasks
	}
	return nil
}

// writeDefaultClone writes grp's image again with every spec constant
// replaced by its default value (the runtime picks it when no value is set).
func (a *assembler) writeDefaultClone(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	img, _, err := a.lowerTo(g, id, grp, path, specconst.DefaultValues)
	return img, err
}

// lowerTo extracts grp's image into memory, lowers it in mode and writes it
// to path (assembled for bitcode).
func (a *assembler) lowerTo(g *split.Graph, id int, grp split.Group, path string, mode specconst.Mode) (*split.Image, *specconst.Result, error) {
	var buf bytes.Buffer
	img, err := g.ExtractTo(grp, a.dropWriter(&buf))
	if err != nil {
		return nil, nil, &FileError{File: path, Err: err}
	}
	res, err := specconst.Lower(buf.Bytes(), path, mode)
	if err != nil {
		return nil, nil, err
	}
	// The symbolic-ID strings only the lowered calls read go too: a
	// Generic-storage OpVariable in the translated image fails spirv-val.
	return img, res, a.writeText(id, path, specconst.DropUnusedGlobals(res.Text))
}

// writeText writes an image's text to path, or assembles it there.
func (a *assembler) writeText(id int, path string, text []byte) error {
	if a.c.Text {
		return a.outs.WriteFile(path, text)
	}
	if a.pool != nil {
		a.submitText(id, path, text, llvmir.UsesOpaquePointers(text), func() {})
		return nil
	}
	tmp, err := a.outs.TempFile(filepath.Dir(path), filepath.Base(path)+".ll.tmp*")
	if err != nil {
		return atomicfile.CreateError(path, err)
	}
	if _, err = tmp.Write(text); err == nil {
		_, err = tmp.Seek(0, 0)
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return &FileError{File: path, Err: err}
	}
	a.submit(id, path, tmp, llvmir.UsesOpaquePointers(text))
	return nil
}

// addSpecConstProps adds image id's spec-constant property sets.
func (a *assembler) addSpecConstProps(reg *propset.Registry, id int) {
	if res := a.specConsts[id]; res != nil {
		mode, _ := specconst.ParseMode(a.c.SpecConst)
		res.AddProperties(reg, mode)
	}
}
