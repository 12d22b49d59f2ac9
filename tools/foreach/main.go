// Command foreach runs a tool once per row of a file table and writes a new
// table whose column names the tool's outputs. It plays the role of DPC++'s
// llvm-foreach + file-table-tform pair in the SPIR-V translation step:
//
//	foreach -table=in.table -column=Code -out-table=out.table -out-dir=DIR \
//	    -out-ext=.spv [-jobs=N] -- llvm-spirv {in} -o {out}
//
// {in} is replaced by the row's cell, {out} by DIR/<cell stem><out-ext> and
// {stem} by the cell's stem (its base name without extension), which names
// the same image's outputs of other per-image steps (fatbinary reads each
// architecture's <stem>.cubin); {Symbols} and {Properties} by the row's
// cells of those columns, the image's entry points and property sets
// (tools/gpuaot checks each zebin against the first, reads the second).
// With -serve the command is a tools/imagec server (`imagec serve FLAGS`):
// -jobs of them are started once and translate every image in-process,
// instead of one translator process per image. -serve=codegen: the command
// is tools/imagec/codegen.cc's server (`imagec_codegen serve LLC_FLAGS`),
// which runs a backend as llc would over every image. -jobs=0 is one per
// CPU.
// Commands after a --then word run next for each row, in order, each
// rewriting {out} in place: a fix-up after a translator (the SYCL C++ device
// link's tools/spirvdedup after llvm-spirv) stays in the same action, with
// no second copy of every image.
// -shard=I/N handles only the I-th of N contiguous slices of the rows (the
// output table lists those), so that N actions can share a split.
// -left-out-status=N: a command exiting with N wrote nothing on purpose
// (tools/gpuaot: 3, an image the Intel GPU does not get), and its row is
// left out of the output table.
// Outputs appear all or none: commands write into a staging directory in
// DIR, and the outputs and the table are moved into place together when
// every command succeeded (see atomicfile.Staging). A failed or
// interrupted run leaves the previous outputs as they were, removes the
// -out-dir it created, and kills the commands (and imagec servers) it
// started.
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
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/imagec"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

type options struct {
	table, column, outTable, outDir, outExt string
	jobs                                    int
	serve                                   serveMode
	shard, shards                           int
	// leftOut: a command exiting with this status (0: none) wrote no
	// output by design, and its row is left out of the output table.
	leftOut int
	// command runs first for a row; then are the commands run after it,
	// in order, each rewriting the row's output in place.
	command []string
	then    [][]string
}

// thenWord separates the commands run one after another for each row.
const thenWord = "--then"

const synopsis = `usage: foreach -table=IN.table [-column=Code] -out-table=OUT.table -out-dir=DIR
               [-out-ext=EXT] [-jobs=N] [-serve[=spirv|codegen]] [-shard=I/N]
               [-left-out-status=N] -- COMMAND ARGS... [--then COMMAND ARGS...]...

runs COMMAND once per row of a file table ({in}, {out} and {stem} stand for
the row's input, its output and its stem; {Symbols} and {Properties} for
its cells of those columns) and writes the table of outputs. Each command
after --then runs next for the row and rewrites {out} in place.`

func parseFlags(args []string) (*options, error) {
	fs := flag.NewFlagSet("foreach", flag.ContinueOnError)
	// Errors are one line (the caller prints them); -h, -help and --help
	// print the usage on standard output.
	fs.SetOutput(io.Discard)
	o := &options{}
	fs.StringVar(&o.table, "table", "", "input file table")
	fs.StringVar(&o.column, "column", "Code", "column whose cells are the inputs, replaced by the outputs")
	fs.StringVar(&o.outTable, "out-table", "", "output file table")
	fs.StringVar(&o.outDir, "out-dir", "", "directory for the outputs")
	fs.StringVar(&o.outExt, "out-ext", "", "extension replacing each input's extension")
	fs.IntVar(&o.jobs, "jobs", 1, "commands run at once (0: one per CPU)")
	fs.Var(&o.serve, "serve", "the command is an imagec server: translating every image (-serve, -serve=spirv) or running a backend over it (-serve=codegen; see tools/imagec)")
	shard := fs.String("shard", "0/1", "I/N: only the I-th (from 0) of N contiguous slices of the rows")
	fs.IntVar(&o.leftOut, "left-out-status", 0, "a command exiting with this status wrote nothing on purpose: its row is left out of the output table (tools/gpuaot: 3, an image the device does not get)")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	commands := [][]string{nil}
	for _, a := range fs.Args() {
		if a == thenWord {
			commands = append(commands, nil)
			continue
		}
		commands[len(commands)-1] = append(commands[len(commands)-1], a)
	}
	o.command, o.then = commands[0], commands[1:]
	for _, c := range o.then {
		if len(c) == 0 || len(o.command) == 0 {
			return nil, fmt.Errorf("%s: a command on each side, none empty", thenWord)
		}
	}
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
	case o.leftOut != 0 && (o.leftOut < 2 || o.leftOut > 125):
		return nil, fmt.Errorf("-left-out-status=%d: want a status from 2 to 125 (0, 1 and the shell's 126+ mean other things)", o.leftOut)
	case o.leftOut != 0 && o.serve != "":
		return nil, errors.New("-left-out-status takes a command, not an imagec server (-serve)")
	case len(o.then) > 0 && o.serve != "":
		return nil, fmt.Errorf("%s takes commands, not an imagec server (-serve)", thenWord)
	}
	if o.jobs == 0 {
		o.jobs = runtime.NumCPU()
	}
	return o, nil
}

