// Package spirvspec lowers SYCL 2020 specialization constants in SPIR-V
// device images that still call the spec-constant intrinsics: what
// libsycl-jit.so (DPC++ 2026.2's runtime compiler, tools/syclc) returns. Its
// post-link (intel/llvm sycl-jit/jit-compiler/lib/rtc/DeviceCompilation.cpp,
// performPostLink) runs no SpecConstantsPass, so an image of a kernel that
// reads kernel_handler::get_specialization_constant imports
// __sycl_getScalar2020SpecConstantValue / __sycl_getComposite2020SpecConstantValue
// and lists no specialization-constant property sets: libsycl cannot set
// the constants and Intel's CPU runtime fails to build the program ("JIT
// session error: Symbols not found"). No compileSYCL option changes that,
// and its exported materializeSpecConstants only rewrites emulated
// constants of LLVM IR images for PTX and AMDGCN.
//
// Lower does what sycl-post-link's -spec-const=native does, on the image:
// the SPIR-V translator reads it back to LLVM IR (LLVM 15, which can read
// it, unlike the library's LLVM 23 bitcode), tools/internal/specconst
// lowers the calls to SPIR-V spec constants with integer IDs, and the
// translator writes SPIR-V again with the image's own version and
// extensions. The image's property registry gets the two sets the runtime
// maps symbolic IDs and default values through.
package spirvspec

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

// Tools are the LLVM 15 programs Lower runs.
type Tools struct {
	Translator   string // llvm-spirv-15
	Assembler    string // llvm-as-15
	Disassembler string // llvm-dis-15
	// TempDir holds the intermediate files (a fresh directory under it is
	// removed before Lower returns); empty: os.TempDir().
	TempDir string
}

// Uses reports whether a SPIR-V image names a spec-constant intrinsic (its
// import's OpName and LinkageAttributes carry the mangled name).
func Uses(spv []byte) bool {
	return bytes.Contains(spv, []byte("__sycl_getScalar2020SpecConstantValue")) ||
		bytes.Contains(spv, []byte("__sycl_getComposite2020SpecConstantValue"))
}

const (
	magic       = 0x07230203
	opExtension = 10
)

// Header is what the translator needs to write an image like the input:
// its SPIR-V version and the extensions it declares.
type Header struct {
	Major, Minor int
	Extensions   []string
}

// ParseHeader reads the version and the OpExtension instructions of a
// little-endian SPIR-V module.
func ParseHeader(spv []byte) (*Header, error) {
	if len(spv) < 20 || len(spv)%4 != 0 {
		return nil, fmt.Errorf("not a SPIR-V module: %d bytes", len(spv))
	}
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(spv[4*i:]) }
	if word(0) != magic {
		return nil, fmt.Errorf("not a little-endian SPIR-V module: magic %#08x", word(0))
	}
	v := word(1)
	h := &Header{Major: int(v >> 16 & 0xff), Minor: int(v >> 8 & 0xff)}
	n := len(spv) / 4
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		if count == 0 || i+count > n {
			return nil, fmt.Errorf("malformed SPIR-V instruction at word %d", i)
		}
		if word(i)&0xffff == opExtension {
			lit := spv[4*(i+1) : 4*(i+count)]
			if z := bytes.IndexByte(lit, 0); z >= 0 {
				lit = lit[:z]
			}
			h.Extensions = append(h.Extensions, string(lit))
		}
		i += count
	}
	return h, nil
}

// TranslatorFlags are the flags that make the translator declare no more
// than h: its version as the maximum and only its extensions.
func (h *Header) TranslatorFlags() []string {
	ext := "-all"
	for _, e := range h.Extensions {
		ext += ",+" + e
	}
	return []string{fmt.Sprintf("--spirv-max-version=%d.%d", h.Major, h.Minor), "--spirv-ext=" + ext}
}

