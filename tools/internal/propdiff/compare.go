package propdiff

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Difference is one property of one kernel whose value differs. Kernel is
// an entry name, or, for what an image of ours holds as a whole (the union
// of its kernels' requirements, its spec constants, device globals and
// symbols), its entries joined by ','. Ours and Theirs are the values as
// the report shows them; "(none)" for a missing property.
type Difference struct {
	Kernel, Set, Property string
	Ours, Theirs          string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: [%s] %s: ours %s, theirs %s", d.Kernel, d.Set, d.Property, d.Ours, d.Theirs)
}

// The pseudo-set of entry-point differences.
const setEntries = "entries"

// knownSets are compared by their own rules; any other set must be equal,
// property by property, between a kernel's images.
var knownSets = map[string]bool{
	SetSpecConstants: true, SetSpecConstantsDefaults: true, SetDevicelibReqMask: true,
	SetKernelParamOpt: true, SetProgramMetadata: true, SetMiscProperties: true,
	SetAssertUsed: true, SetExportedSymbols: true, SetImportedSymbols: true,
	SetKernelNames: true, SetDeviceGlobals: true, SetDeviceRequirements: true,
	SetHostPipes: true, SetVirtualFunctions: true, SetImplicitLocalArg: true,
	SetRegisteredKernels: true,
}

// index finds a table's images by entry point and by exported symbol.
type index struct {
	byEntry   map[string][]*Image
	exporters map[string][]*Image
}

func newIndex(t *Table) *index {
	x := &index{byEntry: map[string][]*Image{}, exporters: map[string][]*Image{}}
	for _, img := range t.Images {
		for _, e := range img.Entries {
			x.byEntry[e] = append(x.byEntry[e], img)
		}
		for _, s := range keys(img, SetExportedSymbols) {
			x.exporters[s] = append(x.exporters[s], img)
		}
	}
	return x
}

// Compare returns the differences between ours and theirs that no
// allowance covers, sorted and without repeats.
func Compare(ours, theirs *Table) []Difference {
	c := &comparer{oi: newIndex(ours), ti: newIndex(theirs), theirs: theirs}
	names := map[string]bool{}
	for n := range c.oi.byEntry {
		names[n] = true
	}
	for n := range c.ti.byEntry {
		names[n] = true
	}
	for _, k := range sortedKeys(names) {
		os, ts := c.oi.byEntry[k], c.ti.byEntry[k]
		switch {
		case len(os) == 0 && allExport(ts, k):
			// Allowed: external-function-entries.
		case len(os) == 0 || len(ts) == 0:
			c.add(k, setEntries, "image", imageNames(os), imageNames(ts))
		default:
			// One image per definition: a template kernel that two TUs
			// instantiate is in two images on both sides with the per-TU
			// device link, in one image of ours with the whole-program link.
			if len(os) > 1 && len(os) > len(ts) {
				c.add(k, setEntries, "image", imageNames(os), imageNames(ts))
			}
			for _, o := range os {
				for _, t := range ts {
					c.entry(k, o, t)
				}
			}
		}
	}
	for _, o := range ours.Images {
		var ts []*Image
		seen := map[*Image]bool{}
		for _, e := range o.Entries {
			for _, t := range c.ti.byEntry[e] {
				if !seen[t] {
					seen[t] = true
					ts = append(ts, t)
				}
			}
		}
		if len(ts) > 0 {
			c.image(o, ts)
		}
	}
	return c.result()
}

type comparer struct {
	oi, ti *index
	theirs *Table
	diffs  map[Difference]bool
}

func (c *comparer) add(kernel, set, prop, ours, theirs string) {
	if c.diffs == nil {
		c.diffs = map[Difference]bool{}
	}
	c.diffs[Difference{Kernel: kernel, Set: set, Property: prop, Ours: ours, Theirs: theirs}] = true
}

func (c *comparer) result() []Difference {
	if len(c.diffs) == 0 {
		return nil
	}
	out := make([]Difference, 0, len(c.diffs))
	for d := range c.diffs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kernel != b.Kernel {
			return a.Kernel < b.Kernel
		}
		if a.Set != b.Set {
			return a.Set < b.Set
		}
		if a.Property != b.Property {
			return a.Property < b.Property
		}
		if a.Ours != b.Ours {
			return a.Ours < b.Ours
		}
		return a.Theirs < b.Theirs
	})
	return out
}

