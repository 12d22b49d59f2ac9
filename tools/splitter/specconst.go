package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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

// Markers of the spec-constant intrinsics: 2020 ones are lowered; the
// pre-2020 ones (SYCL 1.2.1 experimental API) are rejected.
var (
	specConst2020Markers   = []string{"__sycl_getScalar2020SpecConstantValue", "__sycl_getComposite2020SpecConstantValue"}
	specConstLegacyMarkers = []string{"__sycl_getScalarSpecConstantValue", "__sycl_getCompositeSpecConstantValue"}
)

func usesSpecConstants(m *llvmir.Module) bool {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindFunction {
			continue
		}
		for _, mk := range specConst2020Markers {
			if strings.Contains(e.Name, mk) {
				return true
			}
		}
	}
	return false
}

// checkSpecConstants rejects what the lowering does not cover.
func checkSpecConstants(c *config, fn, input string) error {
	if c.specConst == "" && !c.defaultSpecConsts {
		return nil
	}
	for _, mk := range specConstLegacyMarkers {
		if strings.Contains(fn, mk) {
			return fmt.Errorf("%s: pre-SYCL-2020 specialization constants are not supported; module uses %s", input, fn)
		}
	}
	if c.defaultSpecConsts && c.specConst == "" {
		for _, mk := range specConst2020Markers {
			if strings.Contains(fn, mk) {
				return fmt.Errorf("%s: -generate-device-image-default-spec-consts needs -spec-const; module uses %s", input, fn)
			}
		}
	}
	return nil
}

// writeLowered extracts the image of grp, lowers its spec constants and
// writes it to path.
func (a *assembler) writeLowered(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	mode, err := specconst.ParseMode(a.c.specConst)
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

// writeDefaultClone writes grp's image again with every spec constant
// replaced by its default value (the runtime picks it when no value is set).
func (a *assembler) writeDefaultClone(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	img, _, err := a.lowerTo(g, id, grp, path, specconst.DefaultValues)
	return img, err
}

// lowerTo extracts grp's image into memory, lowers it in mode and writes it
// to path (through llvm-as for bitcode).
func (a *assembler) lowerTo(g *split.Graph, id int, grp split.Group, path string, mode specconst.Mode) (*split.Image, *specconst.Result, error) {
	var buf bytes.Buffer
	img, err := g.ExtractTo(grp, &dropWriter{w: &buf, in: a.in})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	res, err := specconst.Lower(buf.Bytes(), path, mode)
	if err != nil {
		return nil, nil, err
	}
	return img, res, a.writeText(id, path, res.Text)
}

// writeText writes an image's text to path, or assembles it there.
func (a *assembler) writeText(id int, path string, text []byte) error {
	if a.c.text {
		return a.outs.WriteFile(path, text)
	}
	if a.pool != nil {
		a.submitText(id, path, text, llvmir.UsesOpaquePointers(text))
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
		return fmt.Errorf("%s: %v", path, err)
	}
	a.submit(id, path, tmp, llvmir.UsesOpaquePointers(text))
	return nil
}

// addSpecConstProps adds image id's spec-constant property sets.
func (a *assembler) addSpecConstProps(reg *propset.Registry, id int) {
	if res := a.specConsts[id]; res != nil {
		mode, _ := specconst.ParseMode(a.c.specConst)
		res.AddProperties(reg, mode)
	}
}
