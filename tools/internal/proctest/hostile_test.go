package proctest

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// TestMain: in a run as the tool, main allocates and touches os.Args[1]
// MiB, then fails with one line.
func TestMain(m *testing.M) {
	RunTests(m, func() {
		n, _ := strconv.Atoi(os.Args[len(os.Args)-1])
		b := make([]byte, n<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Fprintf(os.Stderr, "fake: allocated %d MiB\n", len(b)>>20)
		os.Exit(1)
	})
}

// Measure sees the tool's own peak RSS: 200 MiB touched is at least that,
// and a tool that allocates nothing stays small although this test
// process holds 300 MiB (a child started directly would report the
// parent's peak: Linux keeps it across execve).
func TestMeasure(t *testing.T) {
	if r := Measure(t, 60*time.Second, nil, []string{"200"}); r.MaxRSS < 200<<20 || r.ExitCode != 1 || r.Stderr != "fake: allocated 200 MiB\n" {
		t.Errorf("200 MiB: %+v", r)
	}
	held := make([]byte, 300<<20)
	for i := 0; i < len(held); i += 4096 {
		held[i] = 1
	}
	r := Refused(t, 60*time.Second, nil, []string{"0"}, "fake: allocated 0 MiB")
	if r.MaxRSS > 50<<20 {
		t.Errorf("0 MiB under a 300 MiB test process: peak RSS %d MiB", r.MaxRSS>>20)
	}
	held[0] = 2
}