// prop reports one property that must be equal in o and t.
func (c *comparer) prop(kernel, set, name string, o, t *Image) {
	ov, ook := get(o, set, name)
	tv, tok := get(t, set, name)
	if ook != tok || !ov.Equal(tv) {
		c.add(kernel, set, name, show(set, name, ov, ook), show(set, name, tv, tok))
	}
}

// entry compares what is per kernel: the properties keyed by the kernel's
// name, and the image-wide values that must agree for every kernel of an
// image (work-group and sub-group requirements, optLevel, ...).
func (c *comparer) entry(k string, o, t *Image) {
	for _, set := range []string{SetKernelParamOpt, SetAssertUsed, SetImplicitLocalArg, SetKernelNames} {
		if set == SetAssertUsed && legacyAssertUsed(k, o, t) {
			continue
		}
		c.prop(k, set, k, o, t)
	}
	for _, n := range unionOf(keys(o, SetProgramMetadata), keys(t, SetProgramMetadata)) {
		if strings.HasPrefix(n, k+"@") {
			c.prop(k, SetProgramMetadata, n, o, t)
		}
	}
	for _, n := range unionOf(keys(o, SetDeviceRequirements), keys(t, SetDeviceRequirements)) {
		if !unionRequirements[n] && !legacyWorkGroupSize(n, o, t) {
			c.prop(k, SetDeviceRequirements, n, o, t)
		}
	}
	for _, set := range []string{SetMiscProperties, SetDevicelibMetadata} {
		for _, n := range unionOf(keys(o, set), keys(t, set)) {
			c.prop(k, set, n, o, t)
		}
	}
	c.prop(k, SetVirtualFunctions, "virtual-functions-set", o, t)
	for _, n := range unionOf(keys(o, SetRegisteredKernels), keys(t, SetRegisteredKernels)) {
		ov, _ := get(o, SetRegisteredKernels, n)
		tv, _ := get(t, SetRegisteredKernels, n)
		if string(ov.Data()) == k || string(tv.Data()) == k {
			c.prop(k, SetRegisteredKernels, n, o, t)
		}
	}
	var other []string
	for _, img := range []*Image{o, t} {
		for _, s := range img.Props.Sets() {
			if !knownSets[s.Name] && s.Name != SetDevicelibMetadata {
				other = append(other, s.Name)
			}
		}
	}
	// A key naming another kernel of O is that kernel's, compared with
	// its own image of theirs.
	others := map[string]bool{}
	for _, e := range o.Entries {
		others[e] = e != k
	}
	for _, set := range unionOf(other) {
		for _, n := range unionOf(keys(o, set), keys(t, set)) {
			if !others[n] {
				c.prop(k, set, n, o, t)
			}
		}
	}
}

// legacyWorkGroupSize reports the allowed difference
// legacy-reqd-work-group-size: ours has the u32 reqd_work_group_size that
// theirs does not write, holding the values of its own
// reqd_work_group_size_uint64_t (which is compared with theirs on its own).
func legacyWorkGroupSize(name string, o, t *Image) bool {
	if name != "reqd_work_group_size" {
		return false
	}
	legacy, ok := get(o, SetDeviceRequirements, name)
	if _, theirs := get(t, SetDeviceRequirements, name); !ok || theirs {
		return false
	}
	wide, ok := get(o, SetDeviceRequirements, "reqd_work_group_size_uint64_t")
	if !ok || legacy.Type() != propset.ByteArray || wide.Type() != propset.ByteArray || 2*len(legacy.Data()) != len(wide.Data()) || len(wide.Data())%8 != 0 {
		return false
	}
	for i := 0; i < len(wide.Data())/8; i++ {
		if binary.LittleEndian.Uint64(wide.Data()[8*i:]) != uint64(binary.LittleEndian.Uint32(legacy.Data()[4*i:])) {
			return false
		}
	}
	return true
}

