package intheader

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kernel is what an integration header tells the host of one kernel: its
// KernelInfo<T> or KernelInfoData<...> specialization and its signature.
// The launch site (file, function, line, column) is left out: a TU that
// does not launch the kernel has none, and kernel_desc.hpp's KernelInfo<T>
// does not read it from KernelInfoData.
type Kernel struct {
	Name   string  // getName(): the type-info name of the kernel name type
	Params []Param // getParamDesc(0 .. getNumParams()-1)
	ESIMD  bool    // isESIMD()
	Size   int64   // getKernelSize(): the kernel object's size in bytes
}

// Param is one kernel_param_desc_t of a kernel's signature.
type Param struct {
	Kind   string // kernel_param_kind_t enumerator, e.g. kind_accessor
	Info   int64  // size in bytes or access target, by kind
	Offset int64  // offset of the captured value in the kernel object
}

var (
	// Both forms of a kernel's description: KernelInfo<T> for a kernel
	// name type at namespace scope, KernelInfoData<'_', 'Z', ...> for an
	// unnamed lambda or (after Rewrite) a type local to a function.
	specHead      = regexp.MustCompile(`(?m)^template <> struct (KernelInfo(?:Data)?)<(.+)> \{\n`)
	numParams     = regexp.MustCompile(`(?m)^\s*static constexpr unsigned getNumParams\(\) \{ return (\d+); \}\n`)
	paramDesc     = regexp.MustCompile(`(?m)^\s*return (?:linked_kernels::)?kernel_signatures\[i\+(\d+)\];\n`)
	isESIMD       = regexp.MustCompile(`(?m)^\s*static constexpr bool isESIMD\(\) \{ return ([01]); \}\n`)
	kernelSize    = regexp.MustCompile(`(?m)^\s*static constexpr long getKernelSize\(\) \{ return (-?\d+); \}\n`)
	signaturesRe  = regexp.MustCompile(`(?m)^const kernel_param_desc_t kernel_signatures\[\] = \{\n`)
	typeinfoName  = regexp.MustCompile(`^_ZTS[A-Za-z0-9_.$]+$`)
	signatureLine = regexp.MustCompile(`^\s*\{ kernel_param_kind_t::(kind_[a-z_]+), (-?\d+), (-?\d+) \},\s*$`)
)

// Kernels returns the kernels an integration header describes, in its
// order. A header without kernels (the library writes an empty one for a
// TU without kernels) gives none.
func Kernels(header []byte) ([]Kernel, error) {
	heads := specHead.FindAllSubmatchIndex(header, -1)
	if len(heads) == 0 {
		return nil, nil
	}
	sigs, err := signatures(header)
	if err != nil {
		return nil, err
	}
	kernels := make([]Kernel, 0, len(heads))
	for _, loc := range heads {
		what := fmt.Sprintf("%s<%s>", header[loc[2]:loc[3]], header[loc[4]:loc[5]])
		end := bytes.Index(header[loc[1]-1:], blockEnd)
		if end < 0 {
			return nil, &FormatError{Msg: what + " has no end"}
		}
		body := header[loc[1] : loc[1]-1+end+len(blockEnd)]
		k, err := kernel(body, sigs)
		if err != nil {
			return nil, &FormatError{Msg: what + ": " + err.Error()}
		}
		kernels = append(kernels, k)
	}
	return kernels, nil
}

// kernel reads one specialization's body, whose parameters are
// sigs[first:first+getNumParams()].
func kernel(body []byte, sigs []Param) (Kernel, error) {
	var k Kernel
	m := getName.FindSubmatch(body)
	if m == nil {
		return k, fmt.Errorf("no getName()")
	}
	k.Name = string(m[1])
	if !typeinfoName.MatchString(k.Name) {
		return k, fmt.Errorf("getName() %q is not a type-info name", k.Name)
	}
	n, err := intOf(numParams, body, "getNumParams()")
	if err != nil {
		return k, err
	}
	first, err := intOf(paramDesc, body, "getParamDesc()")
	if err != nil {
		return k, err
	}
	if first > int64(len(sigs)) || n > int64(len(sigs))-first {
		return k, fmt.Errorf("parameters %d..%d are outside kernel_signatures (%d entries)", first, first+n, len(sigs))
	}
	if n > 0 {
		k.Params = append([]Param(nil), sigs[first:first+n]...)
	}
	esimd, err := intOf(isESIMD, body, "isESIMD()")
	if err != nil {
		return k, err
	}
	k.ESIMD = esimd == 1
	if k.Size, err = intOf(kernelSize, body, "getKernelSize()"); err != nil {
		return k, err
	}
	return k, nil
}

func intOf(re *regexp.Regexp, body []byte, what string) (int64, error) {
	m := re.FindSubmatch(body)
	if m == nil {
		return 0, fmt.Errorf("no %s", what)
	}
	v, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", what, err)
	}
	return v, nil
}

// signatures reads the header's kernel_signatures array: every kernel's
// parameters one after the other (each kernel's after a `//--- name`
// comment), then a kind_invalid entry that ends it.
func signatures(header []byte) ([]Param, error) {
	loc := signaturesRe.FindIndex(header)
	if loc == nil {
		return nil, &FormatError{Msg: "no kernel_signatures array"}
	}
	end := bytes.Index(header[loc[1]:], []byte("\n};\n"))
	if end < 0 {
		return nil, &FormatError{Msg: "kernel_signatures has no end"}
	}
	var sigs []Param
	for _, line := range strings.Split(string(header[loc[1]:loc[1]+end]), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		m := signatureLine.FindStringSubmatch(line)
		if m == nil {
			return nil, &FormatError{Msg: fmt.Sprintf("kernel_signatures: unexpected line %q", t)}
		}
		info, err1 := strconv.ParseInt(m[2], 10, 64)
		offset, err2 := strconv.ParseInt(m[3], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, &FormatError{Msg: fmt.Sprintf("kernel_signatures: unexpected line %q", t)}
		}
		sigs = append(sigs, Param{Kind: m[1], Info: info, Offset: offset})
	}
	return sigs, nil
}

