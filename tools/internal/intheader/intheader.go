// Package intheader adapts DPC++'s integration header to kernel names
// declared inside functions (`h.parallel_for<class init>(...)` in main or
// in a command-group lambda).
//
// DPC++ 2026.2 describes such a kernel as KernelInfo<init> and
// forward-declares `class init;` at namespace scope, so that the host's
// `parallel_for<class init>` finds that declaration instead of declaring a
// local class. That breaks twice: a function that declares the name first
// (`class KernelB;` then `get_kernel_id<KernelB>()`) names a local class
// the header does not describe, and two functions that both name a kernel
// `init` give two KernelInfo<init> specializations.
//
// Rewrite describes those kernels the way the header already describes
// unnamed lambdas: as KernelInfoData<'_', 'Z', 'T', 'S', ...>, keyed by the
// characters of the name's type-info string, which the host's
// KernelInfo<T> finds through __builtin_sycl_unique_stable_name(T)
// (sycl/detail/kernel_desc.hpp, with __SYCL_UNNAMED_LAMBDA__). It drops the
// forward declarations of the local classes, so that host and device name
// the same local type.
package intheader

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/ianlancetaylor/demangle"
)

// KernelName is a kernel name type the header specializes KernelInfo for.
type KernelName struct {
	Type    string // as written in the header, e.g. ns::init
	Mangled string // its type-info name, e.g. _ZTSZN2ns1fEvE4init
}

// FormatError is a header whose layout Rewrite does not know: the
// library's integration header changed.
type FormatError struct{ Msg string }

func (e *FormatError) Error() string { return "integration header: " + e.Msg }

var (
	infoHead = regexp.MustCompile(`(?m)^template <> struct KernelInfo<(.+)> \{\n`)
	getName  = regexp.MustCompile(`(?m)^\s*static constexpr const char\* getName\(\) \{ return "([^"]*)"; \}\n`)
	blockEnd = []byte("\n};\n")
)

const (
	fwdStart = "// Forward declarations of templated kernel function types:\n"
	fwdEnd   = "\nnamespace sycl {\ninline namespace _V1 {\nnamespace detail {\n"
)

// Rewrite returns header with every kernel whose name type is local to a
// function described by KernelInfoData, and the list of those kernels.
// A header without such kernels comes back unchanged.
func Rewrite(header []byte) ([]byte, []KernelName, error) {
	var out bytes.Buffer
	var local []KernelName
	localClasses := map[string]bool{}
	var keptHeads []string
	rest := header
	for {
		loc := infoHead.FindSubmatchIndex(rest)
		if loc == nil {
			out.Write(rest)
			break
		}
		typ := string(rest[loc[2]:loc[3]])
		end := bytes.Index(rest[loc[1]-1:], blockEnd)
		if end < 0 {
			return nil, nil, &FormatError{Msg: fmt.Sprintf("KernelInfo<%s> has no end", typ)}
		}
		body := rest[loc[1] : loc[1]-1+end+len(blockEnd)]
		m := getName.FindSubmatch(body)
		if m == nil {
			return nil, nil, &FormatError{Msg: fmt.Sprintf("KernelInfo<%s> has no getName()", typ)}
		}
		name := string(m[1])
		kind, classes, err := classify(name)
		if err != nil {
			return nil, nil, &FormatError{Msg: fmt.Sprintf("KernelInfo<%s>: %v", typ, err)}
		}
		out.Write(rest[:loc[0]])
		if kind == namespaceScope {
			out.Write(rest[loc[0]:loc[1]])
			keptHeads = append(keptHeads, typ)
		} else {
			out.WriteString("template <> struct KernelInfoData<" + charList(name) + "> {\n")
			local = append(local, KernelName{Type: typ, Mangled: name})
			for _, c := range classes {
				localClasses[c] = true
			}
		}
		out.Write(body)
		rest = rest[loc[1]+len(body):]
	}
	if len(local) == 0 {
		return header, nil, nil
	}
	rewritten, err := dropForwardDeclarations(out.Bytes(), localClasses, keptHeads)
	if err != nil {
		return nil, nil, err
	}
	return rewritten, local, nil
}

type nameKind int

const (
	namespaceScope nameKind = iota
	localType               // the name type itself is a local class
	localArgument           // a template (e.g. __pf_kernel_wrapper) of a local class
)