// image compares what an image of ours holds for all its kernels with the
// images of theirs of the same kernels (ts).
func (c *comparer) image(o *Image, ts []*Image) {
	label := strings.Join(o.Entries, ",")
	exp := c.exportersOf(ts)
	c.requirements(label, o, ts, exp)
	c.devicelibMask(label, o, ts, exp)
	c.specConstants(label, o, ts)
	c.globals(label, o, ts)
	c.helperMetadata(label, o, ts, exp)
	c.symbols(label, o, ts)
	c.usedVirtualSets(label, o, ts, exp)
}

// exportersOf returns the images of theirs that export what ts import,
// and what those import, transitively.
func (c *comparer) exportersOf(ts []*Image) []*Image {
	seen := map[*Image]bool{}
	for _, t := range ts {
		seen[t] = true
	}
	queue := append([]*Image(nil), ts...)
	var out []*Image
	for len(queue) > 0 {
		img := queue[0]
		queue = queue[1:]
		for _, s := range keys(img, SetImportedSymbols) {
			for _, x := range c.ti.exporters[s] {
				if !seen[x] {
					seen[x] = true
					out = append(out, x)
					queue = append(queue, x)
				}
			}
		}
	}
	return out
}

// requirements: aspects, fixed_target and the joint-matrix records of an
// image are the union of its kernels'; ours may add those of the
// definitions the link brought in (imported-requirements).
func (c *comparer) requirements(label string, o *Image, ts, exp []*Image) {
	for _, p := range sortedKeys(unionRequirements) {
		ov, ook := get(o, SetDeviceRequirements, p)
		ours, good := map[string]bool{}, true
		if ook {
			ours, good = members(p, ov)
		}
		if !good {
			c.add(label, SetDeviceRequirements, p, "malformed "+show(SetDeviceRequirements, p, ov, true), "-")
			continue
		}
		want, allow := map[string]bool{}, map[string]bool{}
		for _, group := range []struct {
			imgs []*Image
			into map[string]bool
		}{{ts, want}, {exp, allow}} {
			for _, t := range group.imgs {
				tv, ok := get(t, SetDeviceRequirements, p)
				if !ok {
					continue
				}
				m, good := members(p, tv)
				if !good {
					c.add(label, SetDeviceRequirements, p, "-", "malformed "+show(SetDeviceRequirements, p, tv, true)+" in "+t.Name)
					continue
				}
				for x := range m {
					group.into[x] = true
				}
			}
		}
		bad := false
		for x := range want {
			bad = bad || !ours[x]
		}
		for x := range ours {
			bad = bad || !want[x] && !allow[x]
		}
		if bad {
			c.add(label, SetDeviceRequirements, p, showMembers(p, ours, ook), showMembers(p, want, true))
		}
	}
}

func showMembers(p string, m map[string]bool, present bool) string {
	if !present {
		return none
	}
	if p == "aspects" || p == "fixed_target" {
		var n []int
		for x := range m {
			v, _ := strconv.Atoi(x)
			n = append(n, v)
		}
		sort.Ints(n)
		s := make([]string, len(n))
		for i, v := range n {
			s[i] = strconv.Itoa(v)
		}
		return "[" + strings.Join(s, " ") + "]"
	}
	return errtext.Quote(strings.Join(sortedKeys(m), ";"))
}

// anySet reports whether any of imgs has property set name.
func anySet(imgs []*Image, name string) bool {
	for _, img := range imgs {
		if _, ok := img.Props.Set(name); ok {
			return true
		}
	}
	return false
}

// legacyAssertUsed: ours lists kernel k in SYCL/assert used and theirs does
// not write the set at all (legacy-assert-used).
func legacyAssertUsed(k string, o, t *Image) bool {
	_, ours := get(o, SetAssertUsed, k)
	return ours && len(keys(t, SetAssertUsed)) == 0
}

