// Package descriptor lays out the SYCL runtime's binary descriptor (what
// clang-offload-wrapper emits for -kind=sycl) as an ELF relocatable object:
// the sycl_device_binaries_struct, one sycl_device_binary_struct per image,
// offload entries, property sets and properties, their strings, the image
// bytes, and priority-1 constructor/destructor calling
// __sycl_register_lib(&desc) / __sycl_unregister_lib(&desc).
//
// Object layout (all pointers are relocations, so the object links into
// executables, PIEs and shared libraries alike):
//
//	.rodata                            strings (NUL-terminated, deduplicated)
//	                                   and byte-array property payloads
//	.data.rel.ro                       descriptor, image array, entry arrays,
//	                                   property-set and property arrays
//	__CLANG_OFFLOAD_BUNDLE__sycl-<T>   image bytes, one section per target T
//	.text.startup                      sycl.descriptor_reg / _unreg
//	.init_array.1 / .fini_array.1      pointers to them (priority 1)
//
// Limitation: on x86-64 the constructor reaches the descriptor with a
// 32-bit PC-relative lea, like small-model compiled code; a link whose
// read-only image sections push .data.rel.ro more than 2 GiB away from
// .text fails with a relocation overflow (the same limit as DPC++ without
// -fsycl-link-huge-device-code).
package descriptor

import (
	"fmt"

	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Format is the image format byte of sycl_device_binary_struct.
type Format uint8

// Image formats (SYCL_DEVICE_BINARY_TYPE_*).
const (
	FormatNone           Format = 0 // runtime sniffs the magic
	FormatNative         Format = 1
	FormatSPIRV          Format = 2
	FormatLLVMBC         Format = 3
	FormatCompressedNone Format = 4 // zstd frame; real format sniffed after decompression
)

// ParseFormat maps the wrapper's -format names to values ("compressed":
// the image is a zstd frame already, as bundler unwrap writes them).
func ParseFormat(s string) (Format, bool) {
	switch s {
	case "compressed":
		return FormatCompressedNone, true
	case "none":
		return FormatNone, true
	case "native":
		return FormatNative, true
	case "spirv":
		return FormatSPIRV, true
	case "llvmbc":
		return FormatLLVMBC, true
	}
	return 0, false
}

// Name is the wrapper's -format name of f ("" for values it has none for).
func (f Format) Name() string {
	switch f {
	case FormatNone:
		return "none"
	case FormatNative:
		return "native"
	case FormatSPIRV:
		return "spirv"
	case FormatLLVMBC:
		return "llvmbc"
	case FormatCompressedNone:
		return "compressed"
	}
	return ""
}

// ABI constants.
const (
	DescriptorVersion = 1 // SYCL_DEVICE_BINARIES_VERSION
	KindSYCL          = 4 // SYCL_DEVICE_BINARY_OFFLOAD_KIND_SYCL
	// ImageVersion2 is the 96-byte sycl_device_binary_struct with the
	// ManifestStart/End pointers: what libsycl.so.8 (oneAPI 2025.x) and
	// older read.
	ImageVersion2 = 2
	// ImageVersion3 is the 80-byte struct without them: what DPC++ writes
	// since intel/llvm#20748 (2025-11) and libsycl.so.9 (oneAPI 2026.x)
	// reads; the default.
	ImageVersion3 = 3
	// DefaultImageVersion is what Options.ImageVersion 0 selects.
	DefaultImageVersion = ImageVersion3

	DescriptorSize   = 32
	ImageSizeV2      = 96
	ImageSizeV3      = 80
	EntrySizeOld     = 32 // __tgt_offload_entry
	EntrySizeNew     = 56 // llvm::offloading::EntryTy
	PropertySetSize  = 24
	PropertySize     = 32
	entryNewVersion  = 1
	entryNewKindSYCL = 8 // OFK_SYCL
	propTypeUint32   = 1
	propTypeByteArr  = 2
)

// Image is one device image to register.
type Image struct {
	Target         string // DeviceTargetSpec, e.g. "spir64"
	Format         Format
	CompileOptions string
	LinkOptions    string
	Entries        []string          // offload entry names (.sym lines)
	Properties     *propset.Registry // nil: no property sets
	Data           elfobj.Source     // image bytes, streamed at write time
}

// Options select ABI variants.
type Options struct {
	Machine elfobj.Machine
	// ImageVersion selects the device image layout: ImageVersion3 (80
	// bytes, the default when 0) or ImageVersion2 (96 bytes). The runtime
	// does not check it: a mismatch makes it read every field after
	// LinkOptions from the wrong offset.
	ImageVersion int
	// NewEntries writes 56-byte offload entries (llvm::offloading::EntryTy,
	// DPC++'s new offload model) instead of the 32-byte __tgt_offload_entry
	// of clang-offload-wrapper. libsycl.so.9 accepts both.
	NewEntries bool
	// NoRegFuncs omits the constructor/destructor (-emit-reg-funcs=false).
	NoRegFuncs bool
	// DescName, when set, names the descriptor ".sycl_offloading.<DescName>"
	// and makes it global (-desc-name); otherwise it is the local
	// ".sycl_offloading.descriptor".
	DescName string
}

// Error reports invalid input to Build.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

const tag = ".sycl_offloading."

// ImageSection is the section holding the bytes of images for target, named
// as clang-offload-wrapper does so bundler-style tools can find them.
func ImageSection(target string) string { return "__CLANG_OFFLOAD_BUNDLE__sycl-" + target }

// InitArraySection and FiniArraySection carry the priority-1 constructor and
// destructor. The numeric suffix is the priority (what clang emits for
// llvm.global_ctors priority 1); GNU ld, gold and lld sort ".init_array.N"
// numerically ahead of plain ".init_array", so registration happens before
// any default-priority constructor, and unregistration after every
// default-priority destructor (.fini_array runs in reverse).
const (
	InitArraySection = ".init_array.1"
	FiniArraySection = ".fini_array.1"
)

type builder struct {
	o       *elfobj.Object
	rodata  *elfobj.Section
	relro   *elfobj.Section
	strings map[string]int64
}

// str returns the .rodata offset of a NUL-terminated copy of s.
func (b *builder) str(s string) int64 {
	if off, ok := b.strings[s]; ok {
		return off
	}
	off := b.rodata.Append(append([]byte(s), 0))
	b.strings[s] = off
	return off
}

func hasNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}

