package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
)

// Actions without a timeout of their own get this one.
const defaultTimeout = 10 * time.Minute

// execute runs one leased action: payload is the Action or its digest.
func (b *bot) execute(ctx context.Context, payload *anypb.Any, lease string) (*repb.ActionResult, error) {
	action := &repb.Action{}
	if payload.MessageIs(action) {
		if err := payload.UnmarshalTo(action); err != nil {
			return nil, err
		}
	} else {
		d := &repb.Digest{}
		if err := payload.UnmarshalTo(d); err != nil {
			return nil, fmt.Errorf("lease payload is neither an Action nor a Digest: %s", payload.TypeUrl)
		}
		if err := b.cas.readProto(ctx, d, action); err != nil {
			return nil, err
		}
	}
	cmd := &repb.Command{}
	if err := b.cas.readProto(ctx, action.CommandDigest, cmd); err != nil {
		return nil, err
	}
	// run.sh's kill test reads which lease a killed worker held.
	b.log.Printf("lease %s: start %s", lease, short(cmd.Arguments))
	root, err := os.MkdirTemp(b.dir, "action-")
	if err != nil {
		return nil, err
	}
	defer func() {
		_ = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err == nil && info.IsDir() {
				_ = os.Chmod(p, 0o755)
			}
			return nil
		})
		_ = os.RemoveAll(root)
	}()
	start := time.Now()
	if err := b.materialize(ctx, action.InputRootDigest, root); err != nil {
		return nil, fmt.Errorf("inputs: %w", err)
	}
	fetched := time.Since(start)
	res, err := b.runCommand(ctx, action, cmd, root)
	if err != nil {
		return nil, err
	}
	b.log.Printf("lease %s: %s exit %d (inputs %v, total %v; uploaded so far %d bytes)", lease, short(cmd.Arguments), res.ExitCode, fetched.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), b.uploaded)
	return res, nil
}

func short(args []string) string {
	if len(args) == 0 {
		return "?"
	}
	s := filepath.Base(args[0])
	if len(args) > 1 {
		s += " " + args[1]
	}
	return s
}

// materialize writes the input tree rooted at d into dir.
func (b *bot) materialize(ctx context.Context, d *repb.Digest, dir string) error {
	type pending struct {
		digest *repb.Digest
		path   string
	}
	type file struct {
		path       string
		digest     *repb.Digest
		executable bool
	}
	var files []file
	level := []pending{{d, dir}}
	for len(level) > 0 {
		var ds []*repb.Digest
		for _, p := range level {
			if _, ok := b.cache.dirs[key(p.digest)]; !ok {
				ds = append(ds, p.digest)
			}
		}
		blobs, err := b.cas.readBlobs(ctx, ds)
		if err != nil {
			return err
		}
		for k, v := range blobs {
			b.cache.dirs[k] = v
		}
		blobs = b.cache.dirs
		var next []pending
		for _, p := range level {
			dir := &repb.Directory{}
			if err := proto.Unmarshal(blobs[key(p.digest)], dir); err != nil {
				return fmt.Errorf("directory %s: %w", key(p.digest), err)
			}
			if err := os.MkdirAll(p.path, 0o755); err != nil {
				return err
			}
			for _, f := range dir.Files {
				if err := checkName(f.Name); err != nil {
					return err
				}
				files = append(files, file{filepath.Join(p.path, f.Name), f.Digest, f.IsExecutable})
			}
			for _, s := range dir.Symlinks {
				if err := checkName(s.Name); err != nil {
					return err
				}
				if err := os.Symlink(s.Target, filepath.Join(p.path, s.Name)); err != nil {
					return err
				}
			}
			for _, sub := range dir.Directories {
				if err := checkName(sub.Name); err != nil {
					return err
				}
				next = append(next, pending{sub.Digest, filepath.Join(p.path, sub.Name)})
			}
		}
		level = next
	}
	// Fetch only what the cache lacks, then link every file from it.
	var ds []*repb.Digest
	want := map[string]bool{}
	for _, f := range files {
		k := key(f.digest)
		if !want[k] && !b.cache.has(f.digest, f.executable) {
			want[k] = true
			ds = append(ds, f.digest)
		}
	}
	blobs, err := b.cas.readBlobs(ctx, ds)
	if err != nil {
		return err
	}
	for _, f := range files {
		if !b.cache.has(f.digest, f.executable) {
			data, ok := blobs[key(f.digest)]
			if !ok {
				return fmt.Errorf("blob %s missing from the fetched inputs", key(f.digest))
			}
			if err := b.cache.put(f.digest, f.executable, data); err != nil {
				return err
			}
		}
		if err := b.cache.link(f.digest, f.executable, f.path); err != nil {
			return err
		}
	}
	return nil
}

// checkName refuses directory entries that would leave the input root.
func checkName(n string) error {
	if n == "" || n == "." || n == ".." || strings.ContainsRune(n, '/') {
		return fmt.Errorf("bad directory entry name %q", n)
	}
	return nil
}