// devicelibMask: the device libraries an image needs are those its
// kernels need, plus those of linked-in definitions. A missing mask is 0
// (newer sycl-post-link writes none; the runtime then links no library).
func (c *comparer) devicelibMask(label string, o *Image, ts, exp []*Image) {
	const p = "DeviceLibReqMask"
	mask := func(imgs []*Image) (m uint32) {
		for _, img := range imgs {
			v, _ := get(img, SetDevicelibReqMask, p)
			m |= v.Uint32()
		}
		return m
	}
	have, want, allow := mask([]*Image{o}), mask(ts), mask(exp)
	// legacy-devicelib-mask: theirs writes no mask at all.
	if !anySet(ts, SetDevicelibReqMask) {
		want, allow = 0, ^uint32(0)
	}
	if want&^have != 0 || have&^want&^allow != 0 {
		c.add(label, SetDevicelibReqMask, p, strconv.FormatUint(uint64(have), 10), strconv.FormatUint(uint64(want), 10))
	}
}

// specConstants: an image holds the constants of all its kernels, each
// with its kernel's layout and default (spec-const-numbering).
func (c *comparer) specConstants(label string, o *Image, ts []*Image) {
	ours, err := specConsts(o)
	if err != nil {
		c.add(label, SetSpecConstants, "(table)", "malformed: "+err.Error(), "-")
		return
	}
	// shared-image-spec-consts: an image of theirs that also holds kernels
	// ours' image does not (theirs split per_source) lists their constants
	// too; its constants need not all be in ours, but ours' must be among
	// theirs'.
	inOurs := map[string]bool{}
	for _, e := range o.Entries {
		inOurs[e] = true
	}
	want := map[string][]*specConst{}
	required := map[string]bool{}
	for _, t := range ts {
		m, err := specConsts(t)
		if err != nil {
			c.add(label, SetSpecConstants, "(table)", "-", "malformed in "+t.Name+": "+err.Error())
			continue
		}
		contained := true
		for _, e := range t.Entries {
			contained = contained && inOurs[e]
		}
		for n, sc := range m {
			want[n] = append(want[n], sc)
			required[n] = required[n] || contained
		}
	}
	for n, scs := range want {
		for _, sc := range scs {
			if _, ok := ours[n]; !ok && !required[n] {
				continue
			}
			o, ok := ours[n]
			switch {
			case !ok:
				c.add(label, SetSpecConstants, n, none, sc.String())
			case o.Layout != sc.Layout || string(o.Default) != string(sc.Default):
				c.add(label, SetSpecConstants, n, o.String(), sc.String())
			}
		}
	}
	for n, sc := range ours {
		if len(want[n]) == 0 {
			c.add(label, SetSpecConstants, n, sc.String(), none)
		}
	}
}

// globals: the device globals and host pipes (by unique id) of the
// kernels' images of theirs must be in ours with the same values; ours may
// list more that theirs lists elsewhere (linked-device-globals).
func (c *comparer) globals(label string, o *Image, ts []*Image) {
	isMapping := func(n string) bool { return strings.HasSuffix(n, "@global_id_mapping") }
	all := func(string) bool { return true }
	for _, g := range []struct {
		set  string
		keep func(string) bool
	}{{SetDeviceGlobals, all}, {SetHostPipes, all}, {SetProgramMetadata, isMapping}} {
		c.keyedUnion(label, g.set, g.keep, o, ts, c.theirs.Images)
	}
}

// helperMetadata: program metadata of functions that are not entry points
// of the image (helpers with work-group attributes) is the union of the
// kernels' images'; ours may add the linked-in definitions'
// (imported-requirements).
func (c *comparer) helperMetadata(label string, o *Image, ts, exp []*Image) {
	entries := map[string]bool{}
	for _, img := range append([]*Image{o}, ts...) {
		for _, e := range img.Entries {
			entries[e] = true
		}
	}
	helper := func(n string) bool {
		at := strings.LastIndexByte(n, '@')
		return at >= 0 && !entries[n[:at]] && !strings.HasSuffix(n, "@global_id_mapping")
	}
	c.keyedUnion(label, SetProgramMetadata, helper, o, ts, exp)
}