// MaxImages is the most images one descriptor can count (its NumDeviceBinaries is a u16).
const MaxImages = 0xffff

// Build lays out the descriptor for images.
func Build(images []Image, opt Options) (*elfobj.Object, error) {
	if opt.Machine != elfobj.X86_64 && opt.Machine != elfobj.AArch64 {
		return nil, &Error{fmt.Sprintf("unsupported host machine %v", opt.Machine)}
	}
	imgVersion := opt.ImageVersion
	if imgVersion == 0 {
		imgVersion = DefaultImageVersion
	}
	if imgVersion != ImageVersion2 && imgVersion != ImageVersion3 {
		return nil, &Error{fmt.Sprintf("unsupported device image version %d (want 2 or 3)", imgVersion)}
	}
	if len(images) > MaxImages {
		return nil, &Error{fmt.Sprintf("%d images exceed the descriptor's u16 count (at most %d per descriptor): split them over several wrapper actions, each with its own descriptor name", len(images), MaxImages)}
	}
	for i, img := range images {
		for _, s := range append([]string{img.Target, img.CompileOptions, img.LinkOptions}, img.Entries...) {
			if hasNUL(s) {
				return nil, &Error{fmt.Sprintf("image %d: string %q contains NUL", i, s)}
			}
		}
		if img.Target == "" {
			return nil, &Error{fmt.Sprintf("image %d: empty target", i)}
		}
		if img.Target == "native_cpu" {
			// native_cpu "images" are kernel-name/function-pointer tables
			// bracketed by BinaryStart/End, not bytes.
			return nil, &Error{fmt.Sprintf("image %d: native_cpu images (function tables) are not supported", i)}
		}
	}

	o := elfobj.New(opt.Machine)
	b := &builder{o: o, strings: map[string]int64{}}
	b.rodata = o.AddSection(".rodata", elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC, 8)
	b.relro = o.AddSection(".data.rel.ro", elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC|elfobj.SHF_WRITE, 8)
	ro, rw := b.rodata.Symbol(), b.relro.Symbol()
	ptr := func(off int64, target *elfobj.Symbol, addend int64) { o.SetPointer(b.relro, off, target, addend) }

	// Image sections: one per distinct target, in first-use order. LLVM puts
	// same-section globals into one section too.
	imgSecs := map[string]*elfobj.Section{}
	imgOff := make([]int64, len(images))
	for i, img := range images {
		name := ImageSection(img.Target)
		sec, ok := imgSecs[name]
		if !ok {
			sec = o.AddSection(name, elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC, 16)
			imgSecs[name] = sec
		}
		sec.Pad(16)
		imgOff[i] = sec.AppendSource(img.Data)
		o.AddSymbol(&elfobj.Symbol{Name: fmt.Sprintf("%s%d.data", tag, i), Section: sec, Value: imgOff[i], Size: img.Data.Size})
	}

	// Descriptor first, then the image array, then per-image arrays.
	descName := tag + "descriptor"
	if opt.DescName != "" {
		descName = tag + opt.DescName
	}
	descOff := b.relro.AppendFields(DescriptorSize)
	desc := o.AddSymbol(&elfobj.Symbol{Name: descName, Section: b.relro, Value: descOff, Size: DescriptorSize, Global: opt.DescName != ""})
	imgSize := int64(ImageSizeV2)
	if imgVersion == ImageVersion3 {
		imgSize = ImageSizeV3
	}
	arrOff := b.relro.AppendFields(imgSize * int64(len(images)))
	if len(images) > 0 {
		o.AddSymbol(&elfobj.Symbol{Name: tag + "device_images", Section: b.relro, Value: arrOff, Size: imgSize * int64(len(images))})
	}
	hdr := make([]byte, 4)
	hdr[0] = DescriptorVersion
	hdr[2], hdr[3] = byte(len(images)), byte(len(images)>>8)
	b.relro.Set(descOff, hdr)
	if len(images) > 0 {
		ptr(descOff+8, rw, arrOff)
	}
	// HostEntriesBegin/End stay NULL for SYCL.

	for i, img := range images {
		base := arrOff + int64(i)*imgSize
		b.relro.Set(base, []byte{byte(imgVersion), 0, KindSYCL, byte(img.Format)})
		ptr(base+8, ro, b.str(img.Target))
		ptr(base+16, ro, b.str(img.CompileOptions))
		ptr(base+24, ro, b.str(img.LinkOptions))
		f := base + 32 // BinaryStart; v2 has two NULL manifest pointers first
		if imgVersion == ImageVersion2 {
			f = base + 48
		}
		sec := imgSecs[ImageSection(img.Target)]
		ptr(f, sec.Symbol(), imgOff[i])
		ptr(f+8, sec.Symbol(), imgOff[i]+img.Data.Size)
		eb, ee := b.entries(img.Entries, opt.NewEntries)
		if eb >= 0 {
			ptr(f+16, rw, eb)
			ptr(f+24, rw, ee)
		}
		pb, pe, err := b.propertySets(img.Properties)
		if err != nil {
			return nil, &Error{fmt.Sprintf("image %d: %v", i, err)}
		}
		if pb >= 0 {
			ptr(f+32, rw, pb)
			ptr(f+40, rw, pe)
		}
	}

	if !opt.NoRegFuncs {
		text := o.AddSection(".text.startup", elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC|elfobj.SHF_EXECINSTR, 16)
		reg := o.AddSymbol(&elfobj.Symbol{Name: "__sycl_register_lib", Global: true})
		unreg := o.AddSymbol(&elfobj.Symbol{Name: "__sycl_unregister_lib", Global: true})
		ctor := o.AddTailCall(text, "sycl.descriptor_reg", desc.Section.Symbol(), desc.Value, reg)
		dtor := o.AddTailCall(text, "sycl.descriptor_unreg", desc.Section.Symbol(), desc.Value, unreg)
		init := o.AddSection(InitArraySection, elfobj.SHT_INIT_ARRAY, elfobj.SHF_ALLOC|elfobj.SHF_WRITE, 8)
		init.EntSize = 8
		o.AppendPointer(init, text.Symbol(), ctor.Value)
		fini := o.AddSection(FiniArraySection, elfobj.SHT_FINI_ARRAY, elfobj.SHF_ALLOC|elfobj.SHF_WRITE, 8)
		fini.EntSize = 8
		o.AppendPointer(fini, text.Symbol(), dtor.Value)
	}
	return o, nil
}