// Lower returns spv with its spec constants lowered to native SPIR-V spec
// constants and adds their property sets to reg. name names the image in
// errors. An image that calls no intrinsic comes back unchanged.
func Lower(spv []byte, name string, reg *propset.Registry, t Tools) ([]byte, error) {
	if !Uses(spv) {
		return spv, nil
	}
	h, err := ParseHeader(spv)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	dir, err := os.MkdirTemp(t.TempDir, "spirvspec-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	p := func(f string) string { return filepath.Join(dir, f) }
	if err := os.WriteFile(p("in.spv"), spv, 0o644); err != nil {
		return nil, err
	}
	if err := run(t.Translator, "-r", p("in.spv"), "-o", p("in.bc")); err != nil {
		return nil, fmt.Errorf("%s: reading the image back: %v", name, err)
	}
	if err := run(t.Disassembler, p("in.bc"), "-o", p("in.ll")); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	text, err := os.ReadFile(p("in.ll"))
	if err != nil {
		return nil, err
	}
	res, err := specconst.Lower(text, name, specconst.Native)
	if err != nil {
		return nil, err
	}
	if len(res.SpecConsts) == 0 {
		return spv, nil
	}
	if err := os.WriteFile(p("out.ll"), dropUnusedGlobals(res.Text), 0o644); err != nil {
		return nil, err
	}
	if err := run(t.Assembler, p("out.ll"), "-o", p("out.bc")); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	args := append(h.TranslatorFlags(), p("out.bc"), "-o", p("out.spv"))
	if err := run(t.Translator, args...); err != nil {
		return nil, fmt.Errorf("%s: writing the lowered image: %v", name, err)
	}
	out, err := os.ReadFile(p("out.spv"))
	if err != nil {
		return nil, err
	}
	res.AddProperties(reg, specconst.Native)
	return out, nil
}

// dropUnusedGlobals removes the definitions of internal and private
// globals that only the intrinsic calls used: the symbolic-ID strings
// (__usid_str, in the Generic storage class, which spirv-val rejects for an
// OpVariable) and the specialization_id objects. The casts of the calls'
// arguments stay behind unused; they do not count as uses, and name null
// instead of a removed global (deleting them would renumber the unnamed
// values); so do the stores of -O0 code that put a string's address in
// a stack slot nothing reads any more. The splitter leaves all this to the
// module extraction.
func dropUnusedGlobals(text []byte) []byte {
	lines := strings.Split(string(text), "\n")
	dead := deadCasts(lines)
	removed := map[string]bool{}
	for changed := true; changed; {
		changed = false
		uses := map[string]int{}
		for i, l := range lines {
			// A dead load still reads its global: naming null instead
			// would make it a load from null where it is not removed.
			if dead[i] && !isLoad(l) {
				continue
			}
			if name, ok := localGlobal(l); ok && removed[name] {
				continue
			}
			for _, name := range refs(l, '@') {
				uses[name]++
			}
		}
		for _, l := range lines {
			if name, ok := localGlobal(l); ok && !removed[name] && uses[name] == 1 {
				removed[name] = true
				changed = true
			}
		}
	}
	kept := lines[:0]
	for i, l := range lines {
		if name, ok := localGlobal(l); ok && removed[name] {
			continue
		}
		if dead[i] {
			for _, name := range refs(l, '@') {
				if removed[name] {
					l = strings.Replace(l, name, "null", 1)
				}
			}
		}
		kept = append(kept, l)
	}
	return []byte(strings.Join(kept, "\n"))
}

// deadCastOps are the instructions without side effects that the lowering
// can leave unused (a load only where neither volatile nor atomic).
var deadCastOps = []string{"bitcast ", "addrspacecast ", "getelementptr ", "load "}

// deadCasts marks, per function, the casts and loads whose value nothing
// (but other such lines) uses, and the stores into stack slots that nothing
// reads any more: at -O0 the front end passes each argument of an intrinsic
// call through a slot (the symbolic-ID string is stored to one, loaded back
// and cast for the call), so the lowered call leaves a store behind.
func deadCasts(lines []string) map[int]bool {
	dead := map[int]bool{}
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "define ") {
			continue
		}
		start := i
		for i < len(lines) && lines[i] != "}" {
			i++
		}
		for changed := true; changed; {
			changed = false
			uses := map[string]int{}
			for j := start; j < i; j++ {
				if !dead[j] {
					for _, name := range refs(lines[j], '%') {
						uses[name]++
					}
				}
			}
			for j := start; j < i; j++ {
				if name, ok := castValue(lines[j]); ok && !dead[j] && uses[name] == 1 {
					dead[j] = true
					changed = true
				}
			}
			for _, j := range deadStores(lines[start:i], dead, start, uses) {
				dead[j] = true
				changed = true
			}
		}
	}
	return dead
}