// keyedUnion compares the properties of set that keep selects: each one
// the images ts have must be in o with the same value; one only o has must
// be in some image of extra with the same value.
func (c *comparer) keyedUnion(label, set string, keep func(string) bool, o *Image, ts, extra []*Image) {
	want := map[string]bool{}
	for _, t := range ts {
		for _, n := range keys(t, set) {
			if !keep(n) {
				continue
			}
			want[n] = true
			ov, ook := get(o, set, n)
			tv, _ := get(t, set, n)
			if !ook || !ov.Equal(tv) {
				c.add(label, set, n, show(set, n, ov, ook), show(set, n, tv, true))
			}
		}
	}
	for _, n := range keys(o, set) {
		if !keep(n) || want[n] {
			continue
		}
		ov, _ := get(o, set, n)
		found := false
		for _, x := range extra {
			if xv, ok := get(x, set, n); ok && xv.Equal(ov) {
				found = true
				break
			}
		}
		if !found {
			c.add(label, set, n, show(set, n, ov, true), none)
		}
	}
}

// symbols: after the static link ours exports only what theirs exports
// (static-link-exports) and imports only what no image of theirs defines
// (static-link-imports).
func (c *comparer) symbols(label string, o *Image, ts []*Image) {
	for _, s := range keys(o, SetExportedSymbols) {
		if len(c.ti.exporters[s]) == 0 {
			ov, _ := get(o, SetExportedSymbols, s)
			c.add(label, SetExportedSymbols, s, show(SetExportedSymbols, s, ov, true), none)
		}
	}
	imported := map[string]bool{}
	for _, t := range ts {
		for _, s := range keys(t, SetImportedSymbols) {
			imported[s] = true
		}
	}
	for _, s := range unionOf(keys(o, SetImportedSymbols), sortedKeys(imported)) {
		_, ours := get(o, SetImportedSymbols, s)
		external := imported[s] && len(c.ti.exporters[s]) == 0
		switch {
		case ours && !external:
			theirs := none
			if imported[s] {
				theirs = "imported, exported by " + imageNames(c.ti.exporters[s])
			}
			c.add(label, SetImportedSymbols, s, "imported", theirs)
		case !ours && external:
			// unresolved-import: the split of a statically linked program
			// lists only the device library's imports.
		}
	}
}

// usedVirtualSets: the virtual-function sets an image calls into are
// those its kernels call into, plus the linked-in definitions'.
func (c *comparer) usedVirtualSets(label string, o *Image, ts, exp []*Image) {
	const p = "uses-virtual-functions-set"
	collect := func(imgs []*Image) (map[string]bool, bool) {
		m, any := map[string]bool{}, false
		for _, img := range imgs {
			if v, ok := get(img, SetVirtualFunctions, p); ok {
				any = true
				for s := range symbolList(v) {
					m[s] = true
				}
			}
		}
		return m, any
	}
	ov, ook := get(o, SetVirtualFunctions, p)
	ours := map[string]bool{}
	if ook {
		ours = symbolList(ov)
	}
	want, tok := collect(ts)
	allow, _ := collect(exp)
	bad := false
	for s := range want {
		bad = bad || !ours[s]
	}
	for s := range ours {
		bad = bad || !want[s] && !allow[s]
	}
	if bad || ook && !tok && len(ours) > 0 {
		c.add(label, SetVirtualFunctions, p, setString(ours, ook), setString(want, tok))
	}
}

func setString(m map[string]bool, present bool) string {
	if !present {
		return none
	}
	return errtext.Quote(strings.Join(sortedKeys(m), ","))
}

// allExport reports whether every image holding entry k exports it: k is
// a SYCL_EXTERNAL function there, not a kernel.
func allExport(imgs []*Image, k string) bool {
	for _, img := range imgs {
		if _, ok := get(img, SetExportedSymbols, k); !ok {
			return false
		}
	}
	return len(imgs) > 0
}

func imageNames(imgs []*Image) string {
	if len(imgs) == 0 {
		return none
	}
	n := make([]string, len(imgs))
	for i, img := range imgs {
		n[i] = img.Name
	}
	return strings.Join(n, " ")
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func unionOf(lists ...[]string) []string {
	m := map[string]bool{}
	for _, l := range lists {
		for _, s := range l {
			m[s] = true
		}
	}
	return sortedKeys(m)
}