// entries lays out the offload entry array; -1 when there are none (the
// image's EntriesBegin/End stay NULL).
func (b *builder) entries(names []string, newLayout bool) (begin, end int64) {
	if len(names) == 0 {
		return -1, -1
	}
	size := int64(EntrySizeOld)
	if newLayout {
		size = EntrySizeNew
	}
	b.relro.Pad(8)
	begin = b.relro.AppendFields(size * int64(len(names)))
	b.o.AddSymbol(&elfobj.Symbol{Name: "__sycl_offload_entries_arr", Section: b.relro, Value: begin, Size: size * int64(len(names))})
	for i, n := range names {
		e := begin + int64(i)*size
		nameField := e + 8 // old: addr@0 NULL, name@8, size@16, flags@24, reserved@28
		if newLayout {
			// Reserved@0 = 0, Version@8, Kind@10, Flags@12 = 0, Address@16 NULL,
			// SymbolName@24, Size@32, Data@40, AuxAddr@48 all zero.
			b.relro.Set(e+8, []byte{entryNewVersion, 0, entryNewKindSYCL, 0})
			nameField = e + 24
		}
		b.o.SetPointer(b.relro, nameField, b.rodata.Symbol(), b.str(n))
	}
	return begin, begin + size*int64(len(names))
}

