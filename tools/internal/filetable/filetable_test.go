package filetable

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *Table
	}{
		{"empty", "", &Table{}},
		{"title only", "[Code|Properties|Symbols]\n", &Table{Columns: []string{"Code", "Properties", "Symbols"}}},
		{"rows", "[Code|Symbols]\na_0.bc|a_0.sym\n\na_1.bc|a_1.sym\n", &Table{
			Columns: []string{"Code", "Symbols"},
			Rows:    [][]string{{"a_0.bc", "a_0.sym"}, {"a_1.bc", "a_1.sym"}},
		}},
		{"no title", "x|y\nz|w", &Table{Columns: []string{"0", "1"}, Rows: [][]string{{"x", "y"}, {"z", "w"}}}},
		{"empty cells", "[A|B|C|D]\na_1.bin|||\n", &Table{Columns: []string{"A", "B", "C", "D"}, Rows: [][]string{{"a_1.bin", "", "", ""}}}},
		{"crlf", "[Code]\r\na.bc\r\n", &Table{Columns: []string{"Code"}, Rows: [][]string{{"a.bc"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.in), "t.table")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Parse mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     ParseError
	}{
		{"mismatch", "[Code|Symbols]\na.bc\n", ParseError{"t.table", 2, "row size mismatch: 1 cells, 2 columns"}},
		{"mismatch after blank", "[Code]\n\na|b\n", ParseError{"t.table", 3, "row size mismatch: 2 cells, 1 columns"}},
		{"title", "[Code|Symbols\n", ParseError{"t.table", 1, "malformed title line"}},
		{"dup", "[Code|Code]\n", ParseError{"t.table", 1, `column "Code" already exists`}},
		{"1 MiB cell", "[Code|Symbols]\na.spv|" + strings.Repeat("c", 1<<20) + "\n",
			ParseError{"t.table", 2, `cell 2 "` + strings.Repeat("c", 80) + `"... (1048576 bytes): 1048576 bytes, longer than a path may be (4095)`}},
		{"escape in cell", "[Code]\nk\x1b[2J.spv\n", ParseError{"t.table", 2, `cell 1 "k\x1b[2J.spv": contains NUL or a control character`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in), "t.table")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want ParseError", err)
			}
			if diff := cmp.Diff(tc.want, *pe); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteRoundTrip(t *testing.T) {
	tab := &Table{Columns: []string{ColumnCode, ColumnProperties, ColumnSymbols}}
	if err := tab.AddRow("out/x_0.bc", "out/x_0.prop", "out/x_0.sym"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tab.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := "[Code|Properties|Symbols]\nout/x_0.bc|out/x_0.prop|out/x_0.sym\n"
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	back, err := Parse(buf.Bytes(), "rt")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(tab, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if i, ok := back.ColumnIndex(ColumnSymbols); !ok || i != 2 {
		t.Errorf("ColumnIndex(Symbols) = %d, %v", i, ok)
	}
	if _, ok := back.ColumnIndex("Manifest"); ok {
		t.Errorf("ColumnIndex(Manifest) found")
	}
}

func TestWriteRejectsSeparator(t *testing.T) {
	tab := &Table{Columns: []string{"Code"}, Rows: [][]string{{"a|b"}}}
	if err := tab.Write(&bytes.Buffer{}); err == nil {
		t.Error("Write accepted a cell containing '|'")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[Code|Symbols]\na|b\n"))
	f.Add([]byte("x\n\n[y"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Parse(data, "fuzz")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if tab.Write(&buf) != nil {
			return
		}
		if _, err := Parse(buf.Bytes(), "fuzz2"); err != nil {
			t.Fatalf("re-parse of written table failed: %v", err)
		}
	})
}
