// Package annotate puts back, as the IR metadata and attributes the
// splitter reads (tools/internal/split), what SPIR-V cannot carry of a SYCL
// C++ translation unit: libsycl-jit's per-kernel property sets of the same
// TU are read (ReadTable) and written onto the reverse-translated module
// (Annotate).
package annotate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Entry holds what the sets say about one entry point (a kernel or an
// exported SYCL_EXTERNAL function), keyed by its name.
type Entry struct {
	Name string
	// OmitArgs is the kernel's parameter mask (SYCL/kernel param opt),
	// one element per source-level argument; nil when the set has none.
	OmitArgs []bool
	// SYCL/device requirements of the entry's image.
	Aspects          []uint32
	FixedTargets     []uint32
	JointMatrix      string
	JointMatrixMad   string
	WorkGroupNumDim  *uint32
	ReqdSubGroupSize *uint32
	// ReqdWorkGroupSize is in the metadata's (OpenCL) order, as the
	// splitter writes it.
	ReqdWorkGroupSize []uint64
	// OptLevel is SYCL/misc properties optLevel.
	OptLevel *uint32
	// IDQueriesRange is SYCL/misc properties idQueriesRange (the range id
	// queries need: 1 uint, 2 size_t; -fno-sycl-id-queries-fit-in-int).
	IDQueriesRange *uint32
	// WorkGroupStatic: the kernel is in SYCL/implicit local arg (it uses
	// work-group static memory).
	WorkGroupStatic bool
	// DynamicLocalMem: the kernel takes dynamic work-group memory (SYCL/work
	// group dynamic local mem).
	DynamicLocalMem bool
	// ImplicitLocalArg is the index of its parameter that carries dynamic
	// work-group memory (SYCL/implicit local arg), or nil for none.
	ImplicitLocalArg *uint32
}

// DeviceGlobal is one SYCL/device globals property: the variable with the
// unique id, its size and whether it has device_image_scope.
type DeviceGlobal struct {
	ID         string
	Size       uint32
	ImageScope bool
}

// Sets is what a TU's per-kernel property sets say, merged over images.
type Sets struct {
	Entries       []Entry        // by name
	DeviceGlobals []DeviceGlobal // by unique id
}

// Property sets the splitter computes again from the IR itself (or that do
// not apply after a link): read for validity only.
var recomputed = map[string]bool{
	"SYCL/devicelib req mask":                      true,
	"SYCL/kernel names":                            true,
	"SYCL/exported symbols":                        true,
	"SYCL/imported symbols":                        true,
	"SYCL/assert used":                             true,
	"SYCL/program metadata":                        true,
	"SYCL/specialization constants":                true,
	"SYCL/specialization constants default values": true,
}

// SetError reports a property the annotation cannot read or does not know.
type SetError struct {
	File, Set, Prop, Msg string
}

func (e *SetError) Error() string {
	where := "[" + e.Set + "]"
	if e.Prop != "" {
		where += " " + errtext.Quote(e.Prop)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, where, e.Msg)
}

// ReadTable reads a file table [Code|Properties|Symbols] and the .prop and
// .sym files its rows name; an image's sets hold for each of its entry
// points. That is exact for a per_kernel table, and for a per_source or
// auto one too (the library splits those by device requirements): the
// library refuses per_kernel for a TU whose device_image_scope global is
// used by two kernels. A cell is read as written (relative
// to the working directory, as in a Bazel action); one that does not exist
// so is looked up next to the table, where syclc writes its images. It
// also returns the files it read (the table's .prop and .sym files): inputs
// an output must not replace.
func ReadTable(path string) (*Sets, []string, error) {
	data, err := inputfile.Read(path, inputfile.FileTable)
	if err != nil {
		return nil, nil, err
	}
	t, err := filetable.Parse(data, path)
	if err != nil {
		return nil, nil, err
	}
	props, ok := t.Column(filetable.ColumnProperties)
	if !ok {
		return nil, nil, fmt.Errorf("%s: no %s column", path, filetable.ColumnProperties)
	}
	syms, ok := t.Column(filetable.ColumnSymbols)
	if !ok {
		return nil, nil, fmt.Errorf("%s: no %s column", path, filetable.ColumnSymbols)
	}
	var b builder
	var files []string
	for i := range props {
		propFile, propData, err := readCell(path, props[i], inputfile.PropertySet)
		if err != nil {
			return nil, nil, err
		}
		reg, err := propset.Parse(propData, propFile)
		if err != nil {
			return nil, nil, err
		}
		symFile, symData, err := readCell(path, syms[i], inputfile.SymbolFile)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, propFile, symFile)
		// A TU without kernels or SYCL_EXTERNAL functions still has
		// one image, with no entry points.
		names := strings.Fields(string(symData))
		if err := b.addImage(reg, names, propFile); err != nil {
			return nil, nil, err
		}
	}
	return b.sets(), files, nil
}