// propertySets lays out the property-set array and each set's property
// array; -1 when the image has no sets.
func (b *builder) propertySets(reg *propset.Registry) (begin, end int64, err error) {
	if reg == nil || reg.Len() == 0 {
		return -1, -1, nil
	}
	sets := reg.Sets()
	for _, s := range sets {
		if hasNUL(s.Name) {
			return 0, 0, fmt.Errorf("property set name %q contains NUL", s.Name)
		}
		for _, p := range s.Properties() {
			if hasNUL(p.Name) {
				return 0, 0, fmt.Errorf("property name %q contains NUL", p.Name)
			}
			if t := p.Value.Type(); t != propset.Uint32 && t != propset.ByteArray {
				return 0, 0, fmt.Errorf("property %q has invalid type %v", p.Name, t)
			}
		}
	}
	rw, ro := b.relro.Symbol(), b.rodata.Symbol()
	b.relro.Pad(8)
	begin = b.relro.AppendFields(PropertySetSize * int64(len(sets)))
	b.o.AddSymbol(&elfobj.Symbol{Name: "__sycl_offload_prop_sets_arr", Section: b.relro, Value: begin, Size: PropertySetSize * int64(len(sets))})
	for i, s := range sets {
		so := begin + int64(i)*PropertySetSize
		b.o.SetPointer(b.relro, so, ro, b.str(s.Name))
		props := s.Properties()
		if len(props) == 0 {
			continue // empty set: begin/end NULL
		}
		pa := b.relro.AppendFields(PropertySize * int64(len(props)))
		b.o.SetPointer(b.relro, so+8, rw, pa)
		b.o.SetPointer(b.relro, so+16, rw, pa+PropertySize*int64(len(props)))
		for j, p := range props {
			po := pa + int64(j)*PropertySize
			b.o.SetPointer(b.relro, po, ro, b.str(p.Name))
			var size uint64
			if p.Value.Type() == propset.Uint32 {
				// UINT32: ValAddr NULL, the value lives in ValSize.
				b.relro.Set(po+16, []byte{propTypeUint32})
				size = uint64(p.Value.Uint32())
			} else {
				// BYTE_ARRAY: ValAddr -> u64 bit count + data; ValSize counts both.
				payload := p.Value.Payload()
				b.rodata.Pad(8)
				vo := b.rodata.Append(payload)
				b.o.SetPointer(b.relro, po+8, ro, vo)
				b.relro.Set(po+16, []byte{propTypeByteArr})
				size = uint64(len(payload))
			}
			var le [8]byte
			for k := range le {
				le[k] = byte(size >> (8 * k))
			}
			b.relro.Set(po+24, le[:])
		}
	}
	return begin, begin + PropertySetSize*int64(len(sets)), nil
}
