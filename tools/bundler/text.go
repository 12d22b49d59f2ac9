package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// textWriter indents nested output.
type textWriter struct {
	w *bufio.Writer
}

func (t *textWriter) line(indent int, format string, args ...interface{}) {
	t.w.WriteString(strings.Repeat("  ", indent))
	fmt.Fprintf(t.w, format, args...)
	t.w.WriteByte('\n')
}

// table writes aligned columns at an indent.
func (t *textWriter) table(indent int, header []string, rows [][]string) {
	tw := tabwriter.NewWriter(t.w, 0, 0, 2, ' ', 0)
	pre := strings.Repeat("  ", indent)
	fmt.Fprintln(tw, pre+strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, pre+strings.Join(r, "\t"))
	}
	tw.Flush()
}

func short(b blob) string { return fmt.Sprintf("%d bytes, sha256 %s", b.Size, b.SHA256[:16]) }

// quote shows strings with Go escaping so control bytes stay visible.
func quote(s string) string { return strconv.Quote(s) }

func (t *textWriter) props(indent int, sets []setReport) {
	for _, s := range sets {
		t.line(indent, "[%s]", errtext.Escape(s.Name))
		var rows [][]string
		for _, p := range s.Properties {
			if p.Uint32 != nil {
				rows = append(rows, []string{errtext.Escape(p.Name), p.Type, strconv.FormatUint(uint64(*p.Uint32), 10)})
				continue
			}
			v := fmt.Sprintf("bits=%d hex=%s", *p.Bits, *p.Hex)
			if *p.Bits%8 == 0 && printable(*p.Hex) {
				v += " text=" + quote(fromHex(*p.Hex))
			}
			rows = append(rows, []string{errtext.Escape(p.Name), p.Type, v})
		}
		if len(rows) > 0 {
			t.table(indent+1, []string{"NAME", "TYPE", "VALUE"}, rows)
		}
	}
}

func fromHex(h string) string {
	b := make([]byte, len(h)/2)
	for i := range b {
		n, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		b[i] = byte(n)
	}
	return string(b)
}

func printable(h string) bool {
	s := fromHex(h)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func (t *textWriter) syclbin(indent int, r *syclbinReport) {
	t.line(indent, "SYCLBIN version %d (%s), state %s, %d abstract modules", r.Version, r.Container, r.State, len(r.AbstractModules))
	if len(r.Metadata) > 0 {
		t.line(indent, "global metadata:")
		t.props(indent+1, r.Metadata)
	}
	for i, am := range r.AbstractModules {
		t.line(indent, "abstract module %d: %d IR modules, %d native images", i, len(am.IRModules), len(am.NativeImages))
		if len(am.Properties) > 0 {
			t.line(indent+1, "metadata:")
			t.props(indent+2, am.Properties)
		}
		for j, m := range am.IRModules {
			t.line(indent+1, "IR module %d: type %s, target %s, %s", j, m.IRType, quote(m.Target), short(m.Data))
		}
		for j, m := range am.NativeImages {
			t.line(indent+1, "native image %d: arch %s, %s", j, quote(m.Arch), short(m.Data))
		}
	}
}

func (t *textWriter) binaries(indent int, bins []binaryReport) {
	for i, b := range bins {
		where := ""
		if b.Section != "" {
			where = " in section " + b.Section
		}
		comp := ""
		if b.Compressed {
			comp = ", compressed"
		}
		t.line(indent, "OffloadBinary %d%s: version %d%s, %d entries", i, where, b.Version, comp, len(b.Entries))
		for j, e := range b.Entries {
			t.line(indent+1, "entry %d: image kind %s, offload kind %s, flags %#x, image %s", j, e.ImageKind, e.OffloadKind, e.Flags, short(e.Image))
			var rows [][]string
			for _, s := range e.Strings {
				rows = append(rows, []string{errtext.Escape(s.Key), quote(s.Value)})
			}
			if len(rows) > 0 {
				t.table(indent+2, []string{"KEY", "VALUE"}, rows)
			}
			if e.SYCLBIN != nil {
				t.syclbin(indent+2, e.SYCLBIN)
			}
		}
	}
}

func writeText(w io.Writer, r *report) error {
	t := &textWriter{w: bufio.NewWriter(w)}
	switch r.Format {
	case "syclbin":
		t.syclbin(0, r.SYCLBIN)
	case "offload-binary":
		t.binaries(0, r.OffloadBinaries)
		if r.SYCLBIN != nil {
			t.syclbin(0, r.SYCLBIN)
		}
	case "offload-bundle":
		b := r.Bundle
		t.line(0, "offload bundle (%s form), %d entries", b.Form, len(b.Entries))
		if c := b.Compressed; c != nil {
			t.line(0, "compressed: CCOB version %d, %s, %d bytes uncompressed, hash %s", c.Version, c.Method, c.UncompressedSize, c.Hash)
		}
		var rows [][]string
		for _, e := range b.Entries {
			rows = append(rows, []string{errtext.Escape(e.ID), strconv.Itoa(e.Data.Size), e.Data.SHA256[:16]})
		}
		t.table(0, []string{"ID", "SIZE", "SHA256"}, rows)
	case "elf":
		for _, d := range r.Descriptors {
			name := d.Symbol
			if name == "" {
				name = "(found by scanning; no symbol)"
			}
			t.line(0, "descriptor %s at %s: version %d, %d images", name, d.where(), d.Version, len(d.Images))
			for i, img := range d.Images {
				t.line(1, "image %d: version %d, kind %d, format %d (%s), target %s", i, img.Version, img.Kind, img.Format, img.FormatName, quote(img.Target))
				t.line(2, "compile options: %s", quote(img.CompileOptions))
				t.line(2, "link options: %s", quote(img.LinkOptions))
				dec := ""
				if img.Decompressed != nil {
					dec = fmt.Sprintf(" (zstd, %d bytes decompressed)", *img.Decompressed)
				}
				t.line(2, "data: %s%s", short(img.Data), dec)
				if len(img.Entries) > 0 {
					t.line(2, "entries, %s layout:", img.EntryLayout)
					for _, e := range img.Entries {
						t.line(3, "%s", quote(e))
					}
				} else {
					t.line(2, "entries: none")
				}
				if len(img.PropertySets) > 0 {
					t.line(2, "property sets:")
					t.props(3, img.PropertySets)
				} else {
					t.line(2, "property sets: none")
				}
			}
		}
		t.binaries(0, r.OffloadBinaries)
		if len(r.Sections) > 0 {
			var rows [][]string
			for _, s := range r.Sections {
				rows = append(rows, []string{s.Name, strconv.Itoa(s.Data.Size), s.Data.SHA256[:16]})
			}
			t.line(0, "offload sections:")
			t.table(1, []string{"SECTION", "SIZE", "SHA256"}, rows)
		}
	}
	return t.w.Flush()
}

// where tells where a descriptor lies: "0x4020, section 20 (.data.rel.ro)
// + 0x20" in a linked file, without the address in an object.
func (d *descReport) where() string {
	w := fmt.Sprintf("section %d (%s) + %#x", d.SectionIndex, errtext.Escape(d.Section), d.SectionOffset)
	if d.Address != 0 {
		w = fmt.Sprintf("%#x, %s", d.Address, w)
	}
	return w
}