func readCell(table, cell string, k inputfile.Kind) (string, []byte, error) {
	data, err := inputfile.Read(cell, k)
	if err == nil {
		return cell, data, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return cell, nil, err
	}
	next := filepath.Join(filepath.Dir(table), filepath.Base(cell))
	if data, err2 := inputfile.Read(next, k); err2 == nil {
		return next, data, nil
	} else if !errors.Is(err2, os.ErrNotExist) {
		return next, nil, err2
	}
	return cell, nil, err
}

// builder merges the images' sets: an entry or device global named by more
// than one image must be described the same way by each.
type builder struct {
	entries map[string]*Entry
	globals map[string]DeviceGlobal
	// The file that first named an entry point or a device global.
	entryFrom, globalFrom map[string]string
}

// FromRegistry reads the sets of one image whose entry points are names
// (file names it in errors). Images of a TU are merged with a builder; this
// is the one-image case.
func FromRegistry(reg *propset.Registry, names []string, file string) (*Sets, error) {
	var b builder
	if err := b.addImage(reg, names, file); err != nil {
		return nil, err
	}
	return b.sets(), nil
}

func (b *builder) addImage(reg *propset.Registry, names []string, file string) error {
	if b.entries == nil {
		b.entries, b.globals = map[string]*Entry{}, map[string]DeviceGlobal{}
		b.entryFrom, b.globalFrom = map[string]string{}, map[string]string{}
	}
	// What the image's sets say about every entry point of the image.
	var common Entry
	omit := map[string][]bool{}
	static := map[string]uint32{}
	dynamic := map[string]bool{}
	var globals []DeviceGlobal
	for _, s := range reg.Sets() {
		var err error
		switch s.Name {
		case "SYCL/device requirements":
			err = readRequirements(s, &common, file)
		case "SYCL/misc properties":
			err = readMisc(s, &common, file)
		case "SYCL/kernel param opt":
			for _, p := range s.Properties() {
				bits, err := bitVector(p.Value)
				if err != nil {
					return &SetError{file, s.Name, p.Name, err.Error()}
				}
				omit[p.Name] = bits
			}
		case "SYCL/work group dynamic local mem":
			for _, p := range s.Properties() {
				if p.Value.Type() != propset.Uint32 || p.Value.Uint32() != 1 {
					return &SetError{file, s.Name, p.Name, "want UINT32 1"}
				}
				dynamic[p.Name] = true
			}
		case "SYCL/implicit local arg":
			for _, p := range s.Properties() {
				if p.Value.Type() != propset.Uint32 {
					return &SetError{file, s.Name, p.Name, "want a UINT32 (type 1)"}
				}
				// The index of the parameter for dynamic work-group
				// memory, 0xFFFFFFFF for none.
				static[p.Name] = p.Value.Uint32()
			}
		case "SYCL/device globals":
			for _, p := range s.Properties() {
				d := p.Value.Data()
				if p.Value.Type() != propset.ByteArray || p.Value.BitCount() != 64 {
					return &SetError{file, s.Name, p.Name, "want 8 bytes: size and image scope"}
				}
				scope := binary.LittleEndian.Uint32(d[4:])
				if scope > 1 {
					return &SetError{file, s.Name, p.Name, fmt.Sprintf("image scope %d is neither 0 nor 1", scope)}
				}
				globals = append(globals, DeviceGlobal{ID: p.Name, Size: binary.LittleEndian.Uint32(d), ImageScope: scope == 1})
			}
		default:
			if !recomputed[s.Name] {
				return &SetError{File: file, Set: s.Name, Msg: "property set not known to the annotation"}
			}
		}
		if err != nil {
			return err
		}
	}
	named := map[string]bool{}
	for _, n := range names {
		named[n] = true
	}
	// The library also lists the masks of functions it did not make entry
	// points (device-library and helper functions, dead kernels): only the
	// image's entry points are annotated.
	for _, n := range names {
		e := common
		e.Name = n
		e.OmitArgs = omit[n]
		e.DynamicLocalMem = dynamic[n]
		if idx, ok := static[n]; ok {
			e.WorkGroupStatic = true
			if idx != 0xFFFFFFFF {
				e.ImplicitLocalArg = &idx
			}
		}
		if old, ok := b.entries[n]; ok {
			if !reflect.DeepEqual(*old, e) {
				return fmt.Errorf("%s: entry point %s described differently in %s", file, errtext.Quote(n), b.entryFrom[n])
			}
			continue
		}
		b.entries[n] = &e
		b.entryFrom[n] = file
	}
	for _, g := range globals {
		if old, ok := b.globals[g.ID]; ok {
			if old != g {
				return fmt.Errorf("%s: device global %s described differently in %s", file, errtext.Quote(g.ID), b.globalFrom[g.ID])
			}
			continue
		}
		b.globals[g.ID] = g
		b.globalFrom[g.ID] = file
	}
	return nil
}

