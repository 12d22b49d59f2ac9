package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/syclbin"
)

// The report types are both the -json schema and the source of the text
// rendering, so the two views always agree.

type report struct {
	Format          string          `json:"format"` // syclbin, offload-binary, offload-bundle, elf
	SYCLBIN         *syclbinReport  `json:"syclbin,omitempty"`
	OffloadBinaries []binaryReport  `json:"offload_binaries,omitempty"`
	Bundle          *bundleReport   `json:"bundle,omitempty"`
	Descriptors     []descReport    `json:"descriptors,omitempty"`
	Sections        []sectionReport `json:"sections,omitempty"`
}

type blob struct {
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"`
}

func blobOf(b []byte) blob {
	s := sha256.Sum256(b)
	return blob{Size: len(b), SHA256: hex.EncodeToString(s[:])}
}

type propReport struct {
	Name   string  `json:"name"`
	Type   string  `json:"type"`
	Uint32 *uint32 `json:"uint32,omitempty"`
	Bits   *uint64 `json:"bits,omitempty"`
	Hex    *string `json:"hex,omitempty"`
}

type setReport struct {
	Name       string       `json:"name"`
	Properties []propReport `json:"properties"`
}

func propsOf(r *propset.Registry) []setReport {
	if r == nil {
		return nil
	}
	out := []setReport{}
	for _, s := range r.Sets() {
		sr := setReport{Name: s.Name, Properties: []propReport{}}
		for _, p := range s.Properties() {
			pr := propReport{Name: p.Name, Type: p.Value.Type().String()}
			if p.Value.Type() == propset.Uint32 {
				v := p.Value.Uint32()
				pr.Uint32 = &v
			} else {
				bits, h := p.Value.BitCount(), hex.EncodeToString(p.Value.Data())
				pr.Bits, pr.Hex = &bits, &h
			}
			sr.Properties = append(sr.Properties, pr)
		}
		out = append(out, sr)
	}
	return out
}

type moduleReport struct {
	IRType     string      `json:"ir_type,omitempty"`
	Target     string      `json:"target,omitempty"`
	Arch       string      `json:"arch,omitempty"`
	Data       blob        `json:"data"`
	Properties []setReport `json:"metadata,omitempty"`
}

type amReport struct {
	Properties   []setReport    `json:"metadata,omitempty"`
	IRModules    []moduleReport `json:"ir_modules,omitempty"`
	NativeImages []moduleReport `json:"native_images,omitempty"`
}

type syclbinReport struct {
	Container       string      `json:"container"`
	Version         int         `json:"version"`
	State           string      `json:"state"`
	Metadata        []setReport `json:"global_metadata,omitempty"`
	AbstractModules []amReport  `json:"abstract_modules"`
}

func syclbinOf(f *syclbin.File, c syclbin.Container) *syclbinReport {
	v := 1
	if c == syclbin.ContainerV2 {
		v = 2
	}
	r := &syclbinReport{Container: c.String(), Version: v, State: "unknown", Metadata: propsOf(f.Metadata), AbstractModules: []amReport{}}
	if st, ok := f.State(); ok {
		r.State = st.String()
	}
	for _, am := range f.AbstractModules {
		a := amReport{Properties: propsOf(am.Metadata)}
		for _, m := range am.IRModules {
			mr := moduleReport{Data: blobOf(m.Data), Properties: propsOf(m.Metadata)}
			if t, ok := syclbin.Uint32Property(m.Metadata, syclbin.IRModuleSet, syclbin.KeyType); ok {
				mr.IRType = syclbin.IRType(t).String()
			}
			mr.Target, _ = syclbin.StringProperty(m.Metadata, syclbin.IRModuleSet, syclbin.KeyTarget)
			a.IRModules = append(a.IRModules, mr)
		}
		for _, m := range am.NativeImages {
			mr := moduleReport{Data: blobOf(m.Data), Properties: propsOf(m.Metadata)}
			mr.Arch, _ = syclbin.StringProperty(m.Metadata, syclbin.NativeImageSet, syclbin.KeyArch)
			a.NativeImages = append(a.NativeImages, mr)
		}
		r.AbstractModules = append(r.AbstractModules, a)
	}
	return r
}

type stringReport struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type entryReport struct {
	ImageKind   string         `json:"image_kind"`
	OffloadKind string         `json:"offload_kind"`
	Flags       uint32         `json:"flags"`
	Strings     []stringReport `json:"strings"`
	Image       blob           `json:"image"`
	SYCLBIN     *syclbinReport `json:"syclbin,omitempty"`
}

type binaryReport struct {
	Section    string        `json:"section,omitempty"`
	Version    uint32        `json:"version"`
	Compressed bool          `json:"compressed"`
	Entries    []entryReport `json:"entries"`
}

