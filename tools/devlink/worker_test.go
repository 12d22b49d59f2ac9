package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
	"google.golang.org/protobuf/encoding/protowire"
)

// TestMain lets the test binary act as the devlink command, one-shot or as
// a persistent worker.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

func writeParams(t *testing.T, path string, args []string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(args, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWorkerMatchesOneShot runs the devlink binary one-shot (a param file,
// as a sandboxed, local or remote spawn runs it) and then as a persistent
// worker serving the same actions plus failing ones, and compares what each
// wrote and answered. Paths are absolute: the child's test main may change
// directory.
func TestWorkerMatchesOneShot(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	writeTUs(t, dir)
	p := func(n string) string { return filepath.Join(dir, n) }
	var program []string
	for _, o := range []string{"c", "a", "b", "d", "e"} {
		program = append(program, "-object", p(o+".bc"), "-summary", p(o+".summary"))
	}
	writeParams(t, p("program.tus"), program)

	// The actions: a summary and two per-TU links, as the rules write them
	// (the last argument of a link is the program's TU list).
	actions := [][]string{
		{"-summarize", "-o", p("a.summary2"), p("a.bc")},
		{"-linker=llvm-link-15", "-tu", p("a.bc"), "-tu-summary", p("a.summary"), "-o", p("a.linked.bc"), "-unused-inputs", p("a.unused"), "@" + p("program.tus")},
		{"-linker=llvm-link-15", "-tu", p("b.bc"), "-tu-summary", p("b.summary"), "-o", p("b.linked.bc"), "-unused-inputs", p("b.unused"), "@" + p("program.tus")},
	}
	outputs := []string{"a.summary2", "a.linked.bc", "a.unused", "b.linked.bc", "b.unused"}
	oneShot := map[string][]byte{}
	for i, args := range actions {
		params := p(strings.Repeat("x", i+1) + ".params")
		writeParams(t, params, args)
		if out, err := proctest.Command("@" + params).CombinedOutput(); err != nil {
			t.Fatalf("one-shot devlink @%s: %v: %s", params, err, out)
		}
	}
	for _, o := range outputs {
		data, err := os.ReadFile(p(o))
		if err != nil {
			t.Fatal(err)
		}
		oneShot[o] = data
		if err := os.Remove(p(o)); err != nil {
			t.Fatal(err)
		}
	}

	// The worker: Bazel sends the param file's lines, and may or may not
	// have expanded the TU list in them too (request 3 has it expanded).
	expanded := append(append([]string{}, actions[2][:len(actions[2])-1]...), program...)
	requests := []*worker.Request{
		{Arguments: actions[0], RequestID: 0},
		{Arguments: []string{"-linker=llvm-link-15", "-tu", p("missing.bc"), "-tu-summary", p("a.summary"), "-o", p("m.bc"), "-unused-inputs", p("m.unused"), "@" + p("program.tus")}},
		{Arguments: actions[1]},
		{Arguments: expanded},
		{Arguments: []string{"-o"}},
	}
	var in bytes.Buffer
	for _, r := range requests {
		msg := worker.EncodeRequest(r)
		in.Write(protowire.AppendVarint(nil, uint64(len(msg))))
		in.Write(msg)
	}
	cmd := proctest.Command("--persistent_worker")
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("worker: %v; stderr: %s", err, stderr.String())
	}
	var got []worker.Response
	r := bufio.NewReader(&stdout)
	for {
		resp, err := worker.ReadResponse(r)
		if err != nil {
			break
		}
		got = append(got, *resp)
	}
	if rest, _ := r.Peek(1); len(rest) != 0 {
		t.Errorf("stdout holds bytes that are no WorkResponse after %d responses", len(got))
	}
	want := []worker.Response{
		{},
		{ExitCode: 1, Output: "devlink: " + p("missing.bc") + ": llvm-link-15: exit status 1: ...\n"},
		{},
		{},
		{ExitCode: 1, Output: "devlink: flag needs an argument: -o\n"},
	}
	// llvm-link's own words vary with its version: one line is what counts.
	if len(got) > 1 {
		if msg := got[1].Output; strings.Count(msg, "\n") == 1 && strings.HasPrefix(msg, strings.TrimSuffix(want[1].Output, "...\n")) {
			got[1].Output = want[1].Output
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("responses (-want +got):\n%s", diff)
	}
	for _, o := range outputs {
		data, err := os.ReadFile(p(o))
		if err != nil {
			t.Errorf("worker: %v", err)
			continue
		}
		if !bytes.Equal(data, oneShot[o]) {
			t.Errorf("%s: the worker's bytes differ from the one-shot run's", o)
		}
	}
	for _, o := range []string{"m.bc", "m.unused"} {
		if _, err := os.Stat(p(o)); err == nil {
			t.Errorf("the failed request left %s behind", o)
		}
	}
}