func (b *builder) sets() *Sets {
	s := &Sets{}
	for _, e := range b.entries {
		s.Entries = append(s.Entries, *e)
	}
	sort.Slice(s.Entries, func(i, j int) bool { return s.Entries[i].Name < s.Entries[j].Name })
	for _, g := range b.globals {
		s.DeviceGlobals = append(s.DeviceGlobals, g)
	}
	sort.Slice(s.DeviceGlobals, func(i, j int) bool { return s.DeviceGlobals[i].ID < s.DeviceGlobals[j].ID })
	return s
}

func readRequirements(s *propset.Set, e *Entry, file string) error {
	for _, p := range s.Properties() {
		v := p.Value
		bad := func(msg string) error { return &SetError{file, s.Name, p.Name, msg} }
		var err error
		switch p.Name {
		case "aspects":
			e.Aspects, err = u32Array(v)
		case "fixed_target":
			e.FixedTargets, err = u32Array(v)
		case "joint_matrix":
			e.JointMatrix, err = str(v)
		case "joint_matrix_mad":
			e.JointMatrixMad, err = str(v)
		case "reqd_sub_group_size":
			e.ReqdSubGroupSize, err = u32(v)
		case "work_group_num_dim":
			e.WorkGroupNumDim, err = u32(v)
		case "reqd_work_group_size":
			// The 32-bit copy of reqd_work_group_size_uint64_t.
			_, err = u32Array(v)
		case "reqd_work_group_size_uint64_t":
			e.ReqdWorkGroupSize, err = u64Array(v)
		default:
			return bad("property not known to the annotation")
		}
		if err != nil {
			return bad(err.Error())
		}
	}
	return nil
}

func readMisc(s *propset.Set, e *Entry, file string) error {
	for _, p := range s.Properties() {
		switch p.Name {
		case "optLevel":
			v, err := u32(p.Value)
			if err != nil {
				return &SetError{file, s.Name, p.Name, err.Error()}
			}
			e.OptLevel = v
		case "idQueriesRange":
			v, err := u32(p.Value)
			if err != nil {
				return &SetError{file, s.Name, p.Name, err.Error()}
			}
			e.IDQueriesRange = v
		default:
			return &SetError{file, s.Name, p.Name, "property not known to the annotation"}
		}
	}
	return nil
}

func u32(v propset.Value) (*uint32, error) {
	if v.Type() != propset.Uint32 {
		return nil, errors.New("want a UINT32 (type 1)")
	}
	n := v.Uint32()
	return &n, nil
}

func str(v propset.Value) (string, error) {
	if v.Type() != propset.ByteArray || v.BitCount()%8 != 0 {
		return "", errors.New("want a string (whole bytes)")
	}
	return string(v.Data()), nil
}

func u32Array(v propset.Value) ([]uint32, error) {
	if v.Type() != propset.ByteArray || v.BitCount()%32 != 0 {
		return nil, errors.New("want an array of 32-bit values")
	}
	d := v.Data()
	out := make([]uint32, 0, len(d)/4)
	for i := 0; i+4 <= len(d); i += 4 {
		out = append(out, binary.LittleEndian.Uint32(d[i:]))
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func u64Array(v propset.Value) ([]uint64, error) {
	if v.Type() != propset.ByteArray || v.BitCount()%64 != 0 || v.BitCount() == 0 {
		return nil, errors.New("want a non-empty array of 64-bit values")
	}
	d := v.Data()
	var out []uint64
	for i := 0; i+8 <= len(d); i += 8 {
		out = append(out, binary.LittleEndian.Uint64(d[i:]))
	}
	return out, nil
}

func bitVector(v propset.Value) ([]bool, error) {
	if v.Type() != propset.ByteArray {
		return nil, errors.New("want a bit vector (type 2)")
	}
	d := v.Data()
	bits := make([]bool, v.BitCount())
	for i := range bits {
		bits[i] = d[i/8]&(1<<uint(i%8)) != 0
	}
	return bits, nil
}