// LinkedKernels returns the kernels of others that own does not describe,
// one per name, sorted by name: what the host compile of own's TU needs to
// know of the kernels of the TUs it is linked with. Where two of others
// describe the same name (a template launched in two TUs), the first
// wins.
func LinkedKernels(own []Kernel, others ...[]Kernel) []Kernel {
	seen := map[string]bool{}
	for _, k := range own {
		seen[k.Name] = true
	}
	var linked []Kernel
	for _, ks := range others {
		for _, k := range ks {
			if seen[k.Name] {
				continue
			}
			seen[k.Name] = true
			linked = append(linked, k)
		}
	}
	sort.Slice(linked, func(i, j int) bool { return linked[i].Name < linked[j].Name })
	return linked
}

// DescribeLinked writes the host-side descriptions of kernels that other
// TUs launch: for each, a KernelInfoData specialization keyed by the
// characters of its type-info name, as the integration header describes
// unnamed lambdas. The host's KernelInfo<T> finds it through
// __builtin_sycl_unique_stable_name(T) (sycl/detail/kernel_desc.hpp with
// __SYCL_UNNAMED_LAMBDA__) for any T the TU can name, so no kernel name
// type is declared here: names local to another TU's functions or in its
// anonymous namespaces need none. The file is included after the TU's own
// integration header and before its source, so that no KernelInfoData is
// instantiated before its specialization.
func DescribeLinked(kernels []Kernel) []byte {
	var b strings.Builder
	b.WriteString(linkedPreamble)
	if len(kernels) == 0 {
		return []byte(b.String())
	}
	b.WriteString("\n#include <sycl/detail/kernel_desc.hpp>\n\nnamespace sycl {\ninline namespace _V1 {\nnamespace detail {\nnamespace linked_kernels {\n")
	b.WriteString("// The signatures of the kernels below, one after the other.\nstatic constexpr\nconst kernel_param_desc_t kernel_signatures[] = {\n")
	first := make([]int, len(kernels))
	n := 0
	for i, k := range kernels {
		first[i] = n
		fmt.Fprintf(&b, "  //--- %s\n", k.Name)
		for _, p := range k.Params {
			fmt.Fprintf(&b, "  { kernel_param_kind_t::%s, %d, %d },\n", p.Kind, p.Info, p.Offset)
		}
		n += len(k.Params)
	}
	b.WriteString("  { kernel_param_kind_t::kind_invalid, -987654321, -987654321 },\n};\n} // namespace linked_kernels\n\n")
	for i, k := range kernels {
		esimd := 0
		if k.ESIMD {
			esimd = 1
		}
		fmt.Fprintf(&b, linkedSpec, charList(k.Name), k.Name, len(k.Params), first[i], esimd, k.Size)
	}
	b.WriteString("} // namespace detail\n} // namespace _V1\n} // namespace sycl\n")
	return []byte(b.String())
}

const linkedPreamble = `// Kernels of the translation units this one is linked with (its target's
// and its dependencies'), described for the host as its own integration
// header describes its own: kernel-bundle lookups by type
// (sycl::get_kernel_id<K>(), kernel_bundle::get_kernel<K>()) of a kernel
// another TU launches. Generated by rules_sycl (tools/kernelinfo).
`

const linkedSpec = `template <> struct KernelInfoData<%s> {
  __SYCL_DLL_LOCAL
  static constexpr const char* getName() { return "%s"; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getNumParams() { return %d; }
  __SYCL_DLL_LOCAL
  static constexpr const kernel_param_desc_t& getParamDesc(unsigned i) {
    return linked_kernels::kernel_signatures[i+%d];
  }
  __SYCL_DLL_LOCAL
  static constexpr bool isESIMD() { return %d; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFileName() { return ""; }
  __SYCL_DLL_LOCAL
  static constexpr const char* getFunctionName() { return ""; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getLineNumber() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr unsigned getColumnNumber() { return 0; }
  __SYCL_DLL_LOCAL
  static constexpr long getKernelSize() { return %d; }
};
`

// Banner is the first line of every integration header DPC++ writes.
const Banner = "// This is auto-generated SYCL integration header.\n"

// Check refuses what is not an integration header: any bytes (an ELF
// object, a binary image) used to read as a header without kernels. A
// header is empty (the library's for a TU without kernels) or text that
// starts with Banner.
func Check(header []byte) error {
	if len(header) == 0 {
		return nil
	}
	if !bytes.HasPrefix(header, []byte(Banner)) {
		return &FormatError{Msg: fmt.Sprintf("does not start with %q (not an integration header DPC++ wrote)", strings.TrimSuffix(Banner, "\n"))}
	}
	if i := bytes.IndexByte(header, 0); i >= 0 {
		return &FormatError{Msg: fmt.Sprintf("NUL byte at offset %d (not text)", i)}
	}
	if !utf8.Valid(header) {
		return &FormatError{Msg: "not valid UTF-8 text"}
	}
	return nil
}

// HeaderKernels is Kernels of a file that must be an integration header
// (Check).
func HeaderKernels(header []byte) ([]Kernel, error) {
	if err := Check(header); err != nil {
		return nil, err
	}
	return Kernels(header)
}