func binariesOf(bins []*offloadbinary.Binary, section string) []binaryReport {
	var out []binaryReport
	for _, b := range bins {
		br := binaryReport{Section: section, Version: b.Version, Compressed: b.Compressed, Entries: []entryReport{}}
		for _, e := range b.Entries {
			er := entryReport{ImageKind: e.ImageKind.String(), OffloadKind: e.OffloadKind.String(), Flags: e.Flags,
				Strings: []stringReport{}, Image: blobOf(e.Image)}
			for _, s := range e.Strings {
				er.Strings = append(er.Strings, stringReport{s.Key, s.Value})
			}
			// A SYCLBIN v1 may be wrapped as an entry's image.
			if syclbin.IsSYCLBIN(e.Image) {
				if f, err := syclbin.Parse(e.Image); err == nil {
					er.SYCLBIN = syclbinOf(f, syclbin.ContainerWrappedV1)
				}
			}
			br.Entries = append(br.Entries, er)
		}
		out = append(out, br)
	}
	return out
}

type bundleEntryReport struct {
	ID   string `json:"id"`
	Data blob   `json:"data"`
}

type ccobReport struct {
	Version          uint16 `json:"version"`
	Method           string `json:"method"`
	TotalSize        uint64 `json:"total_size,omitempty"`
	UncompressedSize uint64 `json:"uncompressed_size"`
	Hash             string `json:"hash"`
}

type bundleReport struct {
	Form       string              `json:"form"`
	Compressed *ccobReport         `json:"compressed,omitempty"`
	Entries    []bundleEntryReport `json:"entries"`
}

func bundleOf(d *offloadbundle.Decoded) *bundleReport {
	r := &bundleReport{Form: d.Form.String(), Entries: []bundleEntryReport{}}
	if c := d.Compressed; c != nil {
		m := fmt.Sprintf("method %d", c.Method)
		switch c.Method {
		case offloadbundle.MethodZstd:
			m = "zstd"
		case offloadbundle.MethodZlib:
			m = "zlib"
		}
		r.Compressed = &ccobReport{Version: c.Version, Method: m, TotalSize: c.TotalSize, UncompressedSize: c.UncompressedSize, Hash: fmt.Sprintf("%016x", c.Hash)}
	}
	for _, e := range d.Bundle.Entries {
		r.Entries = append(r.Entries, bundleEntryReport{ID: e.ID, Data: blobOf(e.Data)})
	}
	return r
}

type imageReport struct {
	Version        uint16      `json:"version"`
	Kind           uint8       `json:"kind"`
	Format         uint8       `json:"format"`
	FormatName     string      `json:"format_name"`
	Target         string      `json:"target"`
	CompileOptions string      `json:"compile_options"`
	LinkOptions    string      `json:"link_options"`
	Data           blob        `json:"data"`
	Decompressed   *uint64     `json:"decompressed_size,omitempty"`
	EntryLayout    string      `json:"entry_layout,omitempty"`
	Entries        []string    `json:"entries"`
	PropertySets   []setReport `json:"property_sets"`
}

// descReport says where the descriptor lies as well as what it holds: a
// shared library may hold hundreds of descriptors, all with the symbol
// ".sycl_offloading.descriptor". Address is 0 (left out) in relocatable
// objects.
type descReport struct {
	Symbol        string        `json:"symbol"`
	Address       uint64        `json:"address,omitempty"`
	Section       string        `json:"section"`
	SectionIndex  int           `json:"section_index"`
	SectionOffset uint64        `json:"section_offset"`
	Version       uint16        `json:"version"`
	Images        []imageReport `json:"images"`
}

func descsOf(descs []devicebinaries.Descriptor) []descReport {
	var out []descReport
	for _, d := range descs {
		dr := descReport{Symbol: d.Symbol, Address: d.Address, Section: d.Section, SectionIndex: d.SectionIndex, SectionOffset: d.Offset,
			Version: d.Version, Images: []imageReport{}}
		for _, img := range d.Images {
			ir := imageReport{Version: img.Version, Kind: img.Kind, Format: img.Format, FormatName: "unknown",
				Target: img.Target, CompileOptions: img.CompileOptions, LinkOptions: img.LinkOptions,
				Data: blobOf(img.Data), Entries: append([]string{}, img.Entries...), PropertySets: propsOf(img.Properties)}
			if ir.PropertySets == nil {
				ir.PropertySets = []setReport{}
			}
			if n := descriptor.Format(img.Format).Name(); n != "" {
				ir.FormatName = n
			}
			if img.Format == 4 {
				// Format 4: a zstd frame whose header records the size.
				var h zstd.Header
				if err := h.Decode(img.Data); err == nil && h.HasFCS {
					n := h.FrameContentSize
					ir.Decompressed = &n
				}
			}
			if len(img.Entries) > 0 {
				ir.EntryLayout = "old (32-byte)"
				if img.NewEntries {
					ir.EntryLayout = "new (56-byte)"
				}
			}
			dr.Images = append(dr.Images, ir)
		}
		out = append(out, dr)
	}
	return out
}

