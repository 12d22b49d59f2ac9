package offloadbinary

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// findPackager locates a real clang-offload-packager (LLVM 19 writes and
// reads version 1; $CLANG_OFFLOAD_PACKAGER, PATH, LLVM's); tests skip
// without one.
func findPackager(t *testing.T) string {
	p := proctest.LLVMTool("CLANG_OFFLOAD_PACKAGER", "clang-offload-packager")
	if p == "" {
		t.Skip("no clang-offload-packager")
	}
	return p
}

func TestInteropPackager(t *testing.T) {
	tool := findPackager(t)
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	img := []byte("\x03\x02\x23\x07spirv!")
	os.WriteFile(p("k.bin"), img, 0o644)
	if out, err := exec.Command(tool, "-o", p("ref.out"), "--image=file="+p("k.bin")+",triple=spir64-unknown-unknown,arch=generic,kind=openmp").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ref, _ := os.ReadFile(p("ref.out"))
	bins, err := ParseAll(ref)
	if err != nil {
		t.Fatalf("reading the packager's output: %v", err)
	}
	if len(bins) != 1 || len(bins[0].Entries) != 1 {
		t.Fatalf("got %+v", bins)
	}
	e := bins[0].Entries[0]
	sort.Slice(e.Strings, func(i, j int) bool { return e.Strings[i].Key < e.Strings[j].Key })
	want := Entry{ImageKind: ImageNone, OffloadKind: OffloadOpenMP, Strings: []String{{"arch", "generic"}, {"triple", "spir64-unknown-unknown"}}, Image: img}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Same header, entry and string-entry placement; only the string
	// table's internal order may differ (LLVM sorts and tail-merges it).
	ours, err := (&Binary{Version: 1, Entries: []Entry{want}}).Bytes(WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ours) != len(ref) || !bytes.Equal(ours[:HeaderSizeV1+EntrySize], ref[:HeaderSizeV1+EntrySize]) {
		t.Errorf("layout differs:\nours:  %x\nclang: %x", ours, ref)
	}
	// The packager extracts from our concatenated version 1 binaries.
	two := []*Binary{{Version: 1, Entries: []Entry{want}}, {Version: 1, Entries: []Entry{{ImageKind: ImageObject, OffloadKind: OffloadOpenMP,
		Strings: []String{{"triple", "x86_64-unknown-linux-gnu"}, {"arch", "generic"}}, Image: []byte("second")}}}}
	data, err := Concat(two, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p("ours.out"), data, 0o644)
	for _, c := range []struct{ triple, want string }{{"spir64-unknown-unknown", string(img)}, {"x86_64-unknown-linux-gnu", "second"}} {
		out := p(strings.Split(c.triple, "-")[0] + ".ext")
		if msg, err := exec.Command(tool, p("ours.out"), "--image=file="+out+",triple="+c.triple+",arch=generic").CombinedOutput(); err != nil {
			t.Fatalf("extract %s: %v\n%s", c.triple, err, msg)
		}
		if got, _ := os.ReadFile(out); string(got) != c.want {
			t.Errorf("%s: extracted %q", c.triple, got)
		}
	}
}