// serveMode is -serve's request: "" (no server), "spirv" (also plain
// -serve) or "codegen".
type serveMode string

func (m *serveMode) String() string { return string(*m) }

// IsBoolFlag lets -serve stand alone, meaning -serve=spirv.
func (m *serveMode) IsBoolFlag() bool { return true }

func (m *serveMode) Set(v string) error {
	switch v {
	case "true", "spirv":
		*m = "spirv"
	case "false":
		*m = ""
	case "codegen":
		*m = "codegen"
	default:
		return fmt.Errorf("want spirv or codegen, not %q", v)
	}
	return nil
}

// outputName maps an input cell to its output path: same stem, new
// extension. A cell whose output name would not be a file in -out-dir
// (".", "x/..", "" with an empty -out-ext) is an error.
func outputName(o *options, in string) (string, error) {
	name := stem(in) + o.outExt
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return "", fmt.Errorf("%q names no file: its output would be %q in -out-dir", in, name)
	}
	return filepath.Join(o.outDir, name), nil
}

// names says whether a command's arguments name a placeholder.
func names(command []string, placeholder string) bool {
	for _, a := range command {
		if strings.Contains(a, placeholder) {
			return true
		}
	}
	return false
}

// stem is a cell's base name without its extension.
func stem(in string) string {
	base := filepath.Base(in)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

func expand(command []string, in, out string, cells map[string]string) []string {
	pairs := []string{"{in}", in, "{out}", out, "{stem}", stem(in)}
	for col, cell := range cells {
		pairs = append(pairs, "{"+col+"}", cell)
	}
	r := strings.NewReplacer(pairs...)
	argv := make([]string, len(command))
	for i, a := range command {
		argv[i] = r.Replace(a)
	}
	return argv
}

// children are the commands running now, by process id, so that an
// interrupted foreach can kill them (and what they started).
type children struct {
	mu      sync.Mutex
	pids    map[int]*exec.Cmd
	stopped bool
}

// start starts cmd unless the run was interrupted.
func (c *children) start(cmd *exec.Cmd) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return errors.New("interrupted")
	}
	// A process group of its own (what it starts is killed with it),
	// killed too if foreach dies without the chance to.
	if err := childproc.Start(cmd); err != nil {
		return err
	}
	c.pids[cmd.Process.Pid] = cmd
	return nil
}

func (c *children) done(pid int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pids, pid)
}

// killAll kills every running command's process group and starts no more.
func (c *children) killAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopped = true
	for _, cmd := range c.pids {
		childproc.Kill(cmd)
	}
}

// errLeftOut: the command exited with -left-out-status and wrote nothing.
var errLeftOut = errors.New("left out")

// runRow runs the commands for one input: the first (or, with a pool, an
// imagec server) writes tmp (in the staging directory), each later one
// rewrites it.
func runRow(o *options, pool *imagec.Pool, in string, cells map[string]string, tmp string, kids *children) error {
	if err := runOne(o.command, o.serve, pool, in, cells, tmp, kids, o.leftOut); err != nil {
		return err
	}
	for _, command := range o.then {
		if err := runOne(command, "", nil, in, cells, tmp, kids, 0); err != nil {
			return err
		}
	}
	return nil
}

// runOne runs a command for one input (or, with a pool, sends it to an
// imagec server), writing to tmp (in the staging directory).
func runOne(command []string, mode serveMode, pool *imagec.Pool, in string, cells map[string]string, tmp string, kids *children, leftOut int) error {
	if pool != nil {
		request := pool.Translate
		if mode == "codegen" {
			request = pool.Codegen
		}
		if err := request(in, tmp); err != nil {
			return fmt.Errorf("%s: %v", in, err)
		}
		return wrote(command, in, tmp)
	}
	argv := expand(command, in, tmp, cells)
	cmd := exec.Command(argv[0], argv[1:]...)
	// Bounded as every tool's children: a timeout, and of the output
	// (one line of which the error shows) 64 KiB kept.
	stderr := childproc.NewCapped(childproc.Limits{})
	cmd.Stdout = stderr
	cmd.Stderr = stderr
	err := kids.start(cmd)
	if err == nil {
		err = childproc.Wait(cmd, childproc.Limits{})
		kids.done(cmd.Process.Pid)
	}
	var exit *exec.ExitError
	if leftOut != 0 && errors.As(err, &exit) && exit.ExitCode() == leftOut {
		if _, serr := os.Lstat(tmp); serr == nil {
			return fmt.Errorf("%s: %s exited %d (nothing written) but wrote %s", in, filepath.Base(argv[0]), leftOut, filepath.Base(tmp))
		}
		return errLeftOut
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg != "" {
			msg = ": " + strings.ReplaceAll(msg, "\n", "; ")
		}
		return fmt.Errorf("%s: %s failed (%v)%s", in, filepath.Base(argv[0]), err, msg)
	}
	return wrote(command, in, tmp)
}