// classify tells whether a type-info name (_ZTS<type>) involves a local
// name (Itanium <local-name>: Z <function> E <entity>), and returns the
// identifiers of the local classes it names (`init` in
// MainKrn<main()::init>).
func classify(typeinfo string) (kind nameKind, classes []string, err error) {
	if !strings.HasPrefix(typeinfo, "_ZTS") {
		return 0, nil, fmt.Errorf("getName() %q is not a type-info name", typeinfo)
	}
	// The demangler may panic on input it does not expect; a kernel name
	// that it cannot read is an error, never a crash.
	defer func() {
		if r := recover(); r != nil {
			kind, classes, err = 0, nil, fmt.Errorf("cannot demangle %q", typeinfo)
		}
	}()
	ast, err := demangle.ToAST(typeinfo)
	if err != nil {
		return 0, nil, fmt.Errorf("cannot demangle %q: %v", typeinfo, err)
	}
	special, ok := ast.(*demangle.Special)
	if !ok {
		return 0, nil, fmt.Errorf("getName() %q is not a type-info name", typeinfo)
	}
	kind = namespaceScope
	if q, ok := special.Val.(*demangle.Qualified); ok && q.LocalName {
		kind = localType
	}
	special.Val.Traverse(func(n demangle.AST) bool {
		q, ok := n.(*demangle.Qualified)
		if !ok || !q.LocalName {
			return true
		}
		if kind == namespaceScope {
			kind = localArgument
		}
		if name, ok := q.Name.(*demangle.Name); ok {
			classes = append(classes, name.Name)
		}
		// The function's own encoding names no class of the kernel name.
		return false
	})
	return kind, classes, nil
}

// charList spells s as the header spells KernelInfoData's arguments.
func charList(s string) string {
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '\\':
			parts[i] = `'\` + string(c) + `'`
		default:
			parts[i] = "'" + string(c) + "'"
		}
	}
	return strings.Join(parts, ", ")
}

var (
	declRe  = regexp.MustCompile(`^(?:class|struct|union|enum(?: class| struct)?) ([A-Za-z_][A-Za-z_0-9]*)\b[^;]*;$`)
	closing = regexp.MustCompile(`^\}+\s*$`)
)

// dropForwardDeclarations removes, from the header's forward declarations,
// each declaration of a class that is local to a function in the kernel
// names (the header declares it in the function's namespace, where the
// host's `class X` would then find it): `class X;` alone, or a block of one
// line of namespace openers, the declaration and one line of closing
// braces. A class that a namespace-scope kernel's type names is kept.
func dropForwardDeclarations(header []byte, localClasses map[string]bool, keptHeads []string) ([]byte, error) {
	start := bytes.Index(header, []byte(fwdStart))
	if start < 0 {
		return nil, &FormatError{Msg: "no forward declarations section"}
	}
	start += len(fwdStart)
	end := bytes.Index(header[start:], []byte(fwdEnd))
	if end < 0 {
		return nil, &FormatError{Msg: "forward declarations section has no end"}
	}
	end += start
	lines := strings.SplitAfter(string(header[start:end]), "\n")
	var kept strings.Builder
	for i := 0; i < len(lines); {
		declLine, next := i, i+1
		if strings.HasPrefix(lines[i], "namespace ") {
			declLine, next = i+1, i+3
			if next > len(lines) || !closing.MatchString(lines[i+2]) {
				// Not the one-declaration shape: keep the line as it is.
				kept.WriteString(lines[i])
				i++
				continue
			}
		}
		if m := declRe.FindStringSubmatch(strings.TrimRight(lines[declLine], "\n")); m != nil {
			if localClasses[m[1]] && !namedBy(m[1], keptHeads) {
				i = next
				continue
			}
		}
		kept.WriteString(strings.Join(lines[i:next], ""))
		i = next
	}
	var out bytes.Buffer
	out.Write(header[:start])
	out.WriteString(kept.String())
	out.Write(header[end:])
	return out.Bytes(), nil
}

// namedBy tells whether a kept KernelInfo<...> type mentions the class
// identifier id.
func namedBy(id string, heads []string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z_0-9])` + regexp.QuoteMeta(id) + `($|[^A-Za-z_0-9])`)
	for _, h := range heads {
		if re.MatchString(h) {
			return true
		}
	}
	return false
}
