// Command foreach runs a tool once per row of a file table and writes a new
// table whose column names the tool's outputs. It plays the role of DPC++'s
// llvm-foreach + file-table-tform pair in the SPIR-V translation step:
//
//	foreach -table=in.table -column=Code -out-table=out.table -out-dir=DIR \
//	    -out-ext=.spv [-jobs=N] -- llvm-spirv {in} -o {out}
//
// {in} is replaced by the row's cell, {out} by DIR/<cell stem><out-ext>.
// With -serve the command is a tools/imagec server (`imagec serve FLAGS`):
// -jobs of them are started once and translate every image in-process,
// instead of one translator process per image. -jobs=0 is one per CPU.
// -shard=I/N handles only the I-th of N contiguous slices of the rows (the
// output table lists those), so that N actions can share a split.
// Outputs appear all or none: each command writes a temporary file that is
// renamed when it succeeds, and a failure removes every output of the run.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/imagec"
)

type options struct {
	table, column, outTable, outDir, outExt string
	jobs                                    int
	serve                                   bool
	shard, shards                           int
	command                                 []string
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("foreach", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	fs.StringVar(&o.table, "table", "", "input file table")
	fs.StringVar(&o.column, "column", "Code", "column whose cells are the inputs, replaced by the outputs")
	fs.StringVar(&o.outTable, "out-table", "", "output file table")
	fs.StringVar(&o.outDir, "out-dir", "", "directory for the outputs")
	fs.StringVar(&o.outExt, "out-ext", "", "extension replacing each input's extension")
	fs.IntVar(&o.jobs, "jobs", 1, "commands run at once (0: one per CPU)")
	fs.BoolVar(&o.serve, "serve", false, "the command is an imagec server translating every image (see tools/imagec)")
	shard := fs.String("shard", "0/1", "I/N: only the I-th (from 0) of N contiguous slices of the rows")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.command = fs.Args()
	if _, err := fmt.Sscanf(*shard, "%d/%d", &o.shard, &o.shards); err != nil || o.shards < 1 || o.shard < 0 || o.shard >= o.shards || fmt.Sprintf("%d/%d", o.shard, o.shards) != *shard {
		return nil, fmt.Errorf("-shard=%s: want I/N with 0 <= I < N", *shard)
	}
	switch {
	case o.table == "" || o.outTable == "" || o.outDir == "":
		return nil, errors.New("-table, -out-table and -out-dir are required")
	case len(o.command) == 0:
		return nil, errors.New("no command given after --")
	case o.jobs < 0:
		return nil, fmt.Errorf("-jobs=%d: must be at least 0", o.jobs)
	}
	if o.jobs == 0 {
		o.jobs = runtime.NumCPU()
	}
	return o, nil
}

// outputName maps an input cell to its output path: same stem, new extension.
func outputName(o *options, in string) string {
	base := filepath.Base(in)
	return filepath.Join(o.outDir, strings.TrimSuffix(base, filepath.Ext(base))+o.outExt)
}

func expand(command []string, in, out string) []string {
	r := strings.NewReplacer("{in}", in, "{out}", out)
	argv := make([]string, len(command))
	for i, a := range command {
		argv[i] = r.Replace(a)
	}
	return argv
}

// runOne runs the command for one input (or, with a pool, sends it to an
// imagec server), writing to a temporary name that is renamed to out on
// success.
func runOne(command []string, pool *imagec.Pool, in, out string) error {
	tmp := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".tmp")
	if pool != nil {
		if err := pool.Translate(in, tmp); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("%s: %v", in, err)
		}
		return publish(command, in, tmp, out)
	}
	argv := expand(command, in, tmp)
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		msg := strings.TrimSpace(stderr.String())
		if msg != "" {
			msg = ": " + strings.ReplaceAll(msg, "\n", "; ")
		}
		return fmt.Errorf("%s: %s failed (%v)%s", in, filepath.Base(argv[0]), err, msg)
	}
	return publish(command, in, tmp, out)
}

func publish(command []string, in, tmp, out string) error {
	if _, err := os.Stat(tmp); err != nil {
		return fmt.Errorf("%s: %s wrote no output", in, filepath.Base(command[0]))
	}
	if err := os.Rename(tmp, out); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", out, err)
	}
	return nil
}

func run(o *options) error {
	data, err := os.ReadFile(o.table)
	if err != nil {
		return err
	}
	t, err := filetable.Parse(data, o.table)
	if err != nil {
		return err
	}
	col, ok := t.ColumnIndex(o.column)
	if !ok {
		return fmt.Errorf("%s: no column %q", o.table, o.column)
	}
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return err
	}
	// This shard's contiguous slice of the rows.
	if o.shards == 0 {
		o.shard, o.shards = 0, 1
	}
	lo, hi := len(t.Rows)*o.shard/o.shards, len(t.Rows)*(o.shard+1)/o.shards
	t.Rows = t.Rows[lo:hi]

	outs := make([]string, len(t.Rows))
	seen := make(map[string]string, len(t.Rows))
	for i, row := range t.Rows {
		outs[i] = outputName(o, row[col])
		if prev, dup := seen[outs[i]]; dup {
			return fmt.Errorf("%s: %s and %s would both write %s", o.table, prev, row[col], outs[i])
		}
		seen[outs[i]] = row[col]
	}

	var pool *imagec.Pool
	if o.serve {
		pool = imagec.NewPool(o.command[0], o.command[1:], o.jobs)
	}
	errs := make([]error, len(t.Rows))
	sem := make(chan struct{}, o.jobs)
	var wg sync.WaitGroup
	for i, row := range t.Rows {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, in string) {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = runOne(o.command, pool, in, outs[i])
		}(i, row[col])
	}
	wg.Wait()
	var closeErr error
	if pool != nil {
		closeErr = pool.Close()
	}

	var created atomicfile.Set
	var firstErr error
	for i, err := range errs {
		if err == nil {
			created.Created(outs[i])
		} else if firstErr == nil {
			firstErr = err
		}
	}
	if firstErr == nil {
		firstErr = closeErr
	}
	if firstErr != nil {
		created.RemoveAll()
		return firstErr
	}

	for i := range t.Rows {
		t.Rows[i][col] = outs[i]
	}
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		created.RemoveAll()
		return err
	}
	if err := atomicfile.WriteFile(o.outTable, buf.Bytes()); err != nil {
		created.RemoveAll()
		return err
	}
	return nil
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if err == flag.ErrHelp {
		os.Exit(0)
	}
	if err == nil {
		err = run(o)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "foreach: %v\n", err)
		os.Exit(1)
	}
}