type sectionReport struct {
	Name string `json:"name"`
	Data blob   `json:"data"`
}

// inspectData decodes any supported container.
func inspectData(data []byte, budget *inflate.Budget) (*report, error) {
	switch {
	case syclbin.IsSYCLBIN(data):
		f, err := syclbin.Parse(data)
		if err != nil {
			return nil, err
		}
		return &report{Format: "syclbin", SYCLBIN: syclbinOf(f, syclbin.ContainerV1)}, nil
	case offloadbinary.IsOffloadBinary(data):
		bins, err := offloadbinary.ParseOptions{Budget: budget}.ParseAll(data)
		if err != nil {
			return nil, err
		}
		r := &report{Format: "offload-binary", OffloadBinaries: binariesOf(bins, "")}
		// A SYCLBIN v2 is an OffloadBinary whose entries say so.
		if len(bins) == 1 && len(bins[0].Entries) > 0 {
			if _, ok := bins[0].Entries[0].Get(syclbin.KeyFormatVersion); ok {
				f, c, err := syclbin.FromBinaries(bins)
				if err != nil {
					return nil, err
				}
				r.SYCLBIN = syclbinOf(f, c)
			}
		}
		return r, nil
	case offloadbundle.IsCompressed(data) || offloadbundle.IsBinary(data):
		d, err := offloadbundle.Parse(data, budget)
		if err != nil {
			return nil, err
		}
		return &report{Format: "offload-bundle", Bundle: bundleOf(d)}, nil
	case devicebinaries.IsELF(data):
		return inspectELF(data, budget)
	case offloadbundle.IsText(data):
		d, err := offloadbundle.Parse(data, budget)
		if err != nil {
			return nil, err
		}
		return &report{Format: "offload-bundle", Bundle: bundleOf(d)}, nil
	}
	return nil, errors.New("unknown format (not a SYCLBIN, OffloadBinary, offload bundle or ELF file)")
}

func inspectELF(data []byte, budget *inflate.Budget) (*report, error) {
	r := &report{Format: "elf"}
	descs, err := devicebinaries.Read(data)
	var nf *devicebinaries.NotFoundError
	if err != nil && !errors.As(err, &nf) {
		return nil, err
	}
	r.Descriptors = descsOf(descs)
	secs, err := devicebinaries.OffloadSections(data)
	if err != nil {
		return nil, err
	}
	for _, s := range secs {
		if uint32(s.Type) == devicebinaries.SHTLLVMOffloading || strings.HasPrefix(s.Name, ".llvm.offloading") {
			bins, err := offloadbinary.ParseOptions{Budget: budget}.ParseAll(s.Data)
			if err != nil {
				return nil, fmt.Errorf("section %s: %w", s.Name, err)
			}
			r.OffloadBinaries = append(r.OffloadBinaries, binariesOf(bins, s.Name)...)
			continue
		}
		r.Sections = append(r.Sections, sectionReport{Name: s.Name, Data: blobOf(s.Data)})
	}
	if len(r.Descriptors) == 0 && len(r.OffloadBinaries) == 0 && len(r.Sections) == 0 {
		return nil, errors.New("ELF file without SYCL offload data (no descriptor, .llvm.offloading or bundle sections)")
	}
	return r, nil
}

func runInspect(args []string, budget *inflate.Budget, stdout io.Writer) error {
	fs := newFlagSet(nil, []string{"json"})
	var path string
	asJSON := false
	err := fs.walk(args, func(name, val string) error {
		switch name {
		case "":
			if path != "" {
				return usagef("inspect: want exactly one FILE")
			}
			path = val
		case "json":
			asJSON = boolVal(val)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if path == "" {
		return usagef("inspect: want exactly one FILE")
	}
	data, err := inputfile.Read(path, inputfile.Program)
	if err != nil {
		return err
	}
	r, err := inspectData(data, budget)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if asJSON {
		out, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		_, err = stdout.Write(append(escapeFormatChars(out), '\n'))
		return err
	}
	return writeText(stdout, r)
}

// escapeFormatChars writes, as \uXXXX escapes, the characters that
// encoding/json leaves raw but a terminal acts on: format and bidi
// characters such as a right-to-left override, and other non-printable
// runes (ESC and other controls are escaped by encoding/json already). In
// JSON text they can only stand inside strings, where the escape means the
// same character.
func escapeFormatChars(js []byte) []byte {
	var out []byte
	for i := 0; i < len(js); {
		r, n := utf8.DecodeRune(js[i:])
		if r < utf8.RuneSelf || unicode.IsPrint(r) || r == utf8.RuneError {
			out = append(out, js[i:i+n]...)
		} else if r > 0xffff {
			hi, lo := utf16.EncodeRune(r)
			out = append(out, fmt.Sprintf("\\u%04x\\u%04x", hi, lo)...)
		} else {
			out = append(out, fmt.Sprintf("\\u%04x", r)...)
		}
		i += n
	}
	return out
}
