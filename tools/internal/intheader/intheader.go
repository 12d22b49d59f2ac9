// Package intheader reads what rules_sycl checks in DPC++'s integration
// header: the kernel name types it specializes KernelInfo for.
//
// DPC++ 2026.2 accepts a kernel name type declared inside a function, but
// its integration header then forward-declares the name at namespace
// scope and specializes KernelInfo for that other type: the host finds no
// description of the kernel and the program crashes when it launches it
// (SYCL 2020 wants kernel names forward-declarable at namespace scope).
// LocalNames finds such names so that the device compile can refuse them.
package intheader

import (
	"bytes"
	"regexp"
)

// KernelName is a kernel name type the header specializes KernelInfo for.
type KernelName struct {
	Type    string // as written in the header, e.g. LocalName
	Mangled string // its type-info name, e.g. _ZTSZ4mainE9LocalName
}

// A specialization: the type, then (within its body) getName's string.
var kernelInfo = regexp.MustCompile(`(?m)^template <> struct KernelInfo<(.+)> \{\n(?:.*\n){0,4}?\s*static constexpr const char\* getName\(\) \{ return "([^"]*)"; \}`)

// LocalNames returns the kernel name types of header that are local to a
// function: their type-info names are local names (_ZTSZ<function>E...).
// Unnamed kernel lambdas are described by KernelInfoData specializations,
// not KernelInfo, and are not reported.
func LocalNames(header []byte) []KernelName {
	var out []KernelName
	for _, m := range kernelInfo.FindAllSubmatch(header, -1) {
		if bytes.HasPrefix(m[2], []byte("_ZTSZ")) {
			out = append(out, KernelName{Type: string(m[1]), Mangled: string(m[2])})
		}
	}
	return out
}

// Declaration returns the 1-based line and column of the first
// `class NAME` or `struct NAME` in src, or 0, 0.
func Declaration(src []byte, name string) (line, col int) {
	re := regexp.MustCompile(`\b(?:class|struct)\s+` + regexp.QuoteMeta(name) + `\b`)
	loc := re.FindIndex(src)
	if loc == nil {
		return 0, 0
	}
	before := src[:loc[0]]
	line = bytes.Count(before, []byte("\n")) + 1
	col = loc[0] - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