// wrote checks that the command for in wrote tmp.
func wrote(command []string, in, tmp string) error {
	if _, err := os.Stat(tmp); err != nil {
		return fmt.Errorf("%s: %s wrote no output", in, filepath.Base(command[0]))
	}
	return nil
}

// mkdirAll is os.MkdirAll returning the directories it created, outermost
// first.
func mkdirAll(dir string) ([]string, error) {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append([]string{d}, missing...)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return missing, nil
}

// removeDirs removes directories this run created, innermost first, if
// they are empty (os.Remove leaves anything else alone).
func removeDirs(dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i])
	}
}

func run(o *options) (err error) {
	data, err := inputfile.Read(o.table, inputfile.FileTable)
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
	// {Symbols}, {Properties}: the row's cell of that column (the image's
	// entry points, its property sets), which a command may read beside
	// the image (tools/gpuaot -kernels, -properties).
	cellCols := map[string]int{}
	for _, name := range []string{filetable.ColumnSymbols, filetable.ColumnProperties} {
		named := names(o.command, "{"+name+"}")
		for _, c := range o.then {
			named = named || names(c, "{"+name+"}")
		}
		if !named {
			continue
		}
		i, ok := t.ColumnIndex(name)
		if !ok {
			return fmt.Errorf("%s: the command names {%s}, but the table has no %s column", o.table, name, name)
		}
		cellCols[name] = i
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
		if outs[i], err = outputName(o, row[col]); err != nil {
			return fmt.Errorf("%s: row %d: %v", o.table, i+1, err)
		}
		if prev, dup := seen[outs[i]]; dup {
			return fmt.Errorf("%s: %s and %s would both write %s", o.table, prev, row[col], outs[i])
		}
		seen[outs[i]] = row[col]
	}
	created, err := mkdirAll(o.outDir)
	if err != nil {
		return err
	}
	stage := atomicfile.NewStaging()
	kids := &children{pids: map[int]*exec.Cmd{}}
	var pool *imagec.Pool
	if o.serve != "" {
		pool = imagec.NewPool(o.command[0], o.command[1:], o.jobs)
	}
	abort := func() {
		kids.killAll()
		if pool != nil {
			pool.Kill()
		}
		stage.Abort()
		removeDirs(created)
	}
	defer atomicfile.CleanupOnSignal(abort)()
	defer func() {
		if err != nil {
			abort()
		}
	}()
	tmps := make([]string, len(t.Rows))
	for i := range t.Rows {
		if tmps[i], err = stage.Path(outs[i]); err != nil {
			return err
		}
	}

	errs := make([]error, len(t.Rows))
	sem := make(chan struct{}, o.jobs)
	var wg sync.WaitGroup
	for i, row := range t.Rows {
		cells := make(map[string]string, len(cellCols))
		for name, c := range cellCols {
			if cells[name] = row[c]; cells[name] == "" {
				return fmt.Errorf("%s: row %d: the command names {%s}, but the row's %s cell is empty", o.table, i+1, name, name)
			}
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, in string, cells map[string]string) {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = runRow(o, pool, in, cells, tmps[i], kids)
		}(i, row[col], cells)
	}
	wg.Wait()
	var closeErr error
	if pool != nil {
		closeErr = pool.Close()
	}
	for _, err := range errs {
		if err != nil && err != errLeftOut {
			return err
		}
	}
	if closeErr != nil {
		return closeErr
	}

	kept := t.Rows[:0]
	for i, row := range t.Rows {
		if errs[i] == errLeftOut {
			stage.Release(outs[i])
			continue
		}
		row[col] = outs[i]
		kept = append(kept, row)
	}
	t.Rows = kept
	var buf bytes.Buffer
	if err := t.Write(&buf); err != nil {
		return err
	}
	if err := stage.WriteFile(o.outTable, buf.Bytes()); err != nil {
		return err
	}
	return stage.Commit()
}

// With --persistent_worker, foreach serves Bazel's work requests (see
// tools/internal/worker).
func main() { os.Exit(worker.Main("foreach", os.Args[1:], handle)) }

// handle is one foreach run, a one-shot one or a work request.
func handle(args []string, stdio worker.Stdio) int {
	o, err := parseFlags(args)
	if usage.Print(stdio.Stdout, err) {
		return 0
	}
	if err == nil {
		err = run(o)
	}
	if err != nil {
		fmt.Fprintln(stdio.Stderr, errtext.ToolLine("foreach", err.Error()))
		return 1
	}
	return 0
}