// deadStores returns the lines (numbered from offset) of the live stores
// into write-only slots: an alloca whose value, and that of every cast of
// it, is used by nothing live but stores into it and those casts.
func deadStores(fn []string, dead map[int]bool, offset int, uses map[string]int) []int {
	root := map[string]string{} // slot value -> its alloca
	casts := map[string]int{}   // slot value -> live casts of it
	for j, l := range fn {
		name, parent, ok := slotValue(l)
		if !ok || dead[offset+j] {
			continue
		}
		if parent == "" {
			root[name] = name
		} else if r, ok := root[parent]; ok {
			root[name] = r
			casts[parent]++
		}
	}
	stores := map[string]int{} // slot value -> live stores into it
	for j, l := range fn {
		if p, ok := storePointer(l); ok && !dead[offset+j] {
			stores[p]++
		}
	}
	read := map[string]bool{} // alloca -> some value of it is read
	for name, r := range root {
		if uses[name] != 1+stores[name]+casts[name] {
			read[r] = true
		}
	}
	var out []int
	for j, l := range fn {
		if p, ok := storePointer(l); ok && !dead[offset+j] {
			if r, ok := root[p]; ok && !read[r] {
				out = append(out, offset+j)
			}
		}
	}
	return out
}

// slotValue returns the value an alloca, or a cast of a value, defines,
// and for a cast the value cast.
func slotValue(l string) (name, parent string, ok bool) {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	if !strings.HasPrefix(t, "%") || i < 0 {
		return "", "", false
	}
	rest := t[i+3:]
	if strings.HasPrefix(rest, "alloca ") {
		return t[:i], "", true
	}
	if !strings.HasPrefix(rest, "bitcast ") && !strings.HasPrefix(rest, "addrspacecast ") {
		return "", "", false
	}
	to := strings.Index(rest, " to ")
	if to < 0 {
		return "", "", false
	}
	// The operand is the last name before "to" (a type before it may be
	// a named %struct).
	ops := refs(rest[:to], '%')
	if len(ops) == 0 {
		return "", "", false
	}
	return t[:i], ops[len(ops)-1], true
}

// storePointer returns the pointer operand of a plain store (the last name
// on its line: the stored value and named types come before it).
func storePointer(l string) (string, bool) {
	t := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(t, "store ") || strings.HasPrefix(t, "store volatile ") || strings.HasPrefix(t, "store atomic ") {
		return "", false
	}
	names := refs(t, '%')
	if len(names) == 0 {
		return "", false
	}
	return names[len(names)-1], true
}

// isLoad reports whether a line is a load instruction.
func isLoad(l string) bool {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	return strings.HasPrefix(t, "%") && i >= 0 && strings.HasPrefix(t[i+3:], "load ")
}

// castValue returns the value a cast instruction line (or a plain load)
// defines.
func castValue(l string) (string, bool) {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	if !strings.HasPrefix(t, "%") || i < 0 {
		return "", false
	}
	rest := t[i+3:]
	if strings.HasPrefix(rest, "load volatile ") || strings.HasPrefix(rest, "load atomic ") {
		return "", false
	}
	for _, op := range deadCastOps {
		if strings.HasPrefix(rest, op) || strings.HasPrefix(rest, "inbounds "+op) {
			return t[:i], true
		}
	}
	return "", false
}

// localGlobal returns the name of the internal or private global variable
// a line defines.
func localGlobal(l string) (string, bool) {
	if !strings.HasPrefix(l, "@") {
		return "", false
	}
	i := strings.Index(l, " = ")
	if i < 0 {
		return "", false
	}
	rest := l[i+3:]
	if !strings.HasPrefix(rest, "internal ") && !strings.HasPrefix(rest, "private ") {
		return "", false
	}
	return l[:i], true
}

// refs lists the names with sigil (@ globals, % locals) on a line, quoted
// names as written.
func refs(l string, sigil byte) []string {
	var names []string
	for i := 0; i < len(l); i++ {
		if l[i] != sigil {
			continue
		}
		j := i + 1
		if j < len(l) && l[j] == '"' {
			k := strings.IndexByte(l[j+1:], '"')
			if k < 0 {
				break
			}
			j += k + 2
		} else {
			for j < len(l) && (isIdent(l[j])) {
				j++
			}
		}
		names = append(names, l[i:j])
		i = j - 1
	}
	return names
}

func isIdent(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func run(tool string, args ...string) error {
	if tool == "" {
		return fmt.Errorf("no tool given for %s", strings.Join(args, " "))
	}
	var stderr bytes.Buffer
	cmd := exec.Command(tool, args...)
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return fmt.Errorf("%s: %v", filepath.Base(tool), err)
		}
		return fmt.Errorf("%s: %v: %s", filepath.Base(tool), err, msg)
	}
	return nil
}
