// Package filetable reads and writes the SimpleTable file table that
// sycl-post-link produces and the offload wrapper consumes: an optional
// "[Col|Col]" title line, then one row per line with cells separated by '|'.
// There is no quoting or escaping; cells are file paths.
package filetable

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// Standard column names shared by sycl-post-link, the driver and the wrappers.
const (
	ColumnCode       = "Code"
	ColumnProperties = "Properties"
	ColumnSymbols    = "Symbols"
	ColumnManifest   = "Manifest"
)

// Table is a parsed file table. Every row has len(Columns) cells.
type Table struct {
	Columns []string
	Rows    [][]string
}

// ParseError reports malformed table text with its location.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// MaxCell bounds a cell: cells are file paths, and Linux paths stop at
// PATH_MAX (4096 bytes with the NUL).
const MaxCell = 4095

// cellProblem says what makes a cell unusable as a path, or "".
func cellProblem(c string) string {
	if len(c) > MaxCell {
		return fmt.Sprintf("%d bytes, longer than a path may be (%d)", len(c), MaxCell)
	}
	for i := 0; i < len(c); i++ {
		if c[i] < 0x20 || c[i] == 0x7f {
			return "contains NUL or a control character"
		}
	}
	return ""
}

// Parse reads a table. filename is used only in error messages. Blank lines
// are skipped; without a title line columns are named "0", "1", ...
func Parse(data []byte, filename string) (*Table, error) {
	t := &Table{}
	haveColumns := false
	lines := bytes.Split(data, []byte("\n"))
	for i, raw := range lines {
		lineNo := i + 1
		line := strings.TrimSuffix(string(raw), "\r")
		if line == "" {
			continue
		}
		if !haveColumns {
			haveColumns = true
			if strings.HasPrefix(line, "[") {
				if !strings.HasSuffix(line, "]") || len(line) < 2 {
					return nil, &ParseError{filename, lineNo, "malformed title line"}
				}
				names := strings.Split(line[1:len(line)-1], "|")
				seen := map[string]bool{}
				for _, n := range names {
					if seen[n] {
						return nil, &ParseError{filename, lineNo, fmt.Sprintf("column %s already exists", errtext.Quote(n))}
					}
					seen[n] = true
				}
				t.Columns = names
				continue
			}
			n := strings.Count(line, "|") + 1
			for c := 0; c < n; c++ {
				t.Columns = append(t.Columns, strconv.Itoa(c))
			}
		}
		cells := strings.Split(line, "|")
		if len(cells) != len(t.Columns) {
			return nil, &ParseError{filename, lineNo, fmt.Sprintf("row size mismatch: %d cells, %d columns", len(cells), len(t.Columns))}
		}
		for c, cell := range cells {
			if msg := cellProblem(cell); msg != "" {
				return nil, &ParseError{filename, lineNo, fmt.Sprintf("cell %d %s: %s", c+1, errtext.Quote(cell), msg)}
			}
		}
		t.Rows = append(t.Rows, cells)
	}
	return t, nil
}

// ColumnIndex returns the position of the named column.
func (t *Table) ColumnIndex(name string) (int, bool) {
	for i, c := range t.Columns {
		if c == name {
			return i, true
		}
	}
	return -1, false
}

// Column returns the cells of the named column, in row order.
func (t *Table) Column(name string) ([]string, bool) {
	i, ok := t.ColumnIndex(name)
	if !ok {
		return nil, false
	}
	out := make([]string, len(t.Rows))
	for r, row := range t.Rows {
		out[r] = row[i]
	}
	return out, true
}

// AddRow appends a row; it must have one cell per column.
func (t *Table) AddRow(cells ...string) error {
	if len(cells) != len(t.Columns) {
		return fmt.Errorf("filetable: row has %d cells, table has %d columns", len(cells), len(t.Columns))
	}
	t.Rows = append(t.Rows, append([]string(nil), cells...))
	return nil
}

// Write emits the title line and the rows. Cells or names that cannot be
// represented (containing '|' or a newline) are an error, because the format
// has no escaping and the reader would silently mis-split them.
func (t *Table) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range t.Columns {
		if err := checkCell(c); err != nil {
			return err
		}
	}
	bw.WriteString("[" + strings.Join(t.Columns, "|") + "]\n")
	for _, row := range t.Rows {
		if len(row) != len(t.Columns) {
			return fmt.Errorf("filetable: row has %d cells, table has %d columns", len(row), len(t.Columns))
		}
		for _, c := range row {
			if err := checkCell(c); err != nil {
				return err
			}
		}
		bw.WriteString(strings.Join(row, "|") + "\n")
	}
	return bw.Flush()
}

func checkCell(c string) error {
	if strings.ContainsAny(c, "|\n\r") {
		return fmt.Errorf("filetable: cell %s contains '|' or a line break", errtext.Quote(c))
	}
	return nil
}