// runCommand runs cmd in root and collects its outputs into an ActionResult.
func (b *bot) runCommand(ctx context.Context, action *repb.Action, cmd *repb.Command, root string) (*repb.ActionResult, error) {
	if len(cmd.Arguments) == 0 {
		return nil, errors.New("command has no arguments")
	}
	wd := filepath.Join(root, cmd.WorkingDirectory)
	outputs := append(append(append([]string{}, cmd.OutputFiles...), cmd.OutputDirectories...), cmd.OutputPaths...)
	for _, o := range outputs {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(wd, o)), 0o755); err != nil {
			return nil, err
		}
	}
	for _, o := range cmd.OutputDirectories {
		if err := os.MkdirAll(filepath.Join(wd, o), 0o755); err != nil {
			return nil, err
		}
	}
	timeout := defaultTimeout
	if t := action.GetTimeout(); t != nil && t.AsDuration() > 0 {
		timeout = t.AsDuration()
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	argv0 := cmd.Arguments[0]
	env := make([]string, 0, len(cmd.EnvironmentVariables))
	path := ""
	for _, e := range cmd.EnvironmentVariables {
		env = append(env, e.Name+"="+e.Value)
		if e.Name == "PATH" {
			path = e.Value
		}
	}
	// A bare program name is looked up on the action's PATH, a relative
	// path against the working directory, as the local strategies do.
	if !strings.ContainsRune(argv0, '/') {
		if p, err := lookPath(argv0, path); err == nil {
			argv0 = p
		}
	} else if !filepath.IsAbs(argv0) {
		argv0 = filepath.Join(wd, argv0)
	}
	c := exec.Command(argv0, cmd.Arguments[1:]...)
	c.Args[0] = cmd.Arguments[0]
	c.Dir = wd
	c.Env = env
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	// Its own process group (a timeout kills the whole command); killed with
	// the worker, so a killed worker leaves nothing running.
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	exit := 0
	if err := c.Start(); err != nil {
		// As a local run would: the command could not start.
		stderr.WriteString(err.Error() + "\n")
		exit = 127
	} else {
		waitErr := make(chan error, 1)
		go func() { waitErr <- c.Wait() }()
		var err error
		select {
		case err = <-waitErr:
		case <-rctx.Done():
			_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			err = <-waitErr
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee):
			exit = ee.ExitCode()
			if exit < 0 {
				exit = 128 + int(ee.Sys().(syscall.WaitStatus).Signal())
			}
		default:
			return nil, err
		}
		if rctx.Err() == context.DeadlineExceeded {
			stderr.WriteString(fmt.Sprintf("worker: action timed out after %v\n", timeout))
			if exit == 0 {
				exit = 124
			}
		}
	}

	u := newUpload()
	res := &repb.ActionResult{ExitCode: int32(exit)}
	res.StdoutDigest = u.addBytes(stdout.Bytes())
	res.StderrDigest = u.addBytes(stderr.Bytes())
	if err := collect(u, res, wd, cmd); err != nil {
		return nil, err
	}
	n, err := b.cas.write(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("uploading outputs: %w", err)
	}
	b.uploaded += n
	return res, nil
}

func lookPath(name, path string) (string, error) {
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found on PATH %q", name, path)
}

// collect adds the outputs the command produced (missing ones are left out,
// as REAPI asks) to res and u.
func collect(u *upload, res *repb.ActionResult, wd string, cmd *repb.Command) error {
	files := append(append([]string{}, cmd.OutputFiles...), cmd.OutputPaths...)
	dirs := append([]string{}, cmd.OutputDirectories...)
	for _, o := range files {
		p := filepath.Join(wd, o)
		st, err := os.Lstat(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		switch {
		case st.Mode()&os.ModeSymlink != 0:
			t, err := os.Readlink(p)
			if err != nil {
				return err
			}
			res.OutputFileSymlinks = append(res.OutputFileSymlinks, &repb.OutputSymlink{Path: o, Target: t})
		case st.IsDir():
			dirs = append(dirs, o)
		default:
			d, err := u.addFile(p)
			if err != nil {
				return err
			}
			res.OutputFiles = append(res.OutputFiles, &repb.OutputFile{Path: o, Digest: d, IsExecutable: st.Mode()&0o111 != 0})
		}
	}
	for _, o := range dirs {
		p := filepath.Join(wd, o)
		st, err := os.Stat(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if !st.IsDir() {
			return fmt.Errorf("output directory %s is not a directory", o)
		}
		tree := &repb.Tree{}
		root, err := treeOf(u, p, tree)
		if err != nil {
			return err
		}
		tree.Root = root
		b, err := proto.MarshalOptions{Deterministic: true}.Marshal(tree)
		if err != nil {
			return err
		}
		res.OutputDirectories = append(res.OutputDirectories, &repb.OutputDirectory{Path: o, TreeDigest: u.addBytes(b)})
	}
	return nil
}

// treeOf builds the Directory of dir, adding its subdirectories to
// tree.Children and its files to u. Entries are sorted by name, as REAPI
// requires.
func treeOf(u *upload, dir string, tree *repb.Tree) (*repb.Directory, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	d := &repb.Directory{}
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		info, err := os.Lstat(p)
		if err != nil {
			return nil, err
		}
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			t, err := os.Readlink(p)
			if err != nil {
				return nil, err
			}
			d.Symlinks = append(d.Symlinks, &repb.SymlinkNode{Name: e.Name(), Target: t})
		case info.IsDir():
			sub, err := treeOf(u, p, tree)
			if err != nil {
				return nil, err
			}
			b, err := proto.MarshalOptions{Deterministic: true}.Marshal(sub)
			if err != nil {
				return nil, err
			}
			tree.Children = append(tree.Children, sub)
			d.Directories = append(d.Directories, &repb.DirectoryNode{Name: e.Name(), Digest: u.addBytes(b)})
		default:
			dg, err := u.addFile(p)
			if err != nil {
				return nil, err
			}
			d.Files = append(d.Files, &repb.FileNode{Name: e.Name(), Digest: dg, IsExecutable: info.Mode()&0o111 != 0})
		}
	}
	return d, nil
}
